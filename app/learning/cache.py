"""A learner's heavy list props, kept in the cache until what they show changes.

Every cached entry depends on two generations (app/core/versioned_cache.py): the
learner's own account generation (moved when their access, finished lessons or
favourites change, and by anything else about the account) and the catalogue's (moved
when a course, lesson, exam, path or path course changes). Model signals move them in the
change's transaction; `QuerySet.update` of these models does not send signals, so writes
that use it call `bump_user` or `bump_catalogue` themselves.
"""

import hashlib
from collections.abc import Callable

from django.db.models import Model
from django.db.models.signals import post_delete, post_save

from app.accounts.cache import account_cache_bump, account_cached
from app.accounts.models import User
from app.core.versioned_cache import shared_generation, shared_generation_bump

CATALOGUE = "catalogue"


def bump_user(user_id: int) -> None:
    account_cache_bump(user_id=user_id)


def bump_catalogue() -> None:
    shared_generation_bump(CATALOGUE)


def cached_for_learner[T](*, name: str, user: User, variant: str, build: Callable[[], T]) -> T:
    """`build()`'s result for this learner and page variant (e.g. the query string),
    from the cache while neither generation moved."""
    digest = hashlib.sha256(variant.encode()).hexdigest()[:16]
    return account_cached(
        user=user,
        name=f"learning:{name}:{digest}",
        generations=(shared_generation(CATALOGUE),),
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
