"""/health/live and /health/ready: what a load balancer asks before sending traffic."""

import pytest

from app.core import health


@pytest.fixture(autouse=True)
def _forget_migrated(monkeypatch):
    monkeypatch.setattr(health, "_migrated", False)
    # Each test asks anew (probes share a result for a second).
    monkeypatch.setattr(health, "_checks", health._Checks())


def test_live_answers_without_touching_the_database(client):
    # No django_db mark: any query (a session load among them) would raise here.
    response = client.get("/health/live", HTTP_COOKIE="sessionid=whatever")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-store" in response["Cache-Control"]
    assert "Set-Cookie" not in response


@pytest.mark.django_db
def test_ready_reports_every_part_ok(client):
    response = client.get("/health/ready")

    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "failing": [],
        "checks": {"database": "ok", "migrations": "ok", "cache": "ok", "broker": "ok"},
    }
    assert "no-store" in response["Cache-Control"]


@pytest.mark.django_db
def test_ready_checks_migrations_once_per_process(client, monkeypatch):
    loads = []
    real = health.MigrationExecutor
    monkeypatch.setattr(health, "MigrationExecutor", lambda c: loads.append(1) or real(c))
    client.get("/health/ready")
    monkeypatch.setattr(health, "_checks", health._Checks())
    assert client.get("/health/ready").status_code == 200
    assert loads == [1]


@pytest.mark.django_db
@pytest.mark.parametrize("part", ["database", "cache", "broker"])
def test_ready_answers_503_naming_the_failing_part(client, monkeypatch, part):
    def broken():
        raise ConnectionError("redis.internal:6379 refused")

    monkeypatch.setitem(health.CHECKS, part, broken)
    response = client.get("/health/ready")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["failing"] == [part]
    assert body["checks"][part] == "failing"
    # Host names and errors stay in the log, not in a public answer.
    assert "redis.internal" not in response.content.decode()
    if part == "database":
        assert body["checks"]["migrations"] == "skipped"


@pytest.mark.django_db
def test_ready_fails_while_migrations_are_pending(client, monkeypatch):
    class PendingExecutor:
        def __init__(self, connection):
            self.loader = type("Loader", (), {"graph": type("G", (), {"leaf_nodes": list})})()

        def migration_plan(self, targets):
            return [("accounts", "0099_next")]

    monkeypatch.setattr(health, "MigrationExecutor", PendingExecutor)
    response = client.get("/health/ready")

    assert response.status_code == 503
    assert response.json()["failing"] == ["migrations"]


def test_broker_check_reaches_the_broker(monkeypatch, settings):
    from celery import current_app

    nowhere = "redis://127.0.0.1:1/0"
    from kombu import Connection
    from kombu.exceptions import OperationalError

    monkeypatch.setattr(current_app, "connection_for_write", lambda: Connection(nowhere))
    settings.HEALTH_CHECK_TIMEOUT = 0.5
    current_app.conf.task_always_eager = False
    try:
        with pytest.raises(OperationalError):
            health.broker_check()
    finally:
        current_app.conf.task_always_eager = True


def test_probes_refuse_writes(client):
    assert client.post("/health/ready").status_code == 405


def test_probes_skip_the_host_check_and_the_https_redirect(client, settings):
    # A load balancer probes each machine by its address, over plain HTTP.
    settings.ALLOWED_HOSTS = ["platforma.example"]
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/health/live", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
