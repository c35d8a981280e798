"""The Redis cache keeps one client per connection pool instead of building one per call;
threads (each with its own cache, as Django gives them) keep getting their own values. It
is an adapter over private parts of Django's Redis backend (app/core/redis_cache.py):
they are still there, as it uses them."""

import inspect
import pickle
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import redis
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

from app.core.redis_cache import CountingRedis, SharedClientRedisCacheClient, TolerantRedisCache

# Nothing listens there: building a client and its pool connects to nothing.
NOWHERE = "redis://127.0.0.1:1/0"


def _client(*, write: bool = False):
    return cache._cache.get_client(write=write)  # type: ignore[attr-defined]


def test_every_call_uses_the_same_client_and_threads_get_their_own_values(services, db):
    assert _client(write=True) is _client(write=True) is _client()

    def round_trip(n: int) -> tuple[object, object, bool]:
        cache.set(f"shared-client-{n}", {"n": n})
        got = cache.get(f"shared-client-{n}")
        many = cache.get_many([f"shared-client-{n}", "shared-client-missing"])
        return got, many, _client() is _client(write=True)

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(round_trip, range(200)))

    for n, (got, many, same_client) in enumerate(answers):
        assert got == {"n": n}
        assert many == {f"shared-client-{n}": {"n": n}}
        assert same_client


def test_the_private_parts_of_djangos_redis_backend_are_still_there():
    # What TolerantRedisCache and SharedClientRedisCacheClient replace or call.
    django_cache: Any = RedisCache(NOWHERE, {})
    assert django_cache._class is RedisCacheClient
    assert isinstance(inspect.getattr_static(RedisCache, "_cache"), cached_property)
    django_client: Any = RedisCacheClient([NOWHERE])
    assert django_client._client is redis.Redis
    assert list(inspect.signature(RedisCacheClient._get_connection_pool).parameters) == [
        "self",
        "write",
    ]
    # Django's own get_client still builds its redis.Redis from those two, per call.
    assert "self._client(connection_pool=pool)" in inspect.getsource(RedisCacheClient.get_client)


def test_the_platforms_backend_builds_its_client_through_them():
    ours: Any = TolerantRedisCache(NOWHERE, {})
    client = ours._cache
    assert isinstance(client, SharedClientRedisCacheClient)
    assert isinstance(client.get_client(), CountingRedis)
    assert client.get_client() is client.get_client(write=True)


class Kept:
    """A value of this release, pickled."""


def test_an_entry_this_release_cannot_unpickle_is_a_miss(services, db):
    # Written by another release during a rolling deploy: it names a class this one lacks.
    foreign = pickle.dumps(Kept()).replace(b"Kept", b"Gone")
    for key in ("foreign-entry", "foreign-entry-2"):
        _client(write=True).set(cache.make_and_validate_key(key), foreign)
    cache.set("readable-entry", {"n": 1})

    assert cache.get("foreign-entry", "missing") == "missing"
    assert cache.get_many(["foreign-entry-2"]) == {}
    # Redis is not taken as down: the next read is asked and answered.
    assert cache.get("readable-entry") == {"n": 1}
