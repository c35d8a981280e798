"""Reads of teams: a manager reaches only the teams they manage, a learner only their own."""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from app.accounts.models import User
from app.accounts.sessions import read_with_session
from app.core import roles
from app.core.errors import ApplicationError
from app.core.queries import CompiledQuery, subquery_aggregate
from app.core.timeseries import weekly_counts
from app.core.tokens import is_well_formed, token_digest
from app.learning.models import Certificate, Course, Lesson, LessonProgress, PathCourse
from app.teams.models import Invitation, Membership, Team

# The code of an invitation sent to another address: the learner should log in to the
# right account (docs/behaviour.md#invitation-failures).
WRONG_ACCOUNT = "404"


def _pending() -> Q:
    """Invitations neither accepted nor revoked (expired ones included)."""
    return Q(used_at__isnull=True, revoked_at__isnull=True)


def team_create_allowed(*, user: User) -> bool:
    """Only manager leaders create teams; managers run the teams they were given."""
    return roles.Role.MANAGER_LEADER in user.role_codes


def team_list_managed(*, user: User) -> QuerySet[Team]:
    """The teams the manager runs, with member and open-invitation counts."""
    return (
        Team.objects.filter(managers=user)
        .annotate(
            member_count=subquery_aggregate(
                queryset=Membership.objects.filter(team=OuterRef("pk")), group_by="team"
            ),
            pending_count=subquery_aggregate(
                queryset=Invitation.objects.filter(
                    _pending(), team=OuterRef("pk"), expires_at__gt=timezone.now()
                ),
                group_by="team",
            ),
        )
        .order_by("name", "id")
    )


def access_team_by_id(*, user: User, team_id: int) -> Team:
    """A team the user manages; raises Http404 for any other team."""
    team = team_list_managed(user=user).filter(pk=team_id).first()
    if team is None:
        raise Http404
    return team


def _managed_team_generation(*, team_id: int, user_id: int) -> QuerySet[Team, tuple[int]]:
    return Team.objects.filter(pk=team_id, managers__pk=user_id).values_list("cache_generation")


# The team page asks it on every visit: composed once (the ORM spent about 0.8 ms of CPU
# composing the join every time, more than the rest of the cached page).
_MANAGED_TEAM_GENERATION = CompiledQuery(
    _managed_team_generation, team_id=-2_000_000_019, user_id=-2_000_000_023
)

# The teams an account manages, with their generations, read with its session (at most
# this many: an account managing more asks about the others with a query of its own).
MANAGED_TEAMS = "managed_teams"
MANAGED_TEAMS_READ = 100


def managed_teams_sql(connection: BaseDatabaseWrapper) -> str | None:
    """A scalar subquery on the session's account (`u`): its managed teams' ids and
    generations as an array of pairs, in id order. PostgreSQL only."""
    if connection.vendor != "postgresql":
        return None
    quote = connection.ops.quote_name
    through = Team.managers.through._meta
    team_id = quote(str(through.get_field("team").column))
    user_id = quote(str(through.get_field("user").column))
    # A lookup of each team by its key, after the account's own rows by theirs: an
    # account managing nothing costs one probe of an index.
    generation = (
        f"(SELECT t.{quote('cache_generation')} FROM {quote(Team._meta.db_table)} t"  # noqa: S608
        f" WHERE t.{quote(str(Team._meta.pk.column))} = m.{team_id})"
    )
    return (
        f"ARRAY(SELECT ARRAY[m.{team_id}, {generation}]"  # noqa: S608
        f" FROM {quote(through.db_table)} m"
        f" WHERE m.{user_id} = u.{quote(str(User._meta.pk.column))}"
        f" ORDER BY m.{team_id} LIMIT {MANAGED_TEAMS_READ})"
    )


def access_team_generation_by_id(*, user: User, team_id: int) -> int:
    """The cache generation of a team the user manages, read from the database with the
    check itself; raises Http404 for any other team.

    Within a request it is taken from what the session's query read of the user's teams
    (`managed_teams_sql`): the database's answer of this request, at no round trip of its
    own. Outside one, or past the teams read, it is a query."""
    managed = read_with_session(user_id=user.pk, name=MANAGED_TEAMS)
    if managed is not None:
        generations = {int(team): int(generation) for team, generation in managed}
        if team_id in generations:
            return generations[team_id]
        if len(generations) < MANAGED_TEAMS_READ:
            raise Http404
    rows = _MANAGED_TEAM_GENERATION.rows(team_id=team_id, user_id=user.pk)
    if not rows:
        raise Http404
    return int(rows[0]["cache_generation"])


def access_invitation_by_id(*, user: User, team_id: int, invitation_id: int) -> Invitation:
    """An invitation of a team the user manages; raises Http404 for any other."""
    invitation = Invitation.objects.filter(
        pk=invitation_id, team_id=team_id, team__managers=user
    ).first()
    if invitation is None:
        raise Http404
    return invitation


@dataclass(frozen=True)
class GrantTitles:
    """The titles of what joining a team grants, by kind."""

    courses: list[str]
    exams: list[str]
    paths: list[str]


def grant_list(*, team: Team) -> GrantTitles:
    """The titles of the courses, exams and learning paths the team grants its members."""
    return GrantTitles(
        courses=list(team.courses.values_list("title", flat=True)),
        exams=list(team.exams.values_list("title", flat=True)),
        paths=list(team.paths.values_list("title", flat=True)),
    )


def course_id_list(*, team: Team) -> list[int]:
    """The ids of the courses a team grants, directly or through its learning paths.

    Read with one plain query and kept on `team`: the team page filters its members'
    progress and its lesson count by them, and nesting this as a subquery in each made
    building those queries cost more than the rest of the page."""
    known = team.__dict__.get("_course_ids")
    if known is None:
        direct = Team.courses.through.objects.filter(team=team).values_list("course_id").order_by()
        paths = Team.paths.through.objects.filter(team=team).values("learningpath_id")
        via_paths = PathCourse.objects.filter(path__in=paths).values_list("course_id").order_by()
        known = sorted({course_id for (course_id,) in direct.union(via_paths)})
        team.__dict__["_course_ids"] = known
    return known


def membership_list(*, team: Team) -> QuerySet[Membership]:
    """Members with their finished lessons and certificates in the team's courses."""
    courses = course_id_list(team=team)
    return (
        Membership.objects.filter(team=team)
        .select_related("user")
        .annotate(
            done_count=subquery_aggregate(
                queryset=LessonProgress.objects.filter(
                    user=OuterRef("user"), lesson__course_id__in=courses
                ),
                group_by="user",
            ),
            certificate_count=subquery_aggregate(
                queryset=Certificate.objects.filter(user=OuterRef("user"), course_id__in=courses),
                group_by="user",
            ),
        )
        .order_by("user__last_name", "user__first_name", "id")
    )


def lesson_count(*, team: Team) -> int:
    """How many lessons the team's courses (also those of its paths) have in all."""
    return Lesson.objects.filter(course_id__in=course_id_list(team=team)).count()


def team_course_list(*, team: Team) -> QuerySet[Course]:
    """The team's courses (also those of its paths) by title, with their lesson counts."""
    return (
        Course.objects.filter(id__in=course_id_list(team=team))
        .annotate(
            lesson_count=subquery_aggregate(
                queryset=Lesson.objects.filter(course=OuterRef("pk")), group_by="course"
            )
        )
        .order_by("title", "id")
    )


def member_progress_map(*, team: Team, user_ids: list[int]) -> dict[tuple[int, int], int]:
    """Lessons finished by each of the members in each of the team's courses, keyed by
    (user id, course id); pairs with nothing finished are absent. One query, grouped in
    the database, whatever the number of members."""
    rows = (
        LessonProgress.objects.filter(
            user_id__in=user_ids, lesson__course__in=course_id_list(team=team)
        )
        .order_by()
        .values("user_id", "lesson__course_id")
        .annotate(n=Count("pk"))
        .values_list("user_id", "lesson__course_id", "n")
    )
    return {(user_id, course_id): n for user_id, course_id, n in rows}


def team_activity_weekly(*, team: Team, today: date | None = None) -> list[tuple[date, int]]:
    """Lessons of the team's courses its members finished in each of the last 12 weeks
    (Monday, count), oldest first, weeks without any as 0: one query."""
    rows = LessonProgress.objects.filter(
        user__in=Membership.objects.filter(team=team).values("user_id"),
        lesson__course__in=course_id_list(team=team),
    )
    return weekly_counts(rows, at="completed_at", today=today)


def membership_list_not_started(*, team: Team) -> QuerySet[Membership]:
    """Members who have not finished a single lesson of the team's courses, by name."""
    started = LessonProgress.objects.filter(
        user=OuterRef("user"), lesson__course__in=course_id_list(team=team)
    )
    return (
        Membership.objects.filter(team=team)
        .exclude(Exists(started))
        .select_related("user")
        .order_by("user__last_name", "user__first_name", "id")
    )


def team_progress_csv_rows(*, team: Team) -> Iterator[list[str | int]]:
    """The team's progress as table rows: a header, then a row per member and course
    (three queries for the whole team)."""
    yield [
        _("Imię i nazwisko"),
        _("E-mail"),
        _("Dołączył"),
        _("Kurs"),
        _("Ukończone lekcje"),
        _("Lekcje kursu"),
    ]
    courses = list(team_course_list(team=team))
    members = list(
        Membership.objects.filter(team=team)
        .select_related("user")
        .order_by("user__last_name", "user__first_name", "id")
    )
    done = member_progress_map(team=team, user_ids=[member.user_id for member in members])
    for member in members:
        joined = timezone.localtime(member.joined_at).date().isoformat()
        for course in courses:
            yield [
                member.user.full_name,
                member.user.email,
                joined,
                course.title,
                done.get((member.user_id, course.pk), 0),
                course.lesson_count,  # type: ignore[attr-defined]
            ]


def invitation_next_expiry(*, team: Team) -> datetime | None:
    """When the team's next waiting invitation expires: its counts and rows change then."""
    return (
        team.invitations.filter(_pending(), expires_at__gt=timezone.now())
        .order_by("expires_at")
        .values_list("expires_at", flat=True)
        .first()
    )


def invitation_list_open(*, team: Team) -> QuerySet[Invitation]:
    """The team's invitations still waiting for an answer (expired ones too), last sent first."""
    return team.invitations.filter(_pending()).order_by("-last_sent_at", "-id")


def membership_list_joined(*, user: User) -> QuerySet[Membership]:
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


def invitation_find_open(*, email: str) -> Invitation | None:
    """The newest invitation to `email` that can still be accepted."""
    return (
        Invitation.objects.filter(_pending(), email=email.lower(), expires_at__gt=timezone.now())
        .select_related("team")
        .order_by("-created_at")
        .first()
    )


def invitation_find(*, token: str) -> Invitation | None:
    """The invitation a link's secret belongs to, whatever its state; None for no match."""
    if not is_well_formed(token):
        return None
    return Invitation.objects.select_related("team").filter(digest=token_digest(token)).first()


def invitation_check(*, invitation: Invitation | None, user: User) -> ApplicationError | None:
    """Why `user` cannot accept this invitation now (code: unknown, revoked, used, expired,
    member, or "404" for another address), or None when they can; raises nothing."""
    if invitation is None:
        return ApplicationError(
            _("Nie znaleźliśmy tego zaproszenia. Sprawdź, czy link jest kompletny."),
            code="unknown",
        )
    member_message = _("Już należysz do zespołu %(team)s.") % {"team": invitation.team.name}
    if invitation.revoked_at is not None:
        return ApplicationError(
            _("To zaproszenie zostało wycofane przez menedżera zespołu."), code="revoked"
        )
    if invitation.used_at is not None:
        if invitation.accepted_by_id == user.pk:
            return ApplicationError(member_message, code="member", status=409)
        return ApplicationError(
            _("To zaproszenie zostało już wykorzystane."), code="used", status=409
        )
    if invitation.is_expired:
        return ApplicationError(
            _("To zaproszenie wygasło. Poproś menedżera zespołu o nowe."), code="expired"
        )
    if invitation.email != user.email.lower():
        return ApplicationError(
            _(
                "To zaproszenie wysłano na adres %(email)s, a jesteś zalogowany jako "
                "%(current)s. Zaloguj się na konto z adresem z zaproszenia."
            )
            % {"email": invitation.email, "current": user.email},
            code=WRONG_ACCOUNT,
            status=404,
        )
    if Membership.objects.filter(team=invitation.team, user=user).exists():
        return ApplicationError(member_message, code="member", status=409)
    return None
