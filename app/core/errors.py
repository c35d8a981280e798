"""One domain error, and one way to answer any error in the shape the caller understands.

Services raise `ApplicationError`; no view catches it. `ApplicationErrorMiddleware` turns
it into the answer of the caller (docs/behaviour.md#error-answers), and the API's exception handlers
(app.api.errors) do the same for its operations:
- a JSON call (any operation of the API, web or app) gets the one error body,
  `{"error": {"message", "code", "fields"?}}`, written by `json_error` only, with the
  status the error itself decides (`ApplicationError.status`);
- a form submitted by a page (Inertia or a classic post) goes back to its form page with
  the `errors` prop: the field messages, or the message under "form";
- anything else (a page opened by GET) gets the error page with the status.
A view names its form page with `@errors_return_to`; without it, the form page is the
address the form was posted to.

Inertia visits answered with an error status get the JSON error body too, so the app's
error handler shows the server's message in a dialog; only a visit answered 404 still
renders the not-found page, since the catalogue has no dialog for it.
"""

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.db import InterfaceError, OperationalError
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext as _

from app.core.inertia import FORM_ERROR_KEY, form_errors, render_page, stash_errors
from app.core.props import ErrorPageProps
from app.core.redis_cache import CacheUnavailable
from app.core.requests import is_inertia, wants_json

View = Callable[..., HttpResponseBase]
logger = logging.getLogger("platforma.errors")

# The form page's errors key carrying the error's code beside its message, for the pages
# that tell refusals apart (`errors_return_to(..., with_code=True)`).
ERROR_CODE_KEY = "code"


class ApplicationError(Exception):
    """Something the user asked for that the platform refuses, with the reason to show.

    `message` is for the person (translated), `code` for the program (the voucher's
    "used_up", an invitation's "404"), `status` the HTTP status of the refusal, decided
    here and nowhere else (409 for what is already used, 404 for an invitation sent to
    another account, 429 for a limit), `fields` the messages of single form fields,
    when the reason belongs to them, and `retry_after` the seconds until a limit lets
    the action through again (a 429's Retry-After).
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "invalid",
        status: int = 400,
        fields: Mapping[str, str] | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.fields = dict(fields or {})
        self.retry_after = retry_after

    def page_errors(self, *, with_code: bool = False) -> dict[str, str]:
        """The form page's `errors` prop: the field messages, else the message as "form";
        with the code under "code" for a page that tells refusals apart by it."""
        errors = dict(self.fields) if self.fields else {FORM_ERROR_KEY: self.message}
        if with_code:
            errors.setdefault(FORM_ERROR_KEY, self.message)
            errors[ERROR_CODE_KEY] = self.code
        return errors


def error_body(
    *, message: str, code: int | str, fields: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """`{"error": {"message", "code", "fields"?}}`. A code that is a status number goes out
    as a number (the app compares an invitation's `error.code` with 404:
    docs/behaviour.md#api-errors)."""
    detail: dict[str, Any] = {
        "message": message,
        "code": int(code) if isinstance(code, str) and code.isdigit() else code,
    }
    if fields:
        detail["fields"] = dict(fields)
    return {"error": detail}


def json_error(
    *,
    status: int,
    message: str | None = None,
    code: int | str | None = None,
    fields: Mapping[str, str] | None = None,
    retry_after: int | None = None,
) -> JsonResponse:
    """The one JSON answer of every refusal and failure, for the API's operations, the
    pages' JSON calls and Inertia visits alike: the error body with `status` (and, for a
    limit, the seconds until it lets the action through again in Retry-After)."""
    response = JsonResponse(
        error_body(
            message=message or default_message(status),
            code=code if code is not None else status,
            fields=fields,
        ),
        status=status,
    )
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def application_error_json(error: ApplicationError) -> JsonResponse:
    return json_error(
        status=error.status,
        message=error.message,
        code=error.code,
        fields=error.fields,
        retry_after=error.retry_after,
    )


def form_refusal(errors: Mapping[str, str]) -> ApplicationError:
    """The refusal of a form's input: each invalid field's message goes back to the form
    page (the whole form's under "form"); a JSON caller reads the first one."""
    message = next(iter(errors.values()), None) or default_message(400)
    return ApplicationError(message, code="invalid", fields=errors)


def valid_data(form: BaseForm, *, error_keys: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The cleaned data of a valid form; raises the form's refusal otherwise, each invalid
    field's message filed under `error_keys[field]` when the page shows it under another
    name."""
    if not form.is_valid():
        renamed = error_keys or {}
        errors = form_errors(form).items()
        raise form_refusal({renamed.get(field, field): message for field, message in errors})
    return form.cleaned_data


def default_message(status: int) -> str:
    messages = {
        400: _("Nie udało się przetworzyć żądania."),
        401: _("Zostałeś wylogowany z platformy"),
        403: _("Nie masz dostępu do tej części platformy."),
        404: _("Nie znaleźliśmy strony, której szukasz."),
        405: _("Ten adres nie przyjmuje żądań tego rodzaju."),
        429: _("Zbyt wiele prób. Spróbuj ponownie za chwilę."),
        500: _("Wystąpił błąd serwera. Spróbuj ponownie później."),
        503: _(
            "Aktualizujemy właśnie naszą stronę, wracamy za kilka chwil. "
            "Przepraszamy za niedogodności."
        ),
    }
    return messages.get(status, messages[500])


def csrf_refusal() -> ApplicationError:
    """A change sent without the page's CSRF token (an old tab, or another site)."""
    return ApplicationError(
        _("Sesja formularza wygasła. Odśwież stronę i spróbuj ponownie."), code="csrf", status=403
    )


def error_response(
    request: HttpRequest, *, status: int, message: str | None = None, code: str | None = None
) -> HttpResponse:
    """The answer to a request that cannot be served (a guard, a handler of Django's)."""
    if wants_json(request) or (is_inertia(request) and status != 404):
        return json_error(status=status, message=message, code=code)
    props: ErrorPageProps = {"status": status, "message": message or default_message(status)}
    return render_page(request, "Errors/Error", props, status=status)


@dataclass(frozen=True)
class _ErrorsReturn:
    page: str
    with_code: bool
    as_message: bool


def errors_return_to(
    form_page: Callable[..., str], *, with_code: bool = False, as_message: bool = False
) -> Callable[[View], View]:
    """The page an ApplicationError raised by this view's form sends the visitor back to:
    `form_page(request, *view_args, **view_kwargs)`, a path the server built itself. With
    `with_code`, the page's errors also carry the error's code (under "code"); with
    `as_message`, the message goes there as an error message (flash) instead, for a page
    that has no form of its own to show it on."""

    def decorator(view: View) -> View:
        @wraps(view)
        def with_form_page(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            page = form_page(request, *args, **kwargs)
            request._platforma_errors_return = _ErrorsReturn(page, with_code, as_message)  # type: ignore[attr-defined]
            return view(request, *args, **kwargs)

        return with_form_page

    return decorator


def application_error_response(request: HttpRequest, error: ApplicationError) -> HttpResponse:
    if wants_json(request):
        return application_error_json(error)
    if request.method == "POST":
        back: _ErrorsReturn | None = getattr(request, "_platforma_errors_return", None)
        if back is not None and back.as_message:
            messages.error(request, error.message)
        else:
            stash_errors(request, error.page_errors(with_code=bool(back and back.with_code)))
        return HttpResponseRedirect(back.page if back is not None else request.get_full_path())
    response = error_response(request, status=error.status, message=error.message, code=error.code)
    if error.retry_after is not None:
        response["Retry-After"] = str(error.retry_after)
    return response


def is_outage(exception: BaseException | None) -> bool:
    """Whether `exception` means a service the platform needs (PostgreSQL, the Redis of
    the rate limits) is out of reach for now, not that the code is wrong."""
    return isinstance(exception, (CacheUnavailable, OperationalError, InterfaceError))


def outage_json() -> JsonResponse:
    """The 503 of an outage for a JSON caller, built without the database or the cache."""
    return json_error(status=503, message=default_message(503))


def outage_response(request: HttpRequest) -> HttpResponse:
    """The 503 of an outage (docs/behaviour.md#outages), built without the database,
    the cache or Inertia's shared props: whatever is out may be any of them."""
    if wants_json(request) or is_inertia(request):
        return outage_json()
    return render(
        request,
        "503.html",
        {"message": default_message(503), "support_email": settings.SUPPORT_EMAIL},
        status=503,
    )


class ApplicationErrorMiddleware:
    """The one place an ApplicationError becomes an answer; an outage of a service
    (app.core.views.server_error answers those raised outside views) becomes a 503."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, ApplicationError):
            return application_error_response(request, exception)
        if is_outage(exception):
            logger.error("Service unavailable: %r", exception)
            return outage_response(request)
        return None
