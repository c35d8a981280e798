"""A learner's heavy list props, kept in the cache until what they show changes.

Every cached entry remembers two versions: the learner's own (bumped when their access,
finished lessons or favourites change) and the catalogue's (bumped when a course, lesson,
path or path course changes). A version moves when the change is saved and once more when
it commits, so a page built in between from the old rows is filed under a version nobody
reads any more. Model signals do the bumping; writes that bypass them (bulk_create,
QuerySet.update) on these models must call bump_user or bump_catalogue themselves.
"""

import hashlib
import uuid
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Model
from django.db.models.signals import post_delete, post_save

CATALOGUE_KEY = "learning:version:catalogue"
ENTRY_TIMEOUT = 10 * 60
# A version that expires is simply created anew (entries under the old one go unread), so
# idle learners' versions need not stay in the cache for ever.
VERSION_TIMEOUT = 30 * 24 * 3600


def _user_key(user_id: int) -> str:
    return f"learning:version:user:{user_id}"


def _new_version() -> str:
    # Random, not a counter: a version key evicted and created again never matches
    # an entry filed under its earlier value.
    return uuid.uuid4().hex


def _bump(key: str) -> None:
    cache.set(key, _new_version(), VERSION_TIMEOUT)
    transaction.on_commit(lambda: cache.set(key, _new_version(), VERSION_TIMEOUT))


def bump_user(user_id: int) -> None:
    _bump(_user_key(user_id))


def bump_catalogue() -> None:
    _bump(CATALOGUE_KEY)


def _versions(found: dict[str, Any], user_id: int) -> tuple[str, str]:
    versions = []
    for key in (CATALOGUE_KEY, _user_key(user_id)):
        value = found.get(key)
        if value is None:
            value = _new_version()
            # Another process may have created it a moment ago: theirs wins.
            if not cache.add(key, value, VERSION_TIMEOUT):
                value = cache.get(key) or value
        versions.append(value)
    return versions[0], versions[1]


def cached_for_learner[T](
    *, name: str, user_id: int, customer_id: str, variant: str, build: Callable[[], T]
) -> T:
    """`build()`'s result for this learner and page variant (e.g. the query string),
    from the cache while neither version moved."""
    digest = hashlib.sha256(variant.encode()).hexdigest()[:16]
    # The customer id is unique per account ever created, so an entry can never be served
    # to another account, not even one that reuses a primary key after a database reset.
    entry_key = f"learning:{name}:{customer_id}:{digest}"
    found = cache.get_many([CATALOGUE_KEY, _user_key(user_id), entry_key])
    versions = _versions(found, user_id)
    entry = found.get(entry_key)
    if entry is not None and entry[0] == versions:
        return entry[1]
    value = build()
    cache.set(entry_key, (versions, value), ENTRY_TIMEOUT)
    return value


def _user_changed(sender, instance, **kwargs) -> None:
    bump_user(instance.user_id)


def _catalogue_changed(sender, **kwargs) -> None:
    bump_catalogue()


def connect_signals() -> None:
    from app.learning.models import (
        Access,
        Course,
        Favourite,
        LearningPath,
        Lesson,
        LessonProgress,
        PathCourse,
    )

    model: type[Model]
    for model in (Access, LessonProgress, Favourite):
        post_save.connect(_user_changed, sender=model, dispatch_uid=f"learning-user-{model}")
        post_delete.connect(_user_changed, sender=model, dispatch_uid=f"learning-user-d-{model}")
    for model in (Course, Lesson, LearningPath, PathCourse):
        post_save.connect(_catalogue_changed, sender=model, dispatch_uid=f"learning-cat-{model}")
        post_delete.connect(
            _catalogue_changed, sender=model, dispatch_uid=f"learning-cat-d-{model}"
        )
