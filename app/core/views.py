"""Views every area shares: the root redirect, the trailing-slash redirect, error pages."""

import sys
from collections.abc import Callable

from django.conf import settings
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
)
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from app.core.admin_site import ADMIN_HOME
from app.core.errors import (
    csrf_refusal,
    default_message,
    error_response,
    is_outage,
    json_error,
    outage_response,
)
from app.core.guards import View
from app.core.requests import MalformedBody, is_inertia, wants_json
from app.core.return_url import safe_return_url


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return redirect(settings.DEFAULT_RETURN_URL)


def _without_trailing_slash(request: HttpRequest) -> HttpResponse | None:
    """The platform's addresses never end in a slash (only Django's admin's do), so a page
    not found at `/platforma/` is sent to `/platforma`, where its guard answers."""
    path = request.path
    if (
        request.method not in ("GET", "HEAD")
        or not path.endswith("/")
        or path.startswith(str(ADMIN_HOME))
    ):
        return None
    target = "/" + path.strip("/")
    if request.META.get("QUERY_STRING"):
        target += "?" + request.META["QUERY_STRING"]
    # The path is the visitor's: it must not become a redirect to another site.
    if target == "/" or safe_return_url(target) != target:
        return None
    return HttpResponsePermanentRedirect(target)


def area_not_found(guard: Callable[[View], View]) -> View:
    """Unknown pages inside a guarded area: the guard decides first, then 404."""

    @guard
    def view(request: HttpRequest, **kwargs) -> HttpResponse:
        raise Http404

    return view


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    # A body the platform refuses to read says why; Django's own 400s keep the generic text.
    message = str(exception) if isinstance(exception, MalformedBody) else None
    return error_response(request, status=400, message=message)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_response(request, status=403)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _without_trailing_slash(request) or error_response(request, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Kept free of the database and of Inertia: whatever broke may be either of them.
    # Called while the exception is handled: an outage of a service raised outside a view
    # (a middleware reading the session or the user) is a 503 like one raised inside.
    if is_outage(sys.exc_info()[1]):
        return outage_response(request)
    if wants_json(request) or is_inertia(request):
        return json_error(status=500, message=default_message(500))
    return render(request, "500.html", {"support_email": settings.SUPPORT_EMAIL}, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    refused = csrf_refusal()
    return error_response(
        request, status=refused.status, message=refused.message, code=refused.code
    )
