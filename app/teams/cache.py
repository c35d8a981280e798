"""A team's manager page, kept in the cache until what it shows changes.

An entry is built under the team's generation (`Team.cache_generation`) and the
catalogue's (app/learning/cache.py: the titles and lessons of the courses it grants). The
team's generation moves with every save of the team and, through the signals below, when
its managers or grants, its memberships or invitations change, and when one of its
members changes their name or address, finishes or un-finishes a lesson or gets a
certificate, each in the change's transaction. `QuerySet.update` of the team moves it too
(CachedRowQuerySet); on the other models it sends no signal, so writes that use it call
`team_cache_bump` themselves.

Who may see the page is never taken from the cache: the view reads the generation with
the check that the visitor manages the team (`access_team_generation_by_id`), from the
database in that request (on PostgreSQL in the session's own query).
"""

from collections.abc import Callable, Iterable
from datetime import datetime

from django.db.models import Model
from django.db.models.signals import m2m_changed, post_delete, post_save

from app.accounts.sessions import read_with_session_forget
from app.core.versioned_cache import shared_generation, versioned_cached
from app.learning.cache import CATALOGUE


def team_cache_bump(*, team_id: int) -> None:
    teams_cache_bump(team_ids=[team_id])


def teams_cache_bump(*, team_ids: Iterable[int]) -> None:
    from app.teams.models import Team

    ids = set(team_ids)
    if ids:
        Team.objects.filter(pk__in=ids).generation_bump()
        _managed_teams_forget()


def _managed_teams_forget(*args, **kwargs) -> None:
    # A request that changed a team (its managers, its generation) no longer takes the
    # teams its session read for the truth: the access check asks the database again.
    from app.teams.selectors import MANAGED_TEAMS

    read_with_session_forget(name=MANAGED_TEAMS)


def team_cached[T](
    *,
    team_id: int,
    generation: int,
    name: str,
    build: Callable[[], T],
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result for the team, from the cache while neither the team's
    generation (`generation`, read before this call) nor the catalogue's moved."""
    return versioned_cached(
        generations=(generation, shared_generation(CATALOGUE)),
        entry_key=f"team:{team_id}:{name}",
        build=build,
        valid_until=valid_until,
    )


def _bump_teams_of_member(user_id: int) -> None:
    from app.teams.models import Team

    Team.objects.filter(memberships__user_id=user_id).generation_bump()


def _team_row_changed(sender, instance, **kwargs) -> None:
    # A membership or an invitation.
    team_cache_bump(team_id=instance.team_id)


def _member_work_changed(sender, instance, **kwargs) -> None:
    # A finished lesson or a certificate: the progress of every team the learner is in.
    _bump_teams_of_member(instance.user_id)


def _member_changed(sender, instance, update_fields=None, **kwargs) -> None:
    # Every login saves last_login, which no team page shows.
    if update_fields is not None and set(update_fields) <= {"last_login", "cache_generation"}:
        return
    _bump_teams_of_member(instance.pk)


def _relation_changed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    """A team's managers, courses, exams or paths; from either side of the relation."""
    if not reverse:
        if action in ("post_add", "post_remove", "post_clear"):
            team_cache_bump(team_id=instance.pk)
        return
    if action in ("post_add", "post_remove"):
        teams_cache_bump(team_ids=pk_set or ())
    elif action == "pre_clear":
        # Cleared from the other side (an account that stops managing every team): the
        # teams are read before their rows go.
        source = next(
            field.name
            for field in sender._meta.get_fields()
            if getattr(field, "related_model", None) is type(instance)
        )
        teams_cache_bump(
            team_ids=sender.objects.filter(**{source: instance.pk}).values_list(
                "team_id", flat=True
            )
        )


def connect_signals() -> None:
    from app.accounts.models import User
    from app.learning.models import Certificate, LessonProgress
    from app.teams.models import Invitation, Membership, Team

    def both(receiver, model: type[Model], uid: str) -> None:
        post_save.connect(receiver, sender=model, dispatch_uid=f"team-cache-{uid}")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"team-cache-{uid}-d")

    # The team's own row moves its generation itself (CachedRow).
    both(_managed_teams_forget, Team, "team")
    both(_team_row_changed, Membership, "membership")
    both(_team_row_changed, Invitation, "invitation")
    both(_member_work_changed, LessonProgress, "progress")
    both(_member_work_changed, Certificate, "certificate")
    post_save.connect(_member_changed, sender=User, dispatch_uid="team-cache-member")
    for relation in (Team.managers, Team.courses, Team.exams, Team.paths):
        m2m_changed.connect(
            _relation_changed,
            sender=relation.through,
            dispatch_uid=f"team-cache-{relation.field.name}",
        )
