"""What every logged-in page needs about its account, kept in the cache until it changes.

Each account has a version in the cache; every entry of that account is filed under the
version it was built at, and read only while the version is still the same. The services
and signals that change what an entry shows (the account, its roles, its e-mail addresses,
notifications, invitations) move the version with `account_cache_bump`, so an entry is
never served stale. A version moves when the change is saved and once more when it
commits: an entry built in between from the old rows is filed under a version nobody
reads any more.

The embedded default's cache is local to a process, and the embedded set-up serves from
one process; in production every process shares Redis.
"""

import hashlib
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

# Entries live no longer than this even when nothing moves their version, so a change
# made outside the services and signals (a database edited by hand) shows within minutes.
ENTRY_TIMEOUT = 10 * 60
# A version that expires is simply created anew (entries under the old one go unread).
VERSION_TIMEOUT = 30 * 24 * 3600

_database_tag: str | None = None


def _prefix() -> str:
    # Primary keys restart when a database is created anew, the cache may outlive it:
    # entries are filed under the database they came from.
    global _database_tag
    if _database_tag is None:
        name = f"{connection.vendor}:{connection.settings_dict['NAME']}"
        _database_tag = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"account:{_database_tag}"


def _version_key(user_id: int) -> str:
    return f"{_prefix()}:version:{user_id}"


def _entry_key(user_id: int, name: str) -> str:
    return f"{_prefix()}:{name}:{user_id}"


def _new_version() -> str:
    # Random, not a counter: a version key evicted and created again never matches an
    # entry filed under its earlier value.
    return uuid.uuid4().hex


def account_cache_bump(*, user_id: int) -> None:
    """Forget every cached entry of the account (now, and again when the change commits)."""
    key = _version_key(user_id)
    cache.set(key, _new_version(), VERSION_TIMEOUT)
    transaction.on_commit(lambda: cache.set(key, _new_version(), VERSION_TIMEOUT))


def account_cached[T](
    *,
    user_id: int,
    name: str,
    build: Callable[[], T],
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result for the account, from the cache while its version has not moved.
    `valid_until(value)` may name the moment the value goes out of date by itself (an
    invitation expiring): the entry is kept no longer."""
    version_key, entry_key = _version_key(user_id), _entry_key(user_id, name)
    found: dict[str, Any] = cache.get_many([version_key, entry_key])
    version = found.get(version_key)
    if version is None:
        version = _new_version()
        # Another process may have created it a moment ago: theirs wins.
        if not cache.add(version_key, version, VERSION_TIMEOUT):
            version = cache.get(version_key) or version
    entry = found.get(entry_key)
    if entry is not None and entry[0] == version:
        return entry[1]
    value = build()
    timeout = ENTRY_TIMEOUT
    until = valid_until(value) if valid_until else None
    if until is not None:
        timeout = min(timeout, int((until - timezone.now()).total_seconds()))
    if timeout > 0:
        cache.set(entry_key, (version, value), timeout)
    return value


def _account_changed(sender, instance, **kwargs) -> None:
    account_cache_bump(user_id=instance.pk)


def _address_changed(sender, instance, **kwargs) -> None:
    # A verified address shows the account's invitations; a changed one may hide them.
    account_cache_bump(user_id=instance.user_id)


def _roles_changed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    if not reverse:
        if action in ("post_add", "post_remove", "post_clear"):
            account_cache_bump(user_id=instance.pk)
        return
    # A role's side of the relation: the accounts that gained or lost it.
    if action in ("post_add", "post_remove"):
        user_ids = pk_set or ()
    elif action == "pre_clear":
        user_ids = instance.users.values_list("pk", flat=True)
    else:
        return
    for user_id in user_ids:
        account_cache_bump(user_id=user_id)


def connect_signals() -> None:
    from allauth.account.models import EmailAddress
    from django.db.models.signals import m2m_changed, post_delete, post_save

    from app.accounts.models import User

    post_save.connect(_account_changed, sender=User, dispatch_uid="account-cache-user")
    post_delete.connect(_account_changed, sender=User, dispatch_uid="account-cache-user-d")
    m2m_changed.connect(_roles_changed, sender=User.roles.through, dispatch_uid="account-roles")
    post_save.connect(_address_changed, sender=EmailAddress, dispatch_uid="account-address")
    post_delete.connect(_address_changed, sender=EmailAddress, dispatch_uid="account-address-d")
