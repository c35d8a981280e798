"""A learner's heavy list props, kept in the cache until what they show changes.

Every cached entry depends on two versions (app/core/versioned_cache.py): the learner's
own (bumped when their access, finished lessons or favourites change) and the catalogue's
(bumped when a course, lesson, exam, path or path course changes). Model signals do the
bumping; writes that bypass them (bulk_create, QuerySet.update) on these models must call
bump_user or bump_catalogue themselves.
"""

import hashlib
from collections.abc import Callable

from django.db.models import Model
from django.db.models.signals import post_delete, post_save

from app.core.versioned_cache import version_bump, versioned_cached

CATALOGUE_KEY = "learning:version:catalogue"


def _user_key(user_id: int) -> str:
    return f"learning:version:user:{user_id}"


def bump_user(user_id: int) -> None:
    version_bump(_user_key(user_id))


def bump_catalogue() -> None:
    version_bump(CATALOGUE_KEY)


def cached_for_learner[T](
    *, name: str, user_id: int, customer_id: str, variant: str, build: Callable[[], T]
) -> T:
    """`build()`'s result for this learner and page variant (e.g. the query string),
    from the cache while neither version moved."""
    digest = hashlib.sha256(variant.encode()).hexdigest()[:16]
    # The customer id is unique per account ever created, so an entry can never be served
    # to another account, not even one that reuses a primary key after a database reset.
    return versioned_cached(
        versions=[CATALOGUE_KEY, _user_key(user_id)],
        entry_key=f"learning:{name}:{customer_id}:{digest}",
        build=build,
    )


def _user_changed(sender, instance, **kwargs) -> None:
    bump_user(instance.user_id)


def _catalogue_changed(sender, **kwargs) -> None:
    bump_catalogue()


def connect_signals() -> None:
    from app.learning.models import (
        Access,
        Course,
        Exam,
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
    for model in (Course, Lesson, Exam, LearningPath, PathCourse):
        post_save.connect(_catalogue_changed, sender=model, dispatch_uid=f"learning-cat-{model}")
        post_delete.connect(
            _catalogue_changed, sender=model, dispatch_uid=f"learning-cat-d-{model}"
        )
