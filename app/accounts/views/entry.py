"""Account entry: login and registration (docs/behaviour.md#login-page)."""

from allauth.account.adapter import get_adapter
from allauth.account.utils import complete_signup
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from app.accounts import props, services
from app.accounts.login_forms import login_form_checked
from app.accounts.login_query import read_login_query
from app.core.errors import errors_return_to
from app.core.guards import anonymous_only
from app.core.inertia import render_page
from app.core.ratelimits import client_of
from app.core.requests import request_data


def _login_page(request: HttpRequest) -> str:
    # Where the errors of both forms of the login page show: the page itself, with its
    # query rebuilt from checked values only (registration posts to another address).
    return read_login_query(request).page_url


@errors_return_to(_login_page)
@require_http_methods(["GET", "POST"])
@anonymous_only(settings.DEFAULT_RETURN_URL)
def login(request: HttpRequest) -> HttpResponse:
    query = read_login_query(request)
    if request.method == "POST":
        form = login_form_checked(request, data=request_data(request))
        return form.login(request, redirect_url=query.target)
    return render_page(
        request,
        "Accounts/Login",
        props.login_page_props(
            form=query.form, invitation_email=query.invitation_email, query=query.query
        ),
    )


@errors_return_to(_login_page)
@require_POST
@anonymous_only(settings.DEFAULT_RETURN_URL)
def register(request: HttpRequest) -> HttpResponse:
    query = read_login_query(request)
    user = services.user_register_from_data(data=request_data(request), client=client_of(request))
    return complete_signup(
        request, user, settings.ACCOUNT_EMAIL_VERIFICATION, success_url=query.target
    )


@require_POST
def logout(request: HttpRequest) -> HttpResponse:
    get_adapter(request).logout(request)
    return redirect(settings.LOGIN_URL)


@require_GET
def session_logout(request: HttpRequest) -> HttpResponse:
    """Opening /session logs the user out. The page sends the logout as a POST, so a
    prefetcher or link scanner that only fetches the URL changes nothing."""
    if not request.user.is_authenticated:
        return redirect(settings.LOGIN_URL)
    return render_page(request, "Accounts/SessionLogout", {})
