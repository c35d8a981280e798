"""Each process keeps the cache entries it used last (app/core/versioned_cache.py), read by
the same rule as Redis's: only under the generations just read from the database, never
past the entry's expiry, and never changed by what a caller does to its value."""

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core import versioned_cache
from app.core.frozen import Frozen
from app.core.memory_lru import MemoryLru
from app.core.redis_cache import redis_round_trips
from app.core.request_cache import stored_key
from app.core.roles import Role
from app.core.tests.helpers import page_of, visit
from app.core.versioned_cache import near_entries_forget, versioned_cached

pytestmark = pytest.mark.django_db


class Builds:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> dict[str, list[int]]:
        self.count += 1
        return {"built": [self.count]}


def test_a_process_keeps_what_it_read_and_asks_redis_nothing_more(services):
    build = Builds()
    versioned_cached(generations=(1,), entry_key="k", build=build)
    near_entries_forget()  # as another node, which has only Redis's copy
    before = redis_round_trips()
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [1]}
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [1]}
    assert redis_round_trips() - before == 1
    assert build.count == 1


def test_a_kept_entry_is_never_served_under_other_generations():
    build = Builds()
    versioned_cached(generations=(1, 7), entry_key="k", build=build)
    # Redis emptied too: only the process's own copy could answer, and it must not.
    cache.clear()
    assert versioned_cached(generations=(1, 8), entry_key="k", build=build) == {"built": [2]}
    assert versioned_cached(generations=(1, 7), entry_key="k", build=build) == {"built": [3]}


def test_what_a_caller_does_to_its_value_never_reaches_the_next_reader():
    build = Builds()
    mine = versioned_cached(generations=(1,), entry_key="k", build=build)
    mine["built"].append(99)
    theirs = versioned_cached(generations=(1,), entry_key="k", build=build)
    assert theirs == {"built": [1]}
    theirs["built"].clear()
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [1]}


class Clocks:
    """Moves versioned_cache's two clocks (the cache's own expiry is left to Redis)."""

    def __init__(self, monkeypatch) -> None:
        self.offset = 0.0
        wall, monotonic = versioned_cache._wall_clock, versioned_cache._monotonic_clock
        monkeypatch.setattr(versioned_cache, "_wall_clock", lambda: wall() + self.offset)
        monkeypatch.setattr(versioned_cache, "_monotonic_clock", lambda: monotonic() + self.offset)


@pytest.mark.parametrize("read_from", ["its own build", "redis"])
def test_a_kept_entry_expires_with_the_entry(monkeypatch, read_from):
    clocks = Clocks(monkeypatch)
    build = Builds()
    until = timezone.now() + timedelta(seconds=30)
    versioned_cached(generations=(1,), entry_key="k", build=build, valid_until=lambda _v: until)
    if read_from == "redis":
        near_entries_forget()
        versioned_cached(generations=(1,), entry_key="k", build=build)
    assert build.count == 1
    clocks.offset = 28
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [1]}
    # 31 seconds on: Redis has let the entry go by then (emptied here to stand for that),
    # and the process's own copy must not answer either.
    clocks.offset = 31
    cache.clear()
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [2]}


def test_an_entry_in_the_cache_past_its_moment_is_not_taken(monkeypatch):
    clocks = Clocks(monkeypatch)
    build = Builds()
    versioned_cached(generations=(1,), entry_key="k", build=build)
    near_entries_forget()
    clocks.offset = versioned_cache.ENTRY_TIMEOUT + 1
    # The cache still holds it (its own clock has not moved); its moment has passed.
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [2]}


def test_a_copy_of_an_entry_stamped_by_a_clock_far_ahead_lives_ten_minutes_at_most(monkeypatch):
    clocks = Clocks(monkeypatch)
    build = Builds()
    # Another node, its clock a day ahead, built the entry.
    a_day_on = versioned_cache._wall_clock() + 86_400
    cache.set(stored_key("k"), ((1,), {"built": [0]}, a_day_on), versioned_cache.ENTRY_TIMEOUT)
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [0]}
    clocks.offset = versioned_cache.ENTRY_TIMEOUT + 1
    cache.clear()
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [1]}


def test_a_role_taken_away_shows_on_the_next_page_of_the_node_that_kept_the_menu(client):
    manager = make_user(roles=[Role.MANAGER])
    client.force_login(manager)
    assert _areas(client) == ["manager_panel"]
    manager.roles.clear()
    cache.clear()  # whatever Redis holds, the node's own copy must not answer
    assert _areas(client) == []


def _areas(client) -> list[str]:
    menu = page_of(visit(client, "/platforma"))["props"]["menu"]
    return [entry["key"] for entry in menu["areas"]]


def test_the_memory_keeps_within_its_budget_the_least_recently_used_going_first():
    kept: MemoryLru[str, bytes] = MemoryLru(budget=800, size_of=len)
    for name in "abcdefgh":
        kept.put(name, b"x" * 100)
    assert kept.get("a") == b"x" * 100  # now the most recently used
    kept.put("i", b"y" * 100)  # 900 bytes: "b", the least recently used, goes
    assert kept.get("b") is None
    assert all(kept.get(name) is not None for name in "acdefghi")
    assert kept.bytes_used == 800
    # A value over an eighth of the budget is not kept; the one it replaces goes all the same.
    kept.put("c", b"z" * 101)
    assert kept.get("c") is None
    assert kept.bytes_used == 700
    kept.clear()
    assert len(kept) == 0 and kept.bytes_used == 0


@dataclass(frozen=True, slots=True)
class FrozenValue(Frozen):
    built: tuple[int, ...]


def test_a_frozen_value_is_handed_out_as_it_is_and_read_from_redis_equal():
    builds = []

    def build() -> FrozenValue:
        builds.append(1)
        return FrozenValue(built=(len(builds),))

    first = versioned_cached(generations=(1,), entry_key="k", build=build)
    assert versioned_cached(generations=(1,), entry_key="k", build=build) is first
    assert versioned_cached(generations=(2,), entry_key="k", build=build) == FrozenValue((2,))
    near_entries_forget()  # as another node, which has only Redis's copy
    from_redis = versioned_cached(generations=(2,), entry_key="k", build=build)
    assert from_redis == FrozenValue((2,))
    assert versioned_cached(generations=(2,), entry_key="k", build=build) is from_redis
    assert len(builds) == 2
