"""One way to count every limit (app/core/ratelimits.py): fixed windows counted before the
action, refused with the real seconds left, given back on request, all or nothing for
quotas, and never more than the limit however many requests race."""

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from app.accounts.tests.factories import make_user
from app.core import ratelimits as limits
from app.core.ratelimits import (
    Client,
    QuotaExceeded,
    QuotaUse,
    Rate,
    RateLimited,
    client_of,
    limit_count,
    parse_rates,
    quotas_consume,
    rate_limited,
)
from app.core.tests.helpers import run_at_once

CLASSROOM = Client(address="203.0.113.7")


@pytest.fixture
def clock(monkeypatch):
    """The limits' clock, moved by hand: no test waits for a window to pass."""

    class Clock:
        now = 1_800_000_000.0  # a window boundary of every period used below

        def advance(self, seconds: float) -> None:
            self.now += seconds

    found = Clock()
    monkeypatch.setattr(limits.time, "time", lambda: found.now)
    return found


def test_rates_read_as_allauth_writes_them():
    assert parse_rates("10/m/ip, 5/5m/key,30/h/user,2/d/ip") == (
        Rate(10, 60, "ip"),
        Rate(5, 300, "key"),
        Rate(30, 3600, "user"),
        Rate(2, 86400, "ip"),
    )
    with pytest.raises(ValueError):
        parse_rates("ten/m/ip")


def test_the_attempt_over_the_limit_is_refused_with_the_seconds_left(settings, clock):
    settings.RATE_LIMITS = {"try": "3/m/ip"}
    clock.advance(20)
    for _ in range(3):
        limit_count(action="try", client=CLASSROOM)
    with pytest.raises(RateLimited) as refused:
        limit_count(action="try", client=CLASSROOM)
    assert refused.value.status == 429
    assert refused.value.retry_after == 40
    # Another address has its own budget; the window's end gives this one a new one.
    limit_count(action="try", client=Client(address="198.51.100.1"))
    clock.advance(40)
    limit_count(action="try", client=CLASSROOM)


def test_the_longest_full_window_says_when_to_come_back(settings, clock):
    settings.RATE_LIMITS = {"try": "2/m/ip,3/h/ip"}
    limit_count(action="try", client=CLASSROOM)
    limit_count(action="try", client=CLASSROOM)
    clock.advance(60)
    limit_count(action="try", client=CLASSROOM)
    with pytest.raises(RateLimited) as refused:
        limit_count(action="try", client=CLASSROOM)
    assert refused.value.retry_after == 3600 - 60


def test_a_refused_attempt_uses_up_nothing(settings, clock):
    settings.RATE_LIMITS = {"try": "1/m/ip,2/h/ip"}
    limit_count(action="try", client=CLASSROOM)
    for _ in range(5):
        with pytest.raises(RateLimited):
            limit_count(action="try", client=CLASSROOM)
    clock.advance(60)
    # The hour still has one attempt left: the refused ones did not count.
    limit_count(action="try", client=CLASSROOM)


def test_a_refund_gives_the_attempt_back(settings, clock):
    settings.RATE_LIMITS = {"guess": "2/m/ip"}
    for _ in range(10):
        limit_count(action="guess", client=CLASSROOM).refund()
    limit_count(action="guess", client=CLASSROOM)
    limit_count(action="guess", client=CLASSROOM)
    with pytest.raises(RateLimited):
        limit_count(action="guess", client=CLASSROOM)


def test_a_counter_given_back_after_its_window_ran_out_starts_again_at_zero(settings, clock):
    """An attempt that ends after its counter expired gives back a place nobody holds: the
    counter stays at zero instead of starting the next window with a free place."""
    from django.core.cache import cache

    assert limits.counters_add([("rl:test-flight", 1, 60), ("rl:test-other", 1, 60)]) == [1, 1]
    cache.delete("rl:test-flight")  # its window ran out meanwhile
    assert limits.counters_add([("rl:test-flight", -1, 60), ("rl:test-other", -1, 60)]) == [0, 0]
    assert limits.counters_add([("rl:test-flight", 1, 60)]) == [1]
    assert limits.counters_add([("rl:test-flight", -3, 60)]) == [0]
    assert cache.get("rl:test-flight") == 0


def test_a_guess_adds_to_its_four_counters_in_one_round_trip_after_redis_forgot_it_too(
    settings, clock, services
):
    """A guess at a voucher code counts against four rates: one command to Redis, sent by
    the script's digest; a Redis that lost its scripts (restarted, flushed) gets the
    script again and counts the same."""
    from django.core.cache import cache

    from app.core.redis_cache import redis_round_trips

    settings.RATE_LIMITS = {"guess": "10/m/user,30/h/user,100/m/ip,500/h/ip"}
    learner = Client(address="203.0.113.9", user_id=7)
    before = redis_round_trips()
    limit_count(action="guess", client=learner)
    assert redis_round_trips() - before in (1, 3)  # 3: the script sent first, once
    before = redis_round_trips()
    counted = limit_count(action="guess", client=learner)
    assert redis_round_trips() - before == 1
    redis = cache._cache.get_client(write=True)
    redis.script_flush()
    before = redis_round_trips()
    counted.refund()
    # Refused by its digest, the script is sent, then run.
    assert redis_round_trips() - before == 3
    limit_count(action="guess", client=learner)
    # Three guesses, one given back, on each of the four counters.
    assert sorted(int(redis.get(key)) for key in redis.scan_iter(match="*rl:guess:*")) == [2] * 4


def test_a_count_of_things_in_progress_lives_as_long_as_they_keep_coming():
    """A window ends when it ends; a count kept alive (the logins in flight at an address)
    lives its ttl after the last addition, so it never expires under what it counts."""
    import time

    for _ in range(3):
        limits.counters_add([("rl:test-window", 1, 2)])
        alive = limits.counters_add([("rl:test-flight", 1, 2)], kept_alive={"rl:test-flight"})
        time.sleep(1.2)
    assert alive == [3]
    # The window of two seconds began 3.6 s ago: the last addition started a new one.
    assert limits.counters_add([("rl:test-window", 0, 2)]) == [1]


@pytest.mark.django_db
def test_per_account_and_per_key_rates_count_only_with_an_account_or_a_key(settings, clock):
    settings.RATE_LIMITS = {"try": "1/m/user,1/m/key"}
    # A visitor without an account and without a key: nothing to count by.
    for _ in range(3):
        limit_count(action="try", client=CLASSROOM)
    user_id = make_user().pk
    ola = Client(address="203.0.113.7", user_id=user_id)
    limit_count(action="try", client=ola, key="Ola@Example.com")
    with pytest.raises(RateLimited):
        limit_count(action="try", client=Client(address="198.51.100.9", user_id=user_id))
    # The key is the same address however it is written.
    with pytest.raises(RateLimited):
        limit_count(action="try", client=Client(address="1.1.1.1"), key=" ola@example.COM")


def test_quotas_are_used_all_at_once_or_not_at_all(settings, clock):
    settings.RATE_LIMITS = {"mail": "5/h/user", "same": "2/d/key"}
    quotas_consume(uses=[QuotaUse("mail", 3, user_id=7)])
    with pytest.raises(QuotaExceeded) as refused:
        quotas_consume(uses=[QuotaUse("mail", 3, user_id=7)])
    assert refused.value.left == 2
    assert refused.value.retry_after == 3600
    with pytest.raises(QuotaExceeded) as refused:
        quotas_consume(uses=[QuotaUse("mail", 2, user_id=7), QuotaUse("same", 3, key="a@b.pl")])
    assert refused.value.use.action == "same"
    assert refused.value.retry_after == 86400 - clock.now % 86400  # midnight UTC
    # Nothing of the refused call was used.
    quotas_consume(uses=[QuotaUse("mail", 2, user_id=7)])


def test_the_decorator_counts_every_request_of_a_view(settings, clock):
    settings.RATE_LIMITS = {"peek": "2/m/ip"}

    @rate_limited("peek", message="Za dużo.")
    def view(request):
        return HttpResponse("ok")

    factory = RequestFactory()
    assert view(factory.get("/", REMOTE_ADDR="203.0.113.7")).status_code == 200
    assert view(factory.post("/", REMOTE_ADDR="203.0.113.7")).status_code == 200
    with pytest.raises(RateLimited) as refused:
        view(factory.get("/", REMOTE_ADDR="203.0.113.7"))
    assert refused.value.message == "Za dużo."


def test_the_client_is_resolved_once_per_request(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert client_of(request) == Client(address="203.0.113.7")
    request.META["HTTP_X_FORWARDED_FOR"] = "198.51.100.1"
    assert client_of(request).address == "203.0.113.7"


@pytest.mark.django_db(transaction=True)
def test_racing_requests_never_get_past_the_limit(settings, services):
    settings.RATE_LIMITS = {"race": "10/h/ip"}
    allowed: list[int] = []

    def attempt() -> None:
        try:
            limit_count(action="race", client=CLASSROOM)
            allowed.append(1)
        except RateLimited:
            pass

    run_at_once(*[attempt] * 40)
    assert len(allowed) == 10
