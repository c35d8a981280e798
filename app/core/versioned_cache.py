"""Values kept in the cache until what they were built from changes.

A value depends on one or more versions (an account's, a team's, the catalogue's), each a
cache key holding a random string. An entry remembers the versions it was built under and
is read only while every one of them is still the same. Whatever changes the rows behind a
version moves it with `version_bump`: when the change is saved and once more when it
commits, so an entry built in between from the old rows is filed under a version nobody
reads any more. One cache round trip reads the versions and the entry together.

The embedded default's cache is local to a process, and the embedded set-up serves from
one process; in production every process shares Redis.
"""

import hashlib
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

# Entries live no longer than this even when no version moves, so a change made outside
# the services and signals (a database edited by hand) shows within minutes.
ENTRY_TIMEOUT = 10 * 60
# A version that expires is simply created anew (entries under the old one go unread), so
# idle versions need not stay in the cache for ever.
VERSION_TIMEOUT = 30 * 24 * 3600


_database_tag: str | None = None


def database_tag() -> str:
    """A short tag of the database: primary keys restart when a database is created anew
    and the cache may outlive it, so keys naming a row's id carry the tag too."""
    global _database_tag
    if _database_tag is None:
        name = f"{connection.vendor}:{connection.settings_dict['NAME']}"
        _database_tag = hashlib.sha256(name.encode()).hexdigest()[:8]
    return _database_tag


def _new_version() -> str:
    # Random, not a counter: a version key evicted and created again never matches an
    # entry filed under its earlier value.
    return uuid.uuid4().hex


def version_bump(key: str) -> None:
    """Forget every entry built under the version `key` (now, and again on commit)."""
    cache.set(key, _new_version(), VERSION_TIMEOUT)
    transaction.on_commit(lambda: cache.set(key, _new_version(), VERSION_TIMEOUT))


def _current(found: dict[str, Any], key: str) -> str:
    value = found.get(key)
    if value is None:
        value = _new_version()
        # Another process may have created it a moment ago: theirs wins.
        if not cache.add(key, value, VERSION_TIMEOUT):
            value = cache.get(key) or value
    return value


def versioned_cached[T](
    *,
    versions: Sequence[str],
    entry_key: str,
    build: Callable[[], T],
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result, from the cache while none of `versions` (cache keys) moved.

    `valid_until(value)` may name the moment the value goes out of date by itself (an
    invitation expiring, a new day): the entry is kept no longer. When `build` raises,
    nothing is stored."""
    found: dict[str, Any] = cache.get_many([*versions, entry_key])
    current = tuple(_current(found, key) for key in versions)
    entry = found.get(entry_key)
    if entry is not None and entry[0] == current:
        return entry[1]
    value = build()
    timeout = ENTRY_TIMEOUT
    until = valid_until(value) if valid_until else None
    if until is not None:
        timeout = min(timeout, int((until - timezone.now()).total_seconds()))
    if timeout > 0:
        cache.set(entry_key, (current, value), timeout)
    return value
