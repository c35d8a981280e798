"""Factories for tests of every app: real objects through the real services."""

from datetime import timedelta
from itertools import count

from django.utils import timezone

from app.accounts.models import SessionLink, User
from app.accounts.services import user_grant_roles

DEFAULT_PASSWORD = "correct-horse-42"
_sequence = count(1)


def make_user(
    *, email: str | None = None, password: str = DEFAULT_PASSWORD, roles=(), **fields
) -> User:
    n = next(_sequence)
    fields.setdefault("first_name", "Ola")
    fields.setdefault("last_name", "Testowa")
    user = User.objects.create_user(email or f"user{n}@example.com", password, **fields)
    if roles:
        user_grant_roles(user=user, codes=tuple(roles))
    return user


def logged_in(client, **fields) -> User:
    """A new account (make_user's `fields`) logged in on the test client."""
    user = make_user(**fields)
    client.force_login(user)
    return user


def mark_for_deletion(user: User, *, hours_ago: float) -> None:
    """`user` as if the deletion was confirmed `hours_ago` (the account locked since)."""
    User.objects.filter(pk=user.pk).update(
        deletion_marked_at=timezone.now() - timedelta(hours=hours_ago), is_active=False
    )


def make_session_link(user: User, **fields) -> tuple[SessionLink, str]:
    """A session link of `user` (to /platforma/moje_kursy unless `path` says otherwise)
    and its secret, valid for 72 hours."""
    fields.setdefault("path", "moje_kursy")
    return SessionLink.issue(lifetime=timedelta(hours=72), user=user, **fields)
