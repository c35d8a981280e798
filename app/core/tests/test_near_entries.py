"""Each process keeps the cache entries it used last (app/core/versioned_cache.py), read by
the same rule as Redis's: only under the generations just read from the database, never
past the entry's expiry, and never changed by what a caller does to its value."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core import versioned_cache
from app.core.memory_lru import MemoryLru
from app.core.redis_cache import redis_round_trips
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


@pytest.mark.parametrize("read_from", ["its own build", "redis"])
def test_a_kept_entry_expires_with_the_entry(monkeypatch, read_from):
    build = Builds()
    until = timezone.now() + timedelta(seconds=30)
    versioned_cached(generations=(1,), entry_key="k", build=build, valid_until=lambda _v: until)
    if read_from == "redis":
        near_entries_forget()
        versioned_cached(generations=(1,), entry_key="k", build=build)
    assert build.count == 1
    # 31 seconds later, by the clock the entries are stamped with (Redis would have let the
    # entry go by then as well; it is emptied here to stand for that).
    now = versioned_cache.time.time()
    monkeypatch.setattr(versioned_cache.time, "time", lambda: now + 31)
    cache.clear()
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [2]}


def test_an_entry_in_redis_past_its_moment_is_not_taken(monkeypatch):
    build = Builds()
    versioned_cached(generations=(1,), entry_key="k", build=build)
    near_entries_forget()
    now = versioned_cache.time.time()
    monkeypatch.setattr(
        versioned_cache.time, "time", lambda: now + versioned_cache.ENTRY_TIMEOUT + 1
    )
    assert versioned_cached(generations=(1,), entry_key="k", build=build) == {"built": [2]}


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
    kept.discard("a")
    assert kept.get("a") is None and kept.bytes_used == 600
    kept.clear()
    assert len(kept) == 0 and kept.bytes_used == 0
