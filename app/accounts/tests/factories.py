"""Factories for tests of every app: real objects through the real services."""

from itertools import count

from app.accounts.models import User
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
