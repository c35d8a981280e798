"""An outage of a service the platform needs answers 503 in the error body, on the app's
calls and the pages' alike, whether it strikes inside an operation, in its auth or before
it (a middleware reading the session): never a 500 (docs/behaviour.md#outages)."""

from contextlib import contextmanager
from importlib import import_module
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import InterfaceError, OperationalError
from django.test import Client

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.api.tests.helpers import error_of, get_api, post_api, token_of
from app.core.redis_cache import CacheUnavailable

pytestmark = pytest.mark.django_db

UPDATING = (
    "Aktualizujemy właśnie naszą stronę, wracamy za kilka chwil. Przepraszamy za niedogodności."
)
LOGIN = {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}


@contextmanager
def redis_cut():
    """The cache as the platform finds it when Redis is gone: a rate-limit counter it
    cannot read or write raises CacheUnavailable (app.core.redis_cache)."""
    refused = CacheUnavailable("Redis is unavailable")
    with (
        mock.patch.object(cache, "get", side_effect=refused),
        mock.patch.object(cache, "get_many", side_effect=refused),
        mock.patch.object(cache, "add", side_effect=refused),
        mock.patch.object(cache, "incr", side_effect=refused),
        mock.patch.object(cache, "set", side_effect=refused),
        mock.patch.object(cache, "set_many", side_effect=refused),
        # The limits' counters (app/core/ratelimits.py; Redis counts them in one command).
        mock.patch.object(cache, "counters_add", side_effect=refused, create=True),
    ):
        yield


def assert_outage(response) -> None:
    assert response.status_code == 503
    assert error_of(response) == {"message": UPDATING, "code": 503}


@pytest.fixture
def client() -> Client:
    return Client(raise_request_exception=False)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/public/login", LOGIN),
        ("/api/public/register", {"username": "nowa@example.com", "password": "x"}),
        ("/api/public/reminder", {"email": "ola@example.com"}),
        ("/api/accounts/username-check", {"username": "nowa@example.com"}),
    ],
)
def test_a_rate_limited_call_is_refused_with_503_when_redis_is_gone(client, path, body):
    make_user(email="ola@example.com")

    with redis_cut():
        response = post_api(client, path, body)

    assert_outage(response)


def test_a_limited_get_of_the_app_is_refused_with_503_when_redis_is_gone(client):
    with redis_cut():
        response = get_api(client, "/api/public/username?username=nowa@example.com")

    assert_outage(response)


@pytest.mark.parametrize("error", [OperationalError("gone"), InterfaceError("closed")])
@pytest.mark.parametrize("path", ["/api/public/alerts", "/api/alerts"])
def test_the_database_gone_inside_an_operation_is_a_503(client, path, error):
    with mock.patch("app.shell.selectors.active_alert_get", side_effect=error):
        response = client.get(path)

    assert_outage(response)


def test_the_database_gone_while_the_token_is_checked_is_a_503(client):
    token = token_of(make_user())

    with mock.patch(
        "app.accounts.services.app_token_authenticate", side_effect=OperationalError("gone")
    ):
        response = get_api(client, "/api/app/user", token=token)

    assert_outage(response)


def test_the_database_gone_before_the_operation_runs_is_a_503_in_the_error_body(client):
    # The session is read by a middleware, before any view: Django's 500 handler answers.
    client.force_login(make_user())

    store = import_module(settings.SESSION_ENGINE).SessionStore
    with mock.patch.object(store, "load", side_effect=OperationalError("gone")):
        response = client.get("/api/notifications")

    assert_outage(response)
