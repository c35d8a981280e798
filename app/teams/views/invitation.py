"""The invitation page (SPEC §2 "Invitation page", §4 "Invitation accepted", §8)."""

from typing import cast
from urllib.parse import urlencode

from allauth.account.adapter import get_adapter
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from app.accounts.selectors import email_is_taken
from app.core.errors import error_response
from app.core.inertia import FORM_ERROR_KEY, redirect_with_errors, render_page
from app.core.requests import AuthenticatedRequest, request_data, wants_json
from app.core.return_url import login_url_for
from app.core.tokens import is_well_formed
from app.teams import props, services

STUDENT_URL = "/platforma/student"
# The page's own error key carrying the §8 error code next to the message.
ERROR_CODE_KEY = "code"


def _page_url(token: str) -> str:
    return f"{services.INVITATION_PATH}?{urlencode({'manager': token})}"


def invitation_return_url(request: HttpRequest, token: str) -> str:
    """Where the login page should bring the visitor back to. For a real invitation it
    carries the invited `email` (the login page's invitation banner) and `form=login` when
    that address already has an account (SPEC §2 route table: login)."""
    try:
        invitation = services.invitation_open(request=request, token=token)
    except services.InvitationError:
        invitation = None  # Too many guesses: the plain way to login, nothing revealed.
    if invitation is None:
        return request.get_full_path()
    query = {"manager": token, "email": invitation.email}
    if email_is_taken(email=invitation.email):
        query["form"] = "login"
    return f"{services.INVITATION_PATH}?{urlencode(query)}"


def _to_login(request: HttpRequest, token: str) -> HttpResponse:
    if wants_json(request):
        return error_response(request, status=401, code="unauthenticated")
    return HttpResponseRedirect(login_url_for(invitation_return_url(request, token)))


@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest) -> HttpResponse:
    """Login required, like every team page; the way to the login page is built here."""
    if request.method == "POST":
        token = str(request_data(request).get("manager") or "")
    else:
        token = request.GET.get("manager", "")
    if not request.user.is_authenticated:
        return _to_login(request, token)
    if request.method == "POST":
        return _accept(cast(AuthenticatedRequest, request), token)
    found = services.invitation_open(request=request, token=token)
    problem = services.invitation_problem(found, request.user)
    page: props.InvitationPageProps = {
        "manager": token if is_well_formed(token) else "",
        "team_name": found.team.name if found is not None and problem is None else None,
        "problem": {"code": problem.code, "message": problem.message} if problem else None,
        "accept_url": services.INVITATION_PATH,
        "logout_url": f"{services.INVITATION_PATH}/wyloguj",
        "decline_url": "/platforma",
    }
    return render_page(request, "Teams/Invitation", page)


def _accept(request: AuthenticatedRequest, token: str) -> HttpResponse:
    page_url = _page_url(token) if is_well_formed(token) else services.INVITATION_PATH
    user = request.user
    try:
        services.invitation_open(request=request, token=token)
        team = services.invitation_accept(user=user, token=token)
    except services.InvitationError as error:
        return redirect_with_errors(
            request, page_url, {FORM_ERROR_KEY: error.message, ERROR_CODE_KEY: error.code}
        )
    messages.success(request, _("Dołączyłeś do zespołu %(team)s.") % {"team": team.name})
    return HttpResponseRedirect(STUDENT_URL)


@require_POST
def invitation_logout(request: HttpRequest) -> HttpResponse:
    """'Wyloguj się teraz' in the wrong-account dialog: log out, then the login page with
    the invitation's returnUrl, so the right account can log in and accept."""
    token = str(request_data(request).get("manager") or "")
    return_url = invitation_return_url(request, token) if is_well_formed(token) else None
    if request.user.is_authenticated:
        get_adapter(request).logout(request)
    if return_url is None:
        return HttpResponseRedirect("/login")
    return HttpResponseRedirect(login_url_for(return_url))
