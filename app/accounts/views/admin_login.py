"""The admin login (docs/behaviour.md#admin-login): the only way into the admin panel."""

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from inertia import location

from app.accounts import props
from app.accounts.forms import ADMIN_LOGIN_ERROR_KEYS, AdminLoginForm
from app.accounts.login_forms import login_form_checked
from app.core import roles
from app.core.admin_site import ADMIN_HOME, ADMIN_LOGIN, admin_login_url_for
from app.core.errors import errors_return_to
from app.core.header import ADMIN_HEADER, header_type
from app.core.inertia import render_page
from app.core.requests import is_inertia, request_data
from app.core.return_url import RETURN_URL_PARAM, safe_return_url

View = Callable[..., HttpResponseBase]


def noindex(view: View) -> View:
    """Both admin entry pages stay out of search engines (docs/behaviour.md#admin-login)."""

    @wraps(view)
    def unlisted(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        response.headers["X-Robots-Tag"] = "noindex"
        return response

    return unlisted


def _target(request: HttpRequest) -> str:
    """Where a successful login goes: the checked return URL, or the admin panel."""
    return safe_return_url(request.GET.get(RETURN_URL_PARAM), default=str(ADMIN_HOME))


def _page_url(request: HttpRequest) -> str:
    """The page's own address, rebuilt from the checked return URL only."""
    if RETURN_URL_PARAM in request.GET:
        return admin_login_url_for(_target(request))
    return reverse(ADMIN_LOGIN)


@header_type(ADMIN_HEADER)
@errors_return_to(_page_url)
@require_http_methods(["GET", "POST"])
@noindex
def admin_login(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated and request.user.has_any_role(roles.ADMIN_ROLES):
        return HttpResponseRedirect(ADMIN_HOME)
    if request.method == "POST":
        # Django's admin has no limits of its own and its login form is not reachable:
        # this is the only way into the admin panel, limited like every login.
        form = login_form_checked(
            request,
            data=request_data(request),
            form_class=AdminLoginForm,
            error_keys=ADMIN_LOGIN_ERROR_KEYS,
        )
        response = form.login(request, redirect_url=_target(request))
        if is_inertia(request) and response.status_code in (301, 302):
            # The admin panel is not an Inertia page: the browser loads it in full.
            return location(response.headers["Location"])
        return response
    page = props.admin_login_page_props(submit_url=_page_url(request))
    return render_page(request, "Accounts/AdminLogin", page)
