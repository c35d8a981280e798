"""The session engines load a session with a hand-written SELECT: the same sessions as
Django's engines, expired ones not."""

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.utils import timezone

from app.core.sessions import cached_db, db

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("engine", [db, cached_db], ids=["db", "cached_db"])
def test_a_live_session_loads_with_its_data_and_expiry(engine):
    store = engine.SessionStore()
    store["cart"] = [1, 2]
    store.set_expiry(3600)
    store.save()
    key = store.session_key
    if engine is cached_db:
        store._cache.delete(store.cache_key)  # from the database, not the cache
    loaded = engine.SessionStore(session_key=key)
    assert loaded["cart"] == [1, 2]
    assert loaded.session_key == key
    assert 3500 < loaded.get_expiry_age() <= 3600


@pytest.mark.parametrize("engine", [db, cached_db], ids=["db", "cached_db"])
def test_an_expired_or_unknown_session_loads_empty(engine):
    store = engine.SessionStore()
    store["cart"] = [1]
    store.save()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    if engine is cached_db:
        store._cache.delete(store.cache_key)
    expired = engine.SessionStore(session_key=store.session_key)
    assert expired.load() == {}
    assert expired.session_key is None
    assert engine.SessionStore(session_key="x" * 32).load() == {}
