"""Reads of accounts."""

import re
from datetime import datetime
from functools import cache

from django.conf import settings
from django.db.models import QuerySet

from app.accounts.models import User

LEARNER_AREA = "/platforma"
_SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,100}$")


def email_is_taken(*, email: str) -> bool:
    return User.objects.filter(email__iexact=email).exists()


def is_learner_page(*, path: str, course_id: int | None) -> bool:
    """Whether /platforma/<path>[/<course_id>] is a page of the learner area (SPEC §2):
    the only places a session link may lead. Unknown pages of the area count as outside."""
    if not isinstance(path, str) or not _SLUG.match(path):
        return False
    if course_id is not None and (not isinstance(course_id, int) or course_id < 0):
        return False
    # Only the pages a learner opens: not the actions (notes, lessons) posted to the area.
    return (path, course_id is not None) in learner_link_targets()


@cache
def learner_link_targets() -> list[tuple[str, bool]]:
    """The learner pages a session link can open, as (path, needs a course id)."""
    from app.learning.urls import urlpatterns

    targets = []
    for pattern in urlpatterns:
        route = str(pattern.pattern)
        if not route.startswith("platforma/") or pattern.name in (None, "home"):
            continue
        parts = route.removeprefix("platforma/").split("/")
        if len(parts) == 1 and _SLUG.match(parts[0]):
            targets.append((parts[0], False))
        elif len(parts) == 2 and _SLUG.match(parts[0]) and parts[1] == "<int:course_id>":
            targets.append((parts[0], True))
    return targets


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
