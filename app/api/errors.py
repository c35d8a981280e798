"""Every refusal and failure of the API's operations, web and app alike, as the one error
body of app.core.errors (`json_error`): `{"error": {"message", "code", "fields"?}}`, the
message in the request's language, the status the error itself decides.

Services raise `ApplicationError` as for the pages; ninja's own refusals (a body it cannot
parse or validate, a missing or dead token), Django's (Http404, a malformed body) and an
outage of PostgreSQL or of the Redis of the limits (503, as the pages answer it) take the
same shape. These handlers only say which status and code each kind of exception means.
"""

import logging
from typing import Any

from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, AuthorizationError, HttpError, ValidationError

from app.core.errors import (
    ApplicationError,
    application_error_json,
    default_message,
    is_outage,
    json_error,
    outage_json,
)

logger = logging.getLogger("django.request")


def application_error(request: HttpRequest, error: ApplicationError) -> HttpResponse:
    return application_error_json(error)


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
    return json_error(status=400, message=message, code="invalid", fields=fields)


def authentication_error(request: HttpRequest, error: Exception) -> HttpResponse:
    return json_error(status=401, code="unauthenticated")


def forbidden(request: HttpRequest, error: Exception) -> HttpResponse:
    return json_error(status=403, code="forbidden")


def not_found(request: HttpRequest, error: Exception) -> HttpResponse:
    return json_error(status=404, code="not_found")


def bad_request(request: HttpRequest, error: Exception) -> HttpResponse:
    message = str(error) if isinstance(error, BadRequest) and str(error) else None
    return json_error(status=400, message=message, code="invalid")


def http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
    # Ninja's own: a body it cannot parse (400), and the like.
    return json_error(status=error.status_code)


def server_error(request: HttpRequest, error: Exception) -> HttpResponse:
    if is_outage(error):
        logger.error("Service unavailable: %r", error)
        return outage_json()
    # Still logged and reported: Django's handler never sees it, so log it here.
    logger.error("Internal Server Error: %s", request.path, exc_info=error)
    return json_error(status=500)


def install(api: NinjaAPI) -> None:
    # Ninja's stubs type each handler by its exception class; these take the instance.
    api.add_exception_handler(ApplicationError, application_error)  # type: ignore[arg-type]
    api.add_exception_handler(ValidationError, validation_error)  # type: ignore[arg-type]
    api.add_exception_handler(AuthenticationError, authentication_error)  # type: ignore[arg-type]
    api.add_exception_handler(AuthorizationError, forbidden)  # type: ignore[arg-type]
    api.add_exception_handler(PermissionDenied, forbidden)  # type: ignore[arg-type]
    api.add_exception_handler(Http404, not_found)  # type: ignore[arg-type]
    api.add_exception_handler(BadRequest, bad_request)  # type: ignore[arg-type]
    # A form body over Django's upload limits, and the like: bad input, as Django has it.
    api.add_exception_handler(SuspiciousOperation, bad_request)  # type: ignore[arg-type]
    api.add_exception_handler(HttpError, http_error)  # type: ignore[arg-type]
    api.add_exception_handler(Exception, server_error)  # type: ignore[arg-type]
