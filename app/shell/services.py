"""Writes of the shell."""

from django.utils import timezone

from app.accounts.cache import account_cache_bump
from app.accounts.models import User
from app.shell.models import Notification


def notification_create(*, user: User, message: str, url: str = "") -> Notification:
    """Leave `message` for `user` under the bell; `url` must pass validate_link."""
    notification = Notification(user=user, message=message, url=url)
    notification.full_clean()
    notification.save()
    return notification


def notification_mark_all_read(*, user: User) -> int:
    """Mark every unread notification of `user` as read; returns how many were unread."""
    marked = Notification.objects.filter(user=user, read_at__isnull=True).update(
        read_at=timezone.now()
    )
    # The update sends no signal: the bell's cached count must go by hand.
    account_cache_bump(user_id=user.pk)
    return marked


def user_set_language(*, user: User, language: str) -> None:
    """Remember the language a logged-in user chose (their e-mails use it too)."""
    if user.language != language:
        user.language = language
        user.save(update_fields=["language"])
