"""The invitation page (docs/behaviour.md#team-invitations)."""

from typing import cast
from urllib.parse import urlencode

from allauth.account.adapter import get_adapter
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from app.accounts.selectors import user_email_taken
from app.core.errors import ApplicationError, default_message, errors_return_to
from app.core.inertia import render_page
from app.core.ratelimits import client_of
from app.core.requests import AuthenticatedRequest, request_data, wants_json
from app.core.return_url import login_url, login_url_for
from app.core.tokens import is_well_formed
from app.teams import props, selectors, services


def _token(request: HttpRequest) -> str:
    """The invitation's secret: the `manager` field of the form, or of the link's query."""
    if request.method == "POST":
        return str(request_data(request).get("manager") or "")
    return request.GET.get("manager", "")


def _invitation_url(**query: str) -> str:
    url = reverse("teams:invitation")
    return f"{url}?{urlencode(query)}" if query else url


def _page_url(request: HttpRequest) -> str:
    """The invitation page of the posted link (a malformed secret is not echoed)."""
    token = _token(request)
    return _invitation_url(manager=token) if is_well_formed(token) else _invitation_url()


def invitation_return_url(request: HttpRequest, token: str) -> str:
    """Where the login page should bring the visitor back to. For a real invitation it
    carries the invited `email` (the login page's invitation banner) and `form=login` when
    that address already has an account (docs/behaviour.md#invitation-page)."""
    invitation = services.invitation_open_unless_limited(client=client_of(request), token=token)
    if invitation is None:
        return request.get_full_path()
    query = {"manager": token, "email": invitation.email}
    if user_email_taken(email=invitation.email):
        query["form"] = "login"
    return _invitation_url(**query)


def _to_login(request: HttpRequest, token: str) -> HttpResponse:
    if wants_json(request):
        raise ApplicationError(default_message(401), code="unauthenticated", status=401)
    return HttpResponseRedirect(login_url_for(invitation_return_url(request, token)))


@require_http_methods(["GET", "POST"])
# The page's dialog depends on the failure's code (docs/behaviour.md#invitation-failures:
# "404" asks to log in to the right account), so its errors carry the code beside the
# message.
@errors_return_to(_page_url, with_code=True)
def invitation(request: HttpRequest) -> HttpResponse:
    """Login required, like every team page; the way to the login page is built here."""
    token = _token(request)
    if not request.user.is_authenticated:
        return _to_login(request, token)
    if request.method == "POST":
        return _accept(cast(AuthenticatedRequest, request), token)
    user = request.user if request.user.is_authenticated else None
    found = services.invitation_open(client=client_of(request), user=user, token=token)
    problem = selectors.invitation_check(invitation=found, user=request.user)
    page: props.InvitationPageProps = {
        "manager": token if is_well_formed(token) else "",
        "team_name": found.team.name if found is not None and problem is None else None,
        "problem": {"code": problem.code, "message": problem.message} if problem else None,
        "accept_url": reverse("teams:invitation"),
        "logout_url": reverse("teams:invitation_logout"),
        "decline_url": reverse("learning:home"),
        "wrong_account_code": selectors.WRONG_ACCOUNT,
    }
    return render_page(request, "Teams/Invitation", page)


def _accept(request: AuthenticatedRequest, token: str) -> HttpResponse:
    # Every acceptance counts as a guess before the secret is looked up, unless the secret
    # turns out to be an invitation's.
    team = services.invitation_accept_limited(
        client=client_of(request), user=request.user, token=token
    )
    messages.success(request, _("Dołączyłeś do zespołu %(team)s.") % {"team": team.name})
    return redirect("teams:student")


@require_POST
def invitation_logout(request: HttpRequest) -> HttpResponse:
    """'Wyloguj się teraz' in the wrong-account dialog: log out, then the login page with
    the invitation's returnUrl, so the right account can log in and accept."""
    token = str(request_data(request).get("manager") or "")
    return_url = invitation_return_url(request, token) if is_well_formed(token) else None
    if request.user.is_authenticated:
        get_adapter(request).logout(request)
    if return_url is None:
        return HttpResponseRedirect(login_url())
    return HttpResponseRedirect(login_url_for(return_url))
