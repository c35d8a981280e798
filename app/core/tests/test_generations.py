"""Generations live in the database and move with every write in the write's own
transaction (app/core/versioned_cache.py); an entry is served only while they match."""

import threading
import time

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core import versioned_cache
from app.core.models import CacheGeneration
from app.core.roles import Role
from app.core.tests.helpers import visit
from app.core.versioned_cache import (
    near_entries_forget,
    shared_generation,
    shared_generation_bump,
    versioned_cached,
)
from app.learning.tests.factories import grant, make_course
from app.teams.tests.factories import make_team

pytestmark = pytest.mark.django_db


def _generation(user: User) -> int:
    return User.objects.values_list("cache_generation", flat=True).get(pk=user.pk)


def test_every_save_and_update_moves_the_generation():
    user = make_user()
    seen = {_generation(user)}
    user.first_name = "Ala"
    user.save()
    seen.add(_generation(user))
    user.save(update_fields=["first_name"])
    seen.add(_generation(user))
    User.objects.filter(pk=user.pk).update(last_name="Nowak")
    seen.add(_generation(user))
    assert len(seen) == 4


def test_a_stale_copy_saved_later_never_brings_an_old_generation_back():
    user = make_user()
    stale = User.objects.get(pk=user.pk)
    old = stale.cache_generation
    User.objects.filter(pk=user.pk).update(is_active=False)
    stale.last_name = "Później"
    stale.save()
    assert _generation(user) != old


def test_a_rolled_back_change_leaves_the_generation_as_it_was():
    user = make_user()
    before = _generation(user)
    with pytest.raises(RuntimeError), transaction.atomic():
        User.objects.filter(pk=user.pk).update(first_name="Nie")
        raise RuntimeError
    assert _generation(user) == before


def test_an_entry_is_served_only_under_its_generations():
    builds = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    assert versioned_cached(generations=(1, 2), entry_key="t", build=build) == 1
    assert versioned_cached(generations=(1, 2), entry_key="t", build=build) == 1
    assert versioned_cached(generations=(1, 3), entry_key="t", build=build) == 2
    assert versioned_cached(generations=(1, 2), entry_key="t", build=build) == 3


def test_a_learner_sees_a_new_course_at_once_though_the_cache_keeps_the_old_list(client):
    learner = make_user()
    grant(learner, make_course(title="Pierwszy"))
    client.force_login(learner)
    before = visit(client, "/platforma/moje_kursy").json()["props"]

    grant(learner, make_course(title="Drugi"))

    after = visit(client, "/platforma/moje_kursy").json()["props"]
    assert after != before
    assert "Drugi" in str(after)


def _read_in_another_thread(key: str) -> tuple[int, int]:
    """The shared generation as a web process reads it (outside any transaction), with
    the queries that cost; Django gives the thread a connection of its own."""
    found: dict[str, int] = {}

    def read() -> None:
        with CaptureQueriesContext(connection) as queries:
            found["value"] = shared_generation(key)
            found["again"] = shared_generation(key)
        found["queries"] = len(queries)
        connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    assert found["value"] == found["again"]
    return found["value"], found["queries"]


@pytest.mark.django_db(transaction=True)
def test_a_web_process_reads_shared_generations_at_most_once_a_second(services, monkeypatch):
    CacheGeneration.objects.create(key="catalogue", value=7)
    value, queries = _read_in_another_thread("catalogue")
    assert (value, queries) == (7, 1)
    # Within the second, from the process's copy.
    assert _read_in_another_thread("catalogue") == (7, 0)

    # A bump that commits is seen by this process at once.
    shared_generation_bump("catalogue")
    moved = CacheGeneration.objects.get(key="catalogue").value
    assert _read_in_another_thread("catalogue") == (moved, 1)

    # Another process's bump (here: a write this process did not make) once the copy is
    # older than SHARED_MAX_AGE (a second; shortened here).
    monkeypatch.setattr(versioned_cache, "SHARED_MAX_AGE", 0.05)
    CacheGeneration.objects.filter(key="catalogue").update(value=8)
    time.sleep(0.1)
    assert _read_in_another_thread("catalogue") == (8, 1)


@pytest.mark.django_db(transaction=True)
def test_an_uncommitted_bump_never_reaches_other_threads(services):
    CacheGeneration.objects.create(key="alerts", value=1)
    with transaction.atomic():
        shared_generation_bump("alerts")
        mine = shared_generation("alerts")
        # Another thread of the process reads the committed value, not this one.
        assert _read_in_another_thread("alerts")[0] == 1
        assert mine != 1
    assert _read_in_another_thread("alerts")[0] == mine


@pytest.mark.parametrize("who", ["learner", "manager"])
def test_a_logged_in_page_makes_at_most_one_round_trip_to_redis(client, services, who):
    from app.core.redis_cache import redis_round_trips

    user = make_user(roles=[Role.MANAGER] if who == "manager" else [])
    grant(user, make_course(title="Pierwszy"))
    team = make_team(managers=[user])
    client.force_login(user)
    urls = ["/platforma", "/platforma/moje_kursy"]
    if who == "manager":
        urls = ["/manager", f"/manager/zespol/{team.pk}"]
    for url in urls:
        visit(client, url)  # fills the entries
        # A node that has not read them yet (this process's own copies forgotten) reads
        # them all in one round trip; then it keeps them and asks Redis nothing.
        near_entries_forget()
        for round_trips in (1, 0):
            before = redis_round_trips()
            with CaptureQueriesContext(connection) as queries:
                assert visit(client, url).status_code == 200
            assert redis_round_trips() - before == round_trips, url
            assert '"accounts_session"' in queries[0]["sql"]
