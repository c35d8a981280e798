"""The Redis cache keeps one client per connection pool instead of building one per call;
threads (each with its own cache, as Django gives them) keep getting their own values."""

from concurrent.futures import ThreadPoolExecutor

from django.core.cache import cache


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
