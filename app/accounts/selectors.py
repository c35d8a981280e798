"""Reads of accounts."""

import re
from collections.abc import Iterable
from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db.models import QuerySet
from django.urls import URLPattern, URLResolver
from django.utils import timezone

from app.accounts.models import AppToken, User
from app.core import roles

_SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,100}$")


def user_email_taken(*, email: str) -> bool:
    """Whether an account has the address `email`, in any case (addresses are unique)."""
    return User.objects.filter(email__iexact=email).exists()


def email_is_verified(*, user: User) -> bool:
    """Whether `user` proved it receives mail at its address (the verification e-mail's
    link, or a team invitation's link opened by this account)."""
    return EmailAddress.objects.filter(user=user, email__iexact=user.email, verified=True).exists()


def roles_manageable_by(*, actor: User) -> frozenset[str]:
    """The roles of the accounts `actor` may change, and the roles it may grant and take
    away: ADMIN the area roles (and learners, who have none), SUPER_ADMIN also ADMIN.
    Nobody manages its own level: whoever could, could make or unmake peers."""
    if not actor.is_authenticated or not actor.is_active:
        return frozenset()
    if roles.Role.SUPER_ADMIN in actor.role_codes:
        return roles.AREA_ROLES | {roles.Role.ADMIN}
    if roles.Role.ADMIN in actor.role_codes:
        return roles.AREA_ROLES
    return frozenset()


def user_change_allowed(
    *, actor: User, target: User, new_roles: Iterable[str] | None = None
) -> bool:
    """Whether `actor` may change the account `target` in any way (data, e-mail, password,
    active flag, roles, erasing it, sending it a login link), in the admin panel or any
    API: only when every role of `target` is within roles_manageable_by(actor), and never
    its own account. With `new_roles`, also whether `target` may end up with them."""
    powers = roles_manageable_by(actor=actor)
    if not powers or (target.pk is not None and target.pk == actor.pk):
        return False
    current = target.role_codes if target.pk is not None else frozenset()
    if not current <= powers:
        return False
    return new_roles is None or set(new_roles) <= powers


def learner_page_exists(*, path: str, course_id: int | None) -> bool:
    """Whether /platforma/<path>[/<course_id>] is a page of the learner area: the only
    places a session link may lead (docs/behaviour.md#session-links). Unknown pages of the area
    count as outside."""
    if not isinstance(path, str) or not _SLUG.match(path):
        return False
    if course_id is not None and (not isinstance(course_id, int) or course_id < 0):
        return False
    # Only the pages a learner opens: not the actions (notes, lessons) posted to the area.
    return (path, course_id is not None) in learner_pages_list()


# The learner pages a session link can open, as (path, needs a course id). The apps that
# own learner pages register them at start-up (their AppConfig.ready), so accounts never
# imports the apps above it.
_LEARNER_LINK_TARGETS: set[tuple[str, bool]] = set()


def learner_pages_register(*, patterns: Iterable[URLPattern | URLResolver]) -> None:
    """Register the pages among `patterns` (/platforma/<slug>, /platforma/<slug>/<course
    id>) that a session link may open; the area's home and unnamed catch-alls are not."""
    for pattern in patterns:
        route = str(pattern.pattern)
        if not route.startswith("platforma/") or getattr(pattern, "name", None) in (None, "home"):
            continue
        parts = route.removeprefix("platforma/").split("/")
        if len(parts) == 1 and _SLUG.match(parts[0]):
            _LEARNER_LINK_TARGETS.add((parts[0], False))
        elif len(parts) == 2 and _SLUG.match(parts[0]) and parts[1] == "<int:course_id>":
            _LEARNER_LINK_TARGETS.add((parts[0], True))


def learner_pages_list() -> list[tuple[str, bool]]:
    """The registered learner pages a session link may open, as (path, needs a course id)."""
    return sorted(_LEARNER_LINK_TARGETS)


def accounts_due_for_purge(*, now: datetime) -> QuerySet[User, int]:
    """Ids of the accounts whose confirmed deletion is older than the grace period."""
    return (
        User.objects.filter(
            deletion_marked_at__isnull=False,
            deletion_marked_at__lte=now - settings.ACCOUNT_DELETION_GRACE,
            anonymised_at__isnull=True,
        )
        .order_by("deletion_marked_at", "pk")
        .values_list("pk", flat=True)
    )


def app_token_list(*, user: User) -> QuerySet[AppToken]:
    """The live sessions of the mobile app of `user`, the latest used first (sessions idle
    longer than API_TOKEN_IDLE_DAYS are over, whether or not their row is gone yet)."""
    idle_since = timezone.now() - timedelta(days=settings.API_TOKEN_IDLE_DAYS)
    return AppToken.objects.filter(user=user, last_used_at__gt=idle_since).order_by(
        "-last_used_at", "-pk"
    )
