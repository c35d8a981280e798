"""Every refusal of the app's API in one shape (docs/behaviour.md#api-errors):
`{"error": {"message": "…", "code": <int or string>, "fields": {…}}}`, the message in the
request's language (Accept-Language, else Polish).

Services raise `ApplicationError` as for the web pages; here, and only here, it becomes
the API's answer. Ninja's own refusals (a body it cannot parse or validate, a missing or
dead token) and Django's (Http404, a malformed body) get the same shape.
"""

import logging
from typing import Any

from django.core.exceptions import BadRequest, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, AuthorizationError, HttpError, ValidationError

from app.core.errors import ApplicationError, default_message

logger = logging.getLogger("django.request")

# Refusals of something already used (a voucher, an invitation) are conflicts (409).
CONFLICT_CODES = frozenset({"used", "used_up", "already_redeemed"})
# An invitation sent to another account: the app reads code 404 (docs/behaviour.md#api-errors).
WRONG_ACCOUNT = "404"
# A limit's window is a minute for most actions: the app may try again after it.
RETRY_AFTER_SECONDS = 60


def error_answer(
    *,
    status: int,
    message: str | None = None,
    code: int | str | None = None,
    fields: dict[str, str] | None = None,
) -> JsonResponse:
    body: dict[str, Any] = {
        "message": message or default_message(status),
        "code": code if code is not None else status,
    }
    if fields:
        body["fields"] = fields
    response = JsonResponse({"error": body}, status=status)
    if status == 429:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def application_error(request: HttpRequest, error: ApplicationError) -> HttpResponse:
    status, code = error.status, error.code
    if code == WRONG_ACCOUNT:
        return error_answer(status=404, message=error.message, code=404)
    if code in CONFLICT_CODES:
        status = 409
    return error_answer(status=status, message=error.message, code=code, fields=error.fields)


def _field_name(location: tuple[Any, ...]) -> str:
    # ("body", "payload", "login") → "login"; ("query", "username") → "username".
    names = [str(part) for part in location if not isinstance(part, int)]
    return names[-1] if len(names) > 1 else (names[0] if names else "")


def _field_message(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    if kind == "extra_forbidden":
        return _("Nieznane pole.")
    if kind == "missing":
        return _("To pole jest wymagane.")
    if kind in ("string_too_long", "too_long"):
        return _("Wartość jest za długa.")
    return _("Nieprawidłowa wartość pola.")


def validation_error(request: HttpRequest, error: ValidationError) -> HttpResponse:
    fields: dict[str, str] = {}
    for item in error.errors:
        fields.setdefault(_field_name(tuple(item.get("loc", ()))), _field_message(item))
    fields.pop("", None)
    message = next(iter(fields.values()), default_message(400))
    return error_answer(status=400, message=message, code="invalid", fields=fields)


def authentication_error(request: HttpRequest, error: Exception) -> HttpResponse:
    return error_answer(status=401, code="unauthenticated")


def forbidden(request: HttpRequest, error: Exception) -> HttpResponse:
    return error_answer(status=403, code="forbidden")


def not_found(request: HttpRequest, error: Exception) -> HttpResponse:
    return error_answer(status=404, code="not_found")


def bad_request(request: HttpRequest, error: Exception) -> HttpResponse:
    message = str(error) if isinstance(error, BadRequest) and str(error) else None
    return error_answer(status=400, message=message, code="invalid")


def http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
    return error_answer(status=error.status_code, code=error.status_code)


def server_error(request: HttpRequest, error: Exception) -> HttpResponse:
    # Still logged and reported: Django's handler never sees it, so log it here.
    logger.error("Internal Server Error: %s", request.path, exc_info=error)
    return error_answer(status=500, code=500)


def install(api: NinjaAPI) -> None:
    # Ninja's stubs type each handler by its exception class; these take the instance.
    api.add_exception_handler(ApplicationError, application_error)  # type: ignore[arg-type]
    api.add_exception_handler(ValidationError, validation_error)  # type: ignore[arg-type]
    api.add_exception_handler(AuthenticationError, authentication_error)  # type: ignore[arg-type]
    api.add_exception_handler(AuthorizationError, forbidden)  # type: ignore[arg-type]
    api.add_exception_handler(PermissionDenied, forbidden)  # type: ignore[arg-type]
    api.add_exception_handler(Http404, not_found)  # type: ignore[arg-type]
    api.add_exception_handler(BadRequest, bad_request)  # type: ignore[arg-type]
    api.add_exception_handler(HttpError, http_error)  # type: ignore[arg-type]
    api.add_exception_handler(Exception, server_error)  # type: ignore[arg-type]
