"""The manager area (/manager): teams, members and their progress, invitations."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from app.core.csvfile import csv_lines
from app.core.errors import errors_return_to, valid_data
from app.core.frozen import Frozen
from app.core.guards import View, manager_required
from app.core.inertia import render_page
from app.core.page_json import EncodedProps, encoded_props
from app.core.pagination import PAGE_PARAM, page_number_parse, queryset_paginate
from app.core.props import date_counts, form_rules
from app.core.ratelimits import rate_limited
from app.core.requests import AuthenticatedRequest, request_data
from app.core.timeseries import week_start
from app.core.views import area_not_found
from app.teams import props, selectors, services
from app.teams.cache import team_cached
from app.teams.forms import TeamForm
from app.teams.models import Invitation

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MEMBERS_PER_PAGE = 50
INVITATIONS_PER_PAGE = 50
# The team page lists members and invitations, each with its own page number.
INVITATIONS_PAGE_PARAM = "zaproszenia"


def _team_page(request: AuthenticatedRequest, team_id: int, **kwargs) -> str:
    """The form page of the invitations sent from a team's page: the team's page."""
    return reverse("teams:team", kwargs={"team_id": team_id})


@require_http_methods(["GET", "POST"])
@manager_required
@rate_limited(
    "team_create",
    methods=["POST"],
    message=gettext_lazy("Zbyt wiele nowych zespołów. Spróbuj ponownie później."),
)
def manager(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        return _team_create(request)
    page: props.ManagerProps = {
        "teams": [props.team_summary(team) for team in selectors.team_list_managed(user=user)],
        "can_create": selectors.team_create_allowed(user=user),
        "create_url": reverse("teams:manager"),
        "rules": form_rules(TeamForm, ["name"]),
    }
    return render_page(request, "Teams/Manager", page)


def _team_create(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    if not selectors.team_create_allowed(user=user):
        raise PermissionDenied
    data = valid_data(TeamForm(request_data(request)))
    team = services.team_create(leader=user, name=data["name"])
    messages.success(request, _("Utworzono zespół %(team)s.") % {"team": team.name})
    return redirect("teams:team", team_id=team.pk)


@dataclass(frozen=True, slots=True)
class _CachedTeamPage(Frozen):
    # Kept encoded: fifty members' rows are written into the page as they are.
    props: EncodedProps
    valid_until: datetime | None

    def unpickled_bytes(self) -> int:
        return self.props.unpickled_bytes()


def _team_page_build(request: AuthenticatedRequest, team_id: int) -> _CachedTeamPage:
    # Only a manager of the team gets here: nobody else can make the page be built.
    team = selectors.access_team_by_id(user=request.user, team_id=team_id)
    members, pagination = queryset_paginate(
        request=request, queryset=selectors.membership_list(team=team), per_page=MEMBERS_PER_PAGE
    )
    invitations, invitations_pagination = queryset_paginate(
        request=request,
        queryset=selectors.invitation_list_open(team=team),
        per_page=INVITATIONS_PER_PAGE,
        param=INVITATIONS_PAGE_PARAM,
    )
    page: props.ManagerTeamProps = {
        "team": props.team_summary(team),
        "grants": props.team_grants(selectors.grant_list(team=team)),
        "lesson_total": selectors.lesson_count(team=team),
        "members": [props.member_row(membership) for membership in members],
        "members_pagination": pagination,
        "invitations": [props.invitation_row(invitation) for invitation in invitations],
        "invitations_pagination": invitations_pagination,
        "invite_url": reverse("teams:invite", kwargs={"team_id": team.pk}),
        "max_emails": services.MAX_EMAILS_PER_INVITE,
        "back_url": reverse("teams:manager"),
        "progress": props.team_progress_chart(
            courses=list(selectors.team_course_list(team=team)),
            members=members,
            done=selectors.member_progress_map(
                team=team, user_ids=[member.user_id for member in members]
            ),
        ),
        "activity": date_counts(selectors.team_activity_weekly(team=team)),
        "not_started": [
            props.not_started_row(membership)
            for membership in selectors.membership_list_not_started(team=team)
        ],
        "progress_csv_url": reverse("teams:team_progress_csv", kwargs={"team_id": team.pk}),
    }
    return _CachedTeamPage(
        props=encoded_props(page),
        # Invitations that expire leave the counts and show as expired.
        valid_until=selectors.invitation_next_expiry(team=team),
    )


@require_GET
@manager_required
def manager_team(request: AuthenticatedRequest, team_id: int) -> HttpResponse:
    # Whether the visitor manages the team is read from the database on every visit.
    generation = selectors.access_team_generation_by_id(user=request.user, team_id=team_id)
    build = partial(_team_page_build, request, team_id)
    if request.GET.keys() - {PAGE_PARAM, INVITATIONS_PAGE_PARAM}:
        # Only the page numbers name a cached copy: other parameters (which the pagination
        # links carry along) must not fill the cache with copies of the same page.
        cached = build()
    else:
        # Served from the cache until the team, its members' progress or the catalogue
        # change; keyed by both page numbers (clamped) and by the week, as the weekly chart
        # moves on with the calendar.
        members_page = min(page_number_parse(request=request), 10_000)
        invitations_page = min(
            page_number_parse(request=request, param=INVITATIONS_PAGE_PARAM), 10_000
        )
        cached = team_cached(
            team_id=team_id,
            generation=generation,
            name=(
                f"manager_page_frozen:{members_page}:{invitations_page}"
                f":{week_start(timezone.localdate())}"
            ),
            build=build,
            valid_until=lambda entry: entry.valid_until,
        )
    return render_page(request, "Teams/ManagerTeam", cached.props)


@require_GET
@manager_required
def team_progress_csv(request: AuthenticatedRequest, team_id: int) -> StreamingHttpResponse:
    team = selectors.access_team_by_id(user=request.user, team_id=team_id)
    response = StreamingHttpResponse(
        csv_lines(selectors.team_progress_csv_rows(team=team)),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="zespol-{team.pk}-postepy.csv"'
    return response


@require_POST
@manager_required
@errors_return_to(_team_page)
def invite(request: AuthenticatedRequest, team_id: int) -> HttpResponse:
    team = selectors.access_team_by_id(user=request.user, team_id=team_id)
    raw = request_data(request).get("emails")
    emails = services.invitation_emails_parse(raw=raw if isinstance(raw, str) else "")
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
    return redirect("teams:team", team_id=team.pk)


def _invitation_view(
    act: Callable[[AuthenticatedRequest, Invitation], object], done: "StrOrPromise"
) -> View:
    """A manager's action on an invitation of a team they run, then back to the team
    with `done` (its %(email)s the invitation's address)."""

    @require_POST
    @manager_required
    @errors_return_to(_team_page)
    def view(request: AuthenticatedRequest, team_id: int, invitation_id: int) -> HttpResponse:
        invitation = selectors.access_invitation_by_id(
            user=request.user, team_id=team_id, invitation_id=invitation_id
        )
        act(request, invitation)
        messages.success(request, str(done) % {"email": invitation.email})
        return redirect("teams:team", team_id=invitation.team_id)

    return view


invitation_resend = _invitation_view(
    lambda request, invitation: services.invitation_resend(invitation=invitation, by=request.user),
    gettext_lazy("Wysłano ponownie zaproszenie na %(email)s."),
)
invitation_revoke = _invitation_view(
    lambda request, invitation: services.invitation_revoke(invitation=invitation),
    gettext_lazy("Wycofano zaproszenie dla %(email)s."),
)


manager_not_found = area_not_found(manager_required)
