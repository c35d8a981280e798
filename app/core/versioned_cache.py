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

Each process also keeps the entries it read or built last, in its own memory
(`NEAR_BYTES`): a page opened again on the same node then costs no round trip to Redis.
A near entry is read by the same rule as one in Redis, only while its generations equal
the ones just read from the database and never past the moment its entry expires (by this
node's clock, and never more than ENTRY_TIMEOUT after it was read), so it is as right as
Redis's copy. It is kept pickled, so what a caller does to the value it got never changes
the next reader's; a value that cannot be changed (`Frozen`: a page's encoded props, an
account's shell) is kept and handed out as it is, with no unpickling on each read. Emptying
Redis does not empty the processes' copies: a change made outside the models (a database
edited by hand) shows once the entries expire, within ten minutes, or at once after the web
processes restart.
"""

import pickle
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.utils import timezone

from app.core.frozen import Frozen
from app.core.memory_lru import MemoryLru
from app.core.models import CacheGeneration, new_generation
from app.core.request_cache import cache_get, cache_put

# Entries live no longer than this even when no generation moves, so a change made outside
# the models (a database edited by hand) shows within minutes.
ENTRY_TIMEOUT = 10 * 60
SHARED_MAX_AGE = 1.0
# What one process keeps of the entries it used last.
NEAR_BYTES = 16 * 1024 * 1024


class _Near(NamedTuple):
    generations: tuple
    # The value pickled, or itself when it is Frozen.
    kept: bytes | Frozen
    # By this process's monotonic clock: a node's copy of an entry another node stamped
    # lives for the time the entry has left by this node's wall clock, at most
    # ENTRY_TIMEOUT, whatever the two clocks say.
    deadline: float
    # Its pickle's bytes, which the memory budget counts.
    size: int


# The clocks, by name, so tests can move them without moving every other clock.
_wall_clock = time.time
_monotonic_clock = time.monotonic


_near: MemoryLru[str, _Near] = MemoryLru(budget=NEAR_BYTES, size_of=lambda near: near.size + 200)

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


def near_entries_forget() -> None:
    """Forget the entries this process keeps in its memory (tests start afresh)."""
    _near.clear()


def _entry_fits(entry: Any, generations: tuple, now: float) -> bool:
    """Whether `entry`, as read from the cache, is a value built under `generations` that
    has not expired."""
    return (
        isinstance(entry, tuple)
        and len(entry) == 3
        and entry[0] == generations
        and isinstance(entry[2], float)
        and entry[2] > now
    )


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
    near = _near.get(entry_key)
    if near is not None and near.generations == current and near.deadline > _monotonic_clock():
        if isinstance(near.kept, Frozen):
            return near.kept  # type: ignore[return-value]
        return pickle.loads(near.kept)  # noqa: S301 - written by this process only
    now = _wall_clock()
    entry: Any = cache_get(entry_key)
    if _entry_fits(entry, current, now):
        _near_keep(entry_key, current, entry[1], min(entry[2] - now, ENTRY_TIMEOUT))
        return entry[1]
    value = build()
    timeout = ENTRY_TIMEOUT
    until = valid_until(value) if valid_until else None
    if until is not None:
        timeout = min(timeout, int((until - timezone.now()).total_seconds()))
    if timeout > 0:
        # The entry carries the moment it expires: a node that reads it from Redis keeps
        # its own copy no longer.
        _near_keep(entry_key, current, value, timeout)
        cache_put(entry_key, (current, value, now + timeout), timeout)
    return value


def _near_keep(entry_key: str, generations: tuple, value: Any, seconds: float) -> None:
    deadline = _monotonic_clock() + seconds
    pickled = pickle.dumps(value)
    if isinstance(value, Frozen):
        _near.put(
            entry_key, _Near(generations, value, deadline, len(pickled) + value.unpickled_bytes())
        )
    else:
        _near.put(entry_key, _Near(generations, pickled, deadline, len(pickled)))
