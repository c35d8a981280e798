"""Props of the invitation page, the manager area and the learner's team page."""

from typing import TypedDict

from django.urls import reverse
from django.utils import timezone

from app.core.pagination import PaginationProps
from app.core.props import DateCount, FieldRule
from app.core.typegen import page_props, ts_export
from app.learning.models import Course
from app.learning.props import CourseLink, course_link
from app.teams.models import Invitation, Membership, Team
from app.teams.selectors import GrantTitles


def _iso(value) -> str:
    return timezone.localtime(value).isoformat()


@ts_export
class InvitationProblem(TypedDict):
    # "404" when the invitation was sent to another address (docs/behaviour.md#invitation-failures).
    code: str
    message: str


@page_props("Teams/Invitation")
class InvitationPageProps(TypedDict):
    manager: str
    team_name: str | None
    problem: InvitationProblem | None
    accept_url: str
    logout_url: str
    decline_url: str
    # The code of a problem or refusal that means another account is logged in (the page
    # offers to log out).
    wrong_account_code: str


@ts_export
class TeamSummary(TypedDict):
    id: int
    name: str
    member_count: int
    pending_count: int
    url: str


@page_props("Teams/Manager")
class ManagerProps(TypedDict):
    teams: list[TeamSummary]
    can_create: bool
    create_url: str
    # Of the new team's form.
    rules: dict[str, FieldRule]


def team_summary(team: Team) -> TeamSummary:
    return {
        "id": team.pk,
        "name": team.name,
        "member_count": team.member_count,  # type: ignore[attr-defined]
        "pending_count": team.pending_count,  # type: ignore[attr-defined]
        "url": reverse("teams:team", kwargs={"team_id": team.pk}),
    }


@ts_export
class TeamGrants(TypedDict):
    courses: list[str]
    exams: list[str]
    paths: list[str]


@ts_export
class MemberRow(TypedDict):
    id: int
    name: str
    email: str
    joined_at: str
    done_count: int
    certificate_count: int


@ts_export
class InvitationRow(TypedDict):
    id: int
    email: str
    last_sent_at: str
    expires_at: str
    expired: bool
    sent_count: int
    resend_url: str
    revoke_url: str


@ts_export
class ChartCourse(TypedDict):
    id: int
    title: str
    lesson_count: int


@ts_export
class MemberProgress(TypedDict):
    id: int
    name: str
    # Lessons finished in each course of the chart, in the order of its courses.
    done: list[int]


@ts_export
class TeamProgressChart(TypedDict):
    courses: list[ChartCourse]
    members: list[MemberProgress]


@ts_export
class NotStartedRow(TypedDict):
    id: int
    name: str
    email: str
    joined_at: str


@page_props("Teams/ManagerTeam")
class ManagerTeamProps(TypedDict):
    team: TeamSummary
    grants: TeamGrants
    lesson_total: int
    members: list[MemberRow]
    members_pagination: PaginationProps
    invitations: list[InvitationRow]
    invitations_pagination: PaginationProps
    invite_url: str
    max_emails: int
    back_url: str
    # Each member of this page of members, their lessons finished per course.
    progress: TeamProgressChart
    # Lessons the members finished per week over the last 12 weeks, oldest first.
    activity: list[DateCount]
    not_started: list[NotStartedRow]
    progress_csv_url: str


def team_grants(grants: GrantTitles) -> TeamGrants:
    return {"courses": grants.courses, "exams": grants.exams, "paths": grants.paths}


def member_row(membership: Membership) -> MemberRow:
    return {
        "id": membership.pk,
        "name": membership.user.full_name,
        "email": membership.user.email,
        "joined_at": _iso(membership.joined_at),
        "done_count": membership.done_count,  # type: ignore[attr-defined]
        "certificate_count": membership.certificate_count,  # type: ignore[attr-defined]
    }


def team_progress_chart(
    *,
    courses: list[Course],
    members: list[Membership],
    done: dict[tuple[int, int], int],
) -> TeamProgressChart:
    return {
        "courses": [
            {
                "id": course.pk,
                "title": course.title,
                "lesson_count": course.lesson_count,  # type: ignore[attr-defined]
            }
            for course in courses
        ],
        "members": [
            {
                "id": member.pk,
                "name": member.user.full_name,
                "done": [done.get((member.user_id, course.pk), 0) for course in courses],
            }
            for member in members
        ],
    }


def not_started_row(membership: Membership) -> NotStartedRow:
    return {
        "id": membership.pk,
        "name": membership.user.full_name,
        "email": membership.user.email,
        "joined_at": _iso(membership.joined_at),
    }


def invitation_row(invitation: Invitation) -> InvitationRow:
    ids = {"team_id": invitation.team_id, "invitation_id": invitation.pk}
    return {
        "id": invitation.pk,
        "email": invitation.email,
        "last_sent_at": _iso(invitation.last_sent_at),
        "expires_at": _iso(invitation.expires_at),
        "expired": invitation.is_expired,
        "sent_count": invitation.sent_count,
        "resend_url": reverse("teams:invitation_resend", kwargs=ids),
        "revoke_url": reverse("teams:invitation_revoke", kwargs=ids),
    }


@ts_export
class StudentTeam(TypedDict):
    id: int
    name: str
    managers: list[str]
    joined_at: str
    member_count: int
    courses: list[CourseLink]


@page_props("Teams/Student")
class StudentProps(TypedDict):
    teams: list[StudentTeam]


def student_team(membership: Membership) -> StudentTeam:
    team = membership.team
    return {
        "id": team.pk,
        "name": team.name,
        "managers": sorted(manager.full_name for manager in team.managers.all()),
        "joined_at": _iso(membership.joined_at),
        "member_count": membership.member_count,  # type: ignore[attr-defined]
        "courses": [course_link(course) for course in team.courses.all()],
    }
