"""Writes of the learner area: granting access, finishing lessons, certificates,
favourites, notes and the learner's profile."""

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from app.accounts import services as account_services
from app.accounts.models import User
from app.learning.cache import bump_user
from app.learning.models import (
    Access,
    Certificate,
    Course,
    Exam,
    Favourite,
    LearningPath,
    Lesson,
    LessonProgress,
    Note,
    ProductKind,
)

Product = Course | Exam | LearningPath
PRODUCT_FIELD: dict[type, ProductKind] = {Course: "course", Exam: "exam", LearningPath: "path"}


def access_create(*, user: User, product: Product, source: str, source_detail: str = "") -> Access:
    """Record that `user` owns the product (once per product); raises IntegrityError."""
    # For callers that checked ownership in a transaction an IntegrityError rolls back.
    field = PRODUCT_FIELD[type(product)]
    return Access.objects.create(
        user=user, source=source, source_detail=source_detail[:200], **{field: product}
    )


def access_grant(
    *, user: User, product: Product, source: str, source_detail: str = ""
) -> Access | None:
    """Give `user` the product once; None when they already own it (never a second record)."""
    try:
        with transaction.atomic():
            return access_create(
                user=user, product=product, source=source, source_detail=source_detail
            )
    except IntegrityError:
        # Already owned: the unique constraint keeps the first record.
        return None


def access_grant_many(
    *, user: User, products: Iterable[Product], source: str, source_detail: str = ""
) -> None:
    """Give `user` each of `products` they do not own yet, in one statement; the ones
    they own stay as they are. Callers that also write the account do so after it: every
    grant takes the learner's access before their account (as a redemption does), so two
    grants of one product at once wait for each other instead of deadlocking."""
    accesses = [
        Access(
            user=user,
            source=source,
            source_detail=source_detail[:200],
            **{PRODUCT_FIELD[type(product)]: product},
        )
        for product in products
    ]
    if not accesses:
        return
    Access.objects.bulk_create(accesses, ignore_conflicts=True)
    # bulk_create sends no post_save: the learner's cached lists move here.
    bump_user(user.pk)


def certificate_issue(*, user: User, course: Course) -> Certificate:
    """The learner's certificate of `course`, issued once with the name as printed."""
    certificate, _created = Certificate.objects.get_or_create(
        user=user, course=course, defaults={"participant_name": user.full_name}
    )
    return certificate


def lesson_set_done(*, user: User, lesson: Lesson, done: bool) -> Certificate | None:
    """Mark a lesson done or not; finishing the course's last one returns its certificate."""
    course = lesson.course
    with transaction.atomic():
        if not done:
            LessonProgress.objects.filter(user=user, lesson=lesson).delete()
            return None
        LessonProgress.objects.get_or_create(user=user, lesson=lesson)
        remaining = course.lessons.exclude(progress__user=user).exists()
        if remaining or Certificate.objects.filter(user=user, course=course).exists():
            return None
        return certificate_issue(user=user, course=course)


def favourite_set(*, user: User, course: Course, favourite: bool) -> None:
    """Add the owned course to the learner's favourites, or take it off; idempotent."""
    if favourite:
        Favourite.objects.get_or_create(user=user, course=course)
    else:
        Favourite.objects.filter(user=user, course=course).delete()


def note_create(*, user: User, course: Course, text: str) -> Note:
    """A new note of the learner on one of their courses (the caller checked ownership)."""
    return Note.objects.create(user=user, course=course, text=text)


def note_update(*, note: Note, text: str) -> Note:
    """Replace the text of the learner's own note."""
    note.text = text
    note.updated_at = timezone.now()
    note.save(update_fields=["text", "updated_at"])
    return note


def note_delete(*, note: Note) -> None:
    """Delete the learner's own note (the caller checked it is theirs)."""
    note.delete()


def profile_update(*, user: User, first_name: str, last_name: str, is_profile_public: bool) -> User:
    """Save the learner's names and public-profile switch (issued certificates keep theirs)."""
    user.first_name = first_name
    user.last_name = last_name
    user.is_profile_public = is_profile_public
    user.save(update_fields=["first_name", "last_name", "is_profile_public"])
    return user


def avatar_replace(*, user: User, image: bytes) -> None:
    """Make the avatar the form re-encoded (a square JPEG without metadata, see AvatarForm)
    the learner's, under a new unguessable name; the old file goes once that is committed.
    Raises ApplicationError (503) when the storage refuses the file or does not answer in
    time: nothing of the new file remains and the old avatar stays."""
    name = account_services.avatar_store(user=user, image=image)
    old = user.avatar.name
    try:
        with transaction.atomic():
            user.avatar = name
            user.save(update_fields=["avatar"])
    except BaseException:
        # No row points at the new file: it goes now, whatever stopped the change.
        user.avatar = old
        account_services.avatar_delete(name=name, after_commit=False)
        raise
    if old:
        account_services.avatar_delete(name=old)


def avatar_remove(*, user: User) -> None:
    """Go back to the default avatar; the file goes once that is committed. Idempotent."""
    old = user.avatar.name
    if not old:
        return
    user.avatar = ""
    user.save(update_fields=["avatar"])
    account_services.avatar_delete(name=old)
