"""A team's manager page, kept in the cache until what it shows changes.

An entry depends on the team's version and on the catalogue's (app/learning/cache.py: the
titles and lessons of the courses it grants). The team's version moves when the team, its
managers or grants, its memberships or invitations change, and when one of its members
changes their name or address, finishes or un-finishes a lesson or gets a certificate.
Model signals do the bumping; writes that bypass them (QuerySet.update, bulk_create) on
these models must call `team_cache_bump` themselves.
"""

from collections.abc import Callable, Iterable
from datetime import datetime

from django.db.models import Model
from django.db.models.signals import m2m_changed, post_delete, post_save

from app.core.versioned_cache import database_tag, version_bump, versioned_cached
from app.learning.cache import CATALOGUE_KEY


def _version_key(team_id: int) -> str:
    return f"team:{database_tag()}:version:{team_id}"


def team_cache_bump(*, team_id: int) -> None:
    version_bump(_version_key(team_id))


def teams_cache_bump(*, team_ids: Iterable[int]) -> None:
    for team_id in set(team_ids):
        team_cache_bump(team_id=team_id)


def team_cached[T](
    *,
    team_id: int,
    name: str,
    build: Callable[[], T],
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result for the team, from the cache while neither the team's version
    nor the catalogue's moved."""
    return versioned_cached(
        versions=[_version_key(team_id), CATALOGUE_KEY],
        entry_key=f"team:{database_tag()}:{name}:{team_id}",
        build=build,
        valid_until=valid_until,
    )


def _bump_teams_of_member(user_id: int) -> None:
    from app.teams.models import Membership

    teams_cache_bump(
        team_ids=Membership.objects.filter(user_id=user_id).values_list("team_id", flat=True)
    )


def _team_changed(sender, instance, **kwargs) -> None:
    team_cache_bump(team_id=instance.pk)


def _team_row_changed(sender, instance, **kwargs) -> None:
    # A membership or an invitation.
    team_cache_bump(team_id=instance.team_id)


def _member_work_changed(sender, instance, **kwargs) -> None:
    # A finished lesson or a certificate: the progress of every team the learner is in.
    _bump_teams_of_member(instance.user_id)


def _member_changed(sender, instance, update_fields=None, **kwargs) -> None:
    # Every login saves last_login, which no team page shows.
    if update_fields is not None and set(update_fields) <= {"last_login"}:
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

    both(_team_changed, Team, "team")
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
