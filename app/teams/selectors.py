"""Reads of teams: a manager reaches only the teams they manage, a learner only their own."""

from django.db.models import OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from app.accounts.models import User
from app.core.queries import subquery_aggregate
from app.learning.models import Certificate, Course, Lesson, LessonProgress, PathCourse
from app.teams.models import Invitation, Membership, Team


def pending_invitations_filter() -> Q:
    return Q(used_at__isnull=True, revoked_at__isnull=True)


def managed_teams(*, user: User) -> QuerySet[Team]:
    """The teams the manager runs, with member and open-invitation counts."""
    return (
        Team.objects.filter(managers=user)
        .annotate(
            member_count=subquery_aggregate(
                queryset=Membership.objects.filter(team=OuterRef("pk")), group_by="team"
            ),
            pending_count=subquery_aggregate(
                queryset=Invitation.objects.filter(
                    pending_invitations_filter(), team=OuterRef("pk"), expires_at__gt=timezone.now()
                ),
                group_by="team",
            ),
        )
        .order_by("name", "id")
    )


def access_team_by_id(*, user: User, team_id: int) -> Team:
    """A team the user manages; raises Http404 for any other team."""
    team = managed_teams(user=user).filter(pk=team_id).first()
    if team is None:
        raise Http404
    return team


def access_invitation_by_id(*, user: User, team_id: int, invitation_id: int) -> Invitation:
    """An invitation of a team the user manages; raises Http404 for any other."""
    invitation = Invitation.objects.filter(
        pk=invitation_id, team_id=team_id, team__managers=user
    ).first()
    if invitation is None:
        raise Http404
    return invitation


def team_course_ids(team: Team) -> QuerySet:
    """The courses a team grants, directly or through its learning paths."""
    via_paths = PathCourse.objects.filter(path__in=team.paths.all()).values("course_id")
    return Course.objects.filter(Q(id__in=team.courses.values("id")) | Q(id__in=via_paths)).values(
        "id"
    )


def team_members(*, team: Team) -> QuerySet[Membership]:
    """Members with their finished lessons and certificates in the team's courses."""
    courses = team_course_ids(team)
    return (
        Membership.objects.filter(team=team)
        .select_related("user")
        .annotate(
            done_count=subquery_aggregate(
                queryset=LessonProgress.objects.filter(
                    user=OuterRef("user"), lesson__course__in=courses
                ),
                group_by="user",
            ),
            certificate_count=subquery_aggregate(
                queryset=Certificate.objects.filter(user=OuterRef("user"), course__in=courses),
                group_by="user",
            ),
        )
        .order_by("user__last_name", "user__first_name", "id")
    )


def team_lesson_total(*, team: Team) -> int:
    return Lesson.objects.filter(course__in=team_course_ids(team)).count()


def open_invitations(*, team: Team) -> QuerySet[Invitation]:
    return team.invitations.filter(pending_invitations_filter()).order_by("-last_sent_at", "-id")


def student_memberships(*, user: User) -> QuerySet[Membership]:
    """The learner's teams, with each team's managers and courses (three queries in all)."""
    return (
        Membership.objects.filter(user=user)
        .select_related("team")
        .prefetch_related("team__managers", "team__courses")
        .annotate(
            member_count=subquery_aggregate(
                queryset=Membership.objects.filter(team=OuterRef("team")), group_by="team"
            )
        )
        .order_by("-joined_at", "-id")
    )


def open_invitation_for(*, email: str) -> Invitation | None:
    """The newest invitation to `email` that can still be accepted."""
    return (
        Invitation.objects.filter(
            pending_invitations_filter(), email=email.lower(), expires_at__gt=timezone.now()
        )
        .select_related("team")
        .order_by("-created_at")
        .first()
    )
