"""The manager area (/manager): teams, members and their progress, invitations."""

from allauth.core import ratelimit
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from app.core import roles
from app.core.errors import errors_return_to
from app.core.guards import manager_required
from app.core.inertia import FORM_ERROR_KEY, form_errors, redirect_with_errors, render_page
from app.core.pagination import paginate
from app.core.requests import AuthenticatedRequest, request_data
from app.core.views import area_not_found
from app.teams import props, selectors, services
from app.teams.forms import TeamForm
from app.teams.models import TEAM_NAME_MAX_LENGTH, Invitation

MANAGER_URL = "/manager"
MEMBERS_PER_PAGE = 50
INVITATIONS_PER_PAGE = 50
# The team page lists members and invitations, each with its own page number.
INVITATIONS_PAGE_PARAM = "zaproszenia"


def _can_create_teams(user) -> bool:
    return roles.Role.MANAGER_LEADER in user.role_codes


@require_http_methods(["GET", "POST"])
@manager_required
def manager(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        if not _can_create_teams(user):
            raise PermissionDenied
        if not ratelimit.consume(request, action="team_create", user=user):
            return redirect_with_errors(
                request,
                MANAGER_URL,
                {FORM_ERROR_KEY: _("Zbyt wiele nowych zespołów. Spróbuj ponownie później.")},
            )
        form = TeamForm(request_data(request))
        if not form.is_valid():
            return redirect_with_errors(request, MANAGER_URL, form_errors(form))
        team = services.team_create(leader=user, name=form.cleaned_data["name"])
        messages.success(request, _("Utworzono zespół %(team)s.") % {"team": team.name})
        return HttpResponseRedirect(f"{MANAGER_URL}/zespol/{team.pk}")
    page: props.ManagerProps = {
        "teams": [props.team_summary(team) for team in selectors.managed_teams(user=user)],
        "can_create": _can_create_teams(user),
        "create_url": MANAGER_URL,
        "name_max_length": TEAM_NAME_MAX_LENGTH,
    }
    return render_page(request, "Teams/Manager", page)


@require_GET
@manager_required
def manager_team(request: AuthenticatedRequest, team_id: int) -> HttpResponse:
    team = selectors.access_team_by_id(user=request.user, team_id=team_id)
    summary = props.team_summary(team)
    members, pagination = paginate(
        request, selectors.team_members(team=team), per_page=MEMBERS_PER_PAGE
    )
    invitations, invitations_pagination = paginate(
        request,
        selectors.open_invitations(team=team),
        per_page=INVITATIONS_PER_PAGE,
        param=INVITATIONS_PAGE_PARAM,
    )
    page: props.ManagerTeamProps = {
        "team": summary,
        "grants": {
            "courses": list(team.courses.values_list("title", flat=True)),
            "exams": list(team.exams.values_list("title", flat=True)),
            "paths": list(team.paths.values_list("title", flat=True)),
        },
        "lesson_total": selectors.team_lesson_total(team=team),
        "members": [props.member_row(membership) for membership in members],
        "members_pagination": pagination,
        "invitations": [
            props.invitation_row(invitation, summary["url"]) for invitation in invitations
        ],
        "invitations_pagination": invitations_pagination,
        "invite_url": f"{summary['url']}/zaproszenia",
        "max_emails": services.MAX_EMAILS_PER_INVITE,
        "back_url": MANAGER_URL,
    }
    return render_page(request, "Teams/ManagerTeam", page)


@require_POST
@manager_required
@errors_return_to(lambda request, team_id: f"{MANAGER_URL}/zespol/{team_id}")
def invite(request: AuthenticatedRequest, team_id: int) -> HttpResponse:
    team = selectors.access_team_by_id(user=request.user, team_id=team_id)
    team_url = f"{MANAGER_URL}/zespol/{team.pk}"
    raw = request_data(request).get("emails")
    try:
        emails = services.parse_emails(raw if isinstance(raw, str) else "")
    except services.TeamError as error:
        return redirect_with_errors(request, team_url, {"emails": error.message})
    outcome = services.invitations_send(team=team, invited_by=request.user, emails=emails)
    if outcome.sent:
        messages.success(
            request, _("Wysłane zaproszenia: %(count)s.") % {"count": len(outcome.sent)}
        )
    if outcome.members:
        messages.info(
            request,
            _("Już w zespole: %(emails)s.") % {"emails": ", ".join(outcome.members)},
        )
    if outcome.pending:
        messages.info(
            request,
            _("Zaproszenie już czeka na odpowiedź: %(emails)s.")
            % {"emails": ", ".join(outcome.pending)},
        )
    return HttpResponseRedirect(team_url)


def _managed_invitation(
    request: AuthenticatedRequest, team_id: int, invitation_id: int
) -> tuple[Invitation, str]:
    """An invitation of a team the manager runs, and that team's page."""
    invitation = selectors.access_invitation_by_id(
        user=request.user, team_id=team_id, invitation_id=invitation_id
    )
    return invitation, f"{MANAGER_URL}/zespol/{invitation.team_id}"


@require_POST
@manager_required
@errors_return_to(lambda request, team_id, **_kw: f"{MANAGER_URL}/zespol/{team_id}")
def invitation_resend(
    request: AuthenticatedRequest, team_id: int, invitation_id: int
) -> HttpResponse:
    invitation, team_url = _managed_invitation(request, team_id, invitation_id)
    try:
        services.invitation_resend(invitation=invitation, by=request.user)
    except services.TeamError as error:
        return redirect_with_errors(request, team_url, {FORM_ERROR_KEY: error.message})
    messages.success(
        request, _("Wysłano ponownie zaproszenie na %(email)s.") % {"email": invitation.email}
    )
    return HttpResponseRedirect(team_url)


@require_POST
@manager_required
def invitation_revoke(
    request: AuthenticatedRequest, team_id: int, invitation_id: int
) -> HttpResponse:
    invitation, team_url = _managed_invitation(request, team_id, invitation_id)
    try:
        services.invitation_revoke(invitation=invitation)
    except services.TeamError as error:
        return redirect_with_errors(request, team_url, {FORM_ERROR_KEY: error.message})
    messages.success(
        request, _("Wycofano zaproszenie dla %(email)s.") % {"email": invitation.email}
    )
    return HttpResponseRedirect(team_url)


manager_not_found = area_not_found(manager_required)
