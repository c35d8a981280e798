"""The Redis cache, tolerant of Redis going away.

What the cache holds are copies, each checked against generations kept in the database
(app/core/versioned_cache.py): when Redis does not answer, a read is a miss and a write
is skipped, and the page is built from the database instead. Nothing that grants access
is kept here (sessions live in the database), so a lost write or a late answer can cost
a rebuild, never an old value. Rate-limit counters are
different: a limit that cannot be counted must not let everything through, so their keys
raise `CacheUnavailable`, which the platform answers with 503 (fail closed).

After a failure the cache does not ask Redis again for `RETRY_AFTER` seconds, so a Redis
that hangs instead of refusing slows down one request, not every one; the outage is
logged once, and its end once.

An adapter over Django's Redis backend (ARCHITECTURE.md, "Libraries"): its public API is
the backend and its OPTIONS (the pool's class and options, the serializer), which name
neither the client class the backend builds nor the redis.Redis the client makes for
every call. So this module leans on four private names of
django.core.cache.backends.redis, and only here: `RedisCache._class` (the client class it
builds) and `RedisCache._cache` (the built client, which runs the limits' counting script),
`RedisCacheClient._client` (the redis.Redis class) and
`RedisCacheClient._get_connection_pool(write)`. test_redis_client.py fails the day one of
them changes.
"""

import logging
import pickle
import threading
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, TypeVar

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient, RedisSerializer
from redis.commands.core import Script
from redis.exceptions import RedisError

logger = logging.getLogger("platforma.cache")

# The keys of rate-limit counters (app/core/ratelimits.py), and allauth's and the login
# slow-down's.
COUNTER_KEY_PREFIXES = ("rl:", "allauth:rl:", "platforma:login-")
RETRY_AFTER = 2.0

T = TypeVar("T")


class CacheUnavailable(Exception):
    """A rate-limit counter could not be read or written: the action must be refused."""


class _Outage:
    """Whether Redis is known to be down, shared by every thread of the process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._down_until = 0.0
        self._down = False

    @property
    def down(self) -> bool:
        """The last call to Redis failed (and none has succeeded since)."""
        return self._down

    def skipping(self) -> bool:
        return time.monotonic() < self._down_until

    def failed(self, error: Exception) -> None:
        with self._lock:
            self._down_until = time.monotonic() + RETRY_AFTER
            if self._down:
                return
            self._down = True
        logger.error("Redis cache unavailable, serving without it: %s", error)

    def reset(self) -> None:
        """Forget a past outage: the next call asks Redis again."""
        with self._lock:
            self._down_until = 0.0
            self._down = False

    def answered(self) -> None:
        if not self._down:
            return
        with self._lock:
            if not self._down:
                return
            self._down = False
        logger.warning("Redis cache available again")


outage = _Outage()


def _is_counter(key: str) -> bool:
    return any(prefix in key for prefix in COUNTER_KEY_PREFIXES)


_counted = threading.local()


def redis_round_trips() -> int:
    """How many round trips to Redis this thread has made (the benchmark reports them per
    request: a logged-in page should need one)."""
    return getattr(_counted, "round_trips", 0)


def _count() -> None:
    _counted.round_trips = getattr(_counted, "round_trips", 0) + 1


class CountingRedis(redis.Redis):
    """redis.Redis counting its round trips: one per command, one per pipeline sent."""

    def execute_command(self, *args: Any, **options: Any) -> Any:
        _count()
        return super().execute_command(*args, **options)

    def pipeline(self, *args: Any, **kwargs: Any) -> Any:
        pipe = super().pipeline(*args, **kwargs)
        send = pipe.execute

        def execute(*send_args: Any, **send_kwargs: Any) -> Any:
            _count()
            return send(*send_args, **send_kwargs)

        pipe.execute = execute  # type: ignore[method-assign]
        return pipe


class SharedClientRedisCacheClient(RedisCacheClient):
    """Django's client, keeping one redis.Redis per connection pool.

    Django builds a new redis.Redis for every cache call, and building one copies its
    table of response callbacks: about a quarter of a millisecond, several times on every
    logged-in page. The client only borrows connections from its pool, so each pool's is
    built once (Django gives every thread a cache object, and so a client, of its own)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._client = CountingRedis

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # (django-stubs leave out the private parts of Django's client used here.)
        django_client: Any = self
        pool = django_client._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            # Pools are kept for the life of the process, so their ids stay theirs.
            client = self._clients.setdefault(id(pool), django_client._client(connection_pool=pool))
        return client


class UnreadableEntry(Exception):
    """An entry this release cannot unpickle."""


class TolerantSerializer(RedisSerializer):
    """Django's serializer (its OPTIONS["serializer"]), for which anything in the cache
    naming a class or module this release lacks is a miss rather than a 500:
    `TolerantRedisCache` answers the read as if Redis had none. (The versioned entries of
    another release are never read at all: `stored_key`, app/core/request_cache.py.)"""

    def loads(self, data: Any) -> Any:
        try:
            return super().loads(data)
        except (pickle.UnpicklingError, AttributeError, ImportError, EOFError) as error:
            raise UnreadableEntry(str(error)) from error


# Adds to each counter in one step (Redis runs a script alone, so nothing expires halfway):
# created with its ttl when missing; never below zero (a counter given back after its
# window ran out would start the next one with places nobody gave it); and, when it counts
# things in progress rather than a window (its third argument), its ttl started again, so
# it cannot expire while anything it counts is still going. All of a call's counters go in
# one command, sent by its digest (EVALSHA): a guess at a code adds to four.
_COUNTERS_ADD = Script(
    None,  # type: ignore[arg-type]  # the client is given with each call
    b"""
local values = {}
for i, key in ipairs(KEYS) do
  local amount, ttl = ARGV[3 * i - 2], ARGV[3 * i - 1]
  redis.call('SET', key, 0, 'EX', ttl, 'NX')
  local value = redis.call('INCRBY', key, amount)
  if value < 0 then
    value = redis.call('INCRBY', key, -value)
  end
  if ARGV[3 * i] == '1' then
    redis.call('EXPIRE', key, ttl)
  end
  values[i] = value
end
return values
""",
)


class TolerantRedisCache(RedisCache):
    """Django's Redis cache whose errors are misses, except for rate-limit counters."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient

    def _call(self, keys: Iterable[str], fallback: T, operation: Callable[[], T]) -> T:
        counter = any(_is_counter(str(key)) for key in keys)
        if outage.skipping():
            if counter:
                raise CacheUnavailable("Redis is unavailable")
            return fallback
        try:
            result = operation()
        except UnreadableEntry as error:
            logger.info("A cache entry this release cannot read was taken as missing: %s", error)
            return fallback
        except RedisError as error:
            outage.failed(error)
            if counter:
                raise CacheUnavailable(str(error)) from error
            return fallback
        outage.answered()
        return result

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        return self._call(
            [key], False, lambda: super(TolerantRedisCache, self).add(key, value, timeout, version)
        )

    def get(self, key, default=None, version=None) -> Any:
        return self._call(
            [key], default, lambda: super(TolerantRedisCache, self).get(key, default, version)
        )

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        self._call(
            [key], None, lambda: super(TolerantRedisCache, self).set(key, value, timeout, version)
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        return self._call(
            [key], False, lambda: super(TolerantRedisCache, self).touch(key, timeout, version)
        )

    def delete(self, key, version=None) -> bool:
        return self._call(
            [key], False, lambda: super(TolerantRedisCache, self).delete(key, version)
        )

    def get_many(self, keys, version=None) -> dict[str, Any]:
        keys = list(keys)
        return self._call(keys, {}, lambda: super(TolerantRedisCache, self).get_many(keys, version))

    def has_key(self, key, version=None) -> bool:
        return self._call(
            [key], False, lambda: super(TolerantRedisCache, self).has_key(key, version)
        )

    def incr(self, key, delta=1, version=None) -> int:
        # A counter that cannot be incremented is never a plain miss: incr is only used on
        # counters, so it fails closed whatever the key.
        if outage.skipping():
            raise CacheUnavailable("Redis is unavailable")
        try:
            result = super().incr(key, delta, version)
        except RedisError as error:
            outage.failed(error)
            raise CacheUnavailable(str(error)) from error
        outage.answered()
        return result

    def counters_add(
        self, items: Sequence[tuple[str, int, int]], *, kept_alive: Collection[str] = ()
    ) -> list[int]:
        """`ratelimits.counters_add` in one round trip (one command). Counters fail closed: raises
        CacheUnavailable when Redis does not answer (app/core/ratelimits.py)."""
        if outage.skipping():
            raise CacheUnavailable("Redis is unavailable")
        try:
            keys = [self.make_and_validate_key(key) for key, _amount, _ttl in items]
            args = [
                value
                for key, amount, ttl in items
                for value in (amount, ttl, int(key in kept_alive))
            ]
            values = _COUNTERS_ADD(keys, args, client=self._cache.get_client(write=True))
        except RedisError as error:
            outage.failed(error)
            raise CacheUnavailable(str(error)) from error
        outage.answered()
        return [int(value) for value in values]

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None) -> list:
        keys = list(data)
        return self._call(
            keys, keys, lambda: super(TolerantRedisCache, self).set_many(data, timeout, version)
        )

    def delete_many(self, keys, version=None) -> None:
        keys = list(keys)
        self._call(keys, None, lambda: super(TolerantRedisCache, self).delete_many(keys, version))

    def clear(self) -> None:
        self._call([], None, lambda: super(TolerantRedisCache, self).clear())
