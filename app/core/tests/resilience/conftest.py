"""Fixtures of the fault and load suite (`pytest -m resilience`): proxies that cut the
platform off its services, and the services' addresses as the run was given them."""

from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings

from app.core.cache import outage
from app.core.tests.resilience.proxy import FaultProxy


def redis_url_through(proxy: FaultProxy) -> str:
    """settings.REDIS_URL (its database number kept) with the proxy's address."""
    parts = urlsplit(settings.REDIS_URL)
    return urlunsplit(parts._replace(netloc=f"127.0.0.1:{proxy.port}"))


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
    # The app keeps its broker connections in pools made from the URL of their time.
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
