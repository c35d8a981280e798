"""Fixtures of the fault and load suite (`pytest -m resilience`): proxies that cut the
platform off its services, and the services' addresses as the run was given them."""

from urllib.parse import urlsplit

import pytest
from django.conf import settings

from app.core.redis_cache import outage
from app.core.tests.resilience.proxy import FaultProxy
from app.core.tests.resilience.server import redis_url_through


@pytest.fixture
def redis_proxy(services):
    parts = urlsplit(settings.REDIS_URL)
    proxy = FaultProxy(parts.hostname or "127.0.0.1", parts.port or 6379)
    yield proxy
    proxy.stop()
    # The cache backs off for a moment after an outage; the next test starts afresh.
    outage.reset()


@pytest.fixture
def cache_through_proxy(settings, redis_proxy):
    """The platform's cache (and so its sessions and rate limits) reaches Redis only
    through `redis_proxy`."""
    settings.CACHES = {
        "default": {**settings.CACHES["default"], "LOCATION": redis_url_through(redis_proxy)}
    }
    yield redis_proxy
    outage.reset()


@pytest.fixture
def postgres_proxy(services):
    database = settings.DATABASES["default"]
    proxy = FaultProxy(database["HOST"] or "127.0.0.1", int(database["PORT"] or 5432))
    yield proxy
    proxy.stop()


@pytest.fixture
def broker_through(redis_proxy):
    """Tasks are sent to the broker (not run in the test's process) through `redis_proxy`."""
    from app.celery import app as celery_app

    saved = (celery_app.conf.broker_url, celery_app.conf.task_always_eager)
    celery_app.conf.broker_url = redis_url_through(redis_proxy)
    celery_app.conf.task_always_eager = False
    _forget_connections(celery_app)
    yield redis_proxy
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = saved
    _forget_connections(celery_app)


def _forget_connections(celery_app) -> None:
    # The app keeps its broker connections in kombu's process-wide pools, one per URL:
    # closing one would leave it closed for every later test of that URL, so the whole
    # registry is emptied (kombu makes fresh pools on the next use).
    from kombu import pools

    pools.reset()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
