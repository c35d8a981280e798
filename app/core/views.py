"""Views every area shares: the root redirect, error pages and placeholders."""

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from app.core.errors import error_response
from app.core.guards import View
from app.core.inertia import render_upcoming
from app.core.requests import is_inertia, wants_json


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect(settings.DEFAULT_RETURN_URL)


def upcoming_view(title: Promise, description: Promise) -> View:
    """A page of a capability still to come; `title` and `description` are lazy texts."""

    @require_GET
    def view(request: HttpRequest, **kwargs) -> HttpResponse:
        return render_upcoming(request, str(title), str(description))

    return view


def area_not_found(guard: Callable[[View], View]) -> View:
    """Unknown pages inside a guarded area: the guard decides first, then 404."""

    @guard
    def view(request: HttpRequest, **kwargs) -> HttpResponse:
        raise Http404

    return view


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_response(request, status=400)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_response(request, status=403)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_response(request, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Kept free of the database and of Inertia: whatever broke may be either of them.
    if wants_json(request) or is_inertia(request):
        from django.http import JsonResponse

        return JsonResponse({"message": _("Wystąpił błąd serwera."), "code": "500"}, status=500)
    return render(request, "500.html", {"support_email": settings.SUPPORT_EMAIL}, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_response(
        request,
        status=403,
        message=_("Sesja formularza wygasła. Odśwież stronę i spróbuj ponownie."),
        code="csrf",
    )
