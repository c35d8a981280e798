"""The shell's own pages: the service worker, site pages and the language switch (its JSON
calls are in app/shell/api.py)."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from app.core.errors import error_response
from app.core.inertia import render_page
from app.core.requests import request_data
from app.core.return_url import safe_return_url
from app.shell import selectors, services
from app.shell.props import site_page_props
from app.shell.service_worker import service_worker_script


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: served from the root so it may control every page; always revalidated, so a
    new build's worker is found by the next update check."""
    response = HttpResponse(
        service_worker_script(settings.INERTIA_VERSION), content_type="text/javascript"
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def site_page(request: HttpRequest, slug: str) -> HttpResponse:
    page = selectors.site_page_get(slug=slug)
    return render_page(request, "Shell/SitePage", site_page_props(page))


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Switch the interface language (remembered in a cookie, and on the account)."""
    data = request_data(request)
    language = data.get("language")
    if not isinstance(language, str) or language not in dict(settings.LANGUAGES):
        # Not a form error: the switch only ever posts its own languages, so this request
        # was made by hand. It gets the 400 error page; an ApplicationError would send a
        # classic post back to a form page that has nowhere to show the message.
        return error_response(request, status=400, message=_("Nieznany język."))
    if request.user.is_authenticated:
        services.user_set_language(user=request.user, language=language)
    response = HttpResponseRedirect(safe_return_url(data.get("next"), default=reverse("core:home")))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response
