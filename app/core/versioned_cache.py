"""Values kept in the cache until what they were built from changes, and never longer.

An entry is stored with the *generations* it was built under and is read only while every
one of them is still the same. Generations live in the database, where the truth lives:
- a row's own (`CachedRow.cache_generation`: an account, a team), moved by every save and
  `update()` of the row and by the signals of what hangs off it, in the same transaction
  as the change;
- a shared one (`CacheGeneration`: the catalogue, the alerts, the consent definition),
  moved by `generation_bump(key)`, also in the change's transaction.
So a change that commits has moved its generation, whatever the cache does: Redis down,
slow, answering late or dropping writes can cost a rebuild, never an old value. The caller
reads the generations *before* building (with the session, or with the access check), so
an entry is never filed under a generation newer than its data.

Shared generations are read by each process at most once a second (`SHARED_MAX_AGE`): a
change of the catalogue, an alert or the consent definition shows on every web node
within a second.
"""

import threading
import time
from collections.abc import Callable, Hashable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from app.core.models import CacheGeneration, new_generation
from app.core.request_cache import cache_get, cache_put

# Entries live no longer than this even when no generation moves, so a change made outside
# the models (a database edited by hand) shows within minutes.
ENTRY_TIMEOUT = 10 * 60
SHARED_MAX_AGE = 1.0

_shared_lock = threading.Lock()
_shared: dict[str, int] = {}
_shared_read_at = -SHARED_MAX_AGE
# Whether this thread moved a shared generation in the transaction it is in.
_bumped = threading.local()


def shared_generation(key: str) -> int:
    """The generation `key` of something everyone shares, at most SHARED_MAX_AGE old."""
    global _shared_read_at
    with _shared_lock:
        fresh = time.monotonic() - _shared_read_at < SHARED_MAX_AGE
        if fresh and key in _shared:
            return _shared[key]
    values = dict(CacheGeneration.objects.values_list("key", "value"))
    if key not in values:
        values[key] = CacheGeneration.objects.get_or_create(key=key)[0].value
    # A transaction that moved a generation sees the new one before it commits (or never
    # does): other threads must not take it from the process's copy meanwhile.
    if not connection.in_atomic_block:
        _bumped.in_transaction = False
    if not getattr(_bumped, "in_transaction", False):
        with _shared_lock:
            _shared.clear()
            _shared.update(values)
            _shared_read_at = time.monotonic()
    return values[key]


def shared_generation_bump(key: str) -> None:
    """Move the shared generation `key` in the current transaction; this process sees the
    new one as soon as it commits, the others within SHARED_MAX_AGE."""
    CacheGeneration.objects.bulk_create(
        [CacheGeneration(key=key, value=new_generation())],
        update_conflicts=True,
        unique_fields=["key"],
        update_fields=["value"],
    )
    _bumped.in_transaction = True
    _shared_forget()
    transaction.on_commit(_shared_forget)


def shared_generations_forget() -> None:
    """Read every shared generation from the database next time (tests start afresh)."""
    _shared_forget()


def _shared_forget() -> None:
    global _shared_read_at
    with _shared_lock:
        _shared_read_at = -SHARED_MAX_AGE


def versioned_cached[T](
    *,
    generations: Sequence[Hashable],
    entry_key: str,
    build: Callable[[], T],
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result, from the cache while the entry's generations are
    `generations` (read from the database before this call).

    `valid_until(value)` may name the moment the value goes out of date by itself (an
    invitation expiring, a new day): the entry is kept no longer. When `build` raises,
    nothing is stored."""
    current = tuple(generations)
    entry: Any = cache_get(entry_key)
    if isinstance(entry, tuple) and len(entry) == 2 and entry[0] == current:
        return entry[1]
    value = build()
    timeout = ENTRY_TIMEOUT
    until = valid_until(value) if valid_until else None
    if until is not None:
        timeout = min(timeout, int((until - timezone.now()).total_seconds()))
    if timeout > 0:
        cache_put(entry_key, (current, value), timeout)
    return value
