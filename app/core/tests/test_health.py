"""/health/live and /health/ready: what a load balancer asks before sending traffic."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings

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


def test_probes_refuse_writes_with_the_one_error_body(client):
    response = client.post("/health/ready")
    assert response.status_code == 405
    assert response.json() == {
        "error": {"message": "Ten adres nie przyjmuje żądań tego rodzaju.", "code": 405}
    }


def _counted(monkeypatch) -> list[str]:
    runs: list[str] = []
    for name in list(health.CHECKS):
        monkeypatch.setitem(health.CHECKS, name, lambda name=name: runs.append(name))
    return runs


def test_crowds_of_probes_share_one_run_for_a_second(monkeypatch):
    runs = _counted(monkeypatch)
    now = [1000.0]
    monkeypatch.setattr(health.time, "monotonic", lambda: now[0])
    checks = health._Checks()
    answers = [checks.result() for _ in range(20)]
    assert runs.count("database") == 1
    assert all(answer == answers[0] for answer in answers)
    now[0] += health.RESULT_MAX_AGE - 0.01
    checks.result()
    assert runs.count("database") == 1
    # A second on, the next probe runs them again.
    now[0] += 0.02
    checks.result()
    assert runs.count("database") == 2


def test_a_probe_whose_turn_comes_after_a_run_ended_takes_that_runs_answer(monkeypatch):
    # The probe found no fresh answer; before its turn to run the checks, another probe ran
    # them and ended. Running them again would break "at most once a second".
    runs = _counted(monkeypatch)
    checks = health._Checks()
    run = checks._runs.run

    def another_probe_ends_first(key, work, *, wait):
        monkeypatch.setattr(checks._runs, "run", run)
        checks.result()
        return run(key, work, wait=wait)

    monkeypatch.setattr(checks._runs, "run", another_probe_ends_first)
    assert checks.result()["database"] == "ok"
    assert runs.count("database") == 1


def test_concurrent_probes_wait_for_the_run_under_way(monkeypatch):
    release = threading.Event()
    runs = []

    def slow_database():
        runs.append(1)
        release.wait(1)

    monkeypatch.setitem(health.CHECKS, "database", slow_database)
    monkeypatch.setitem(health.CHECKS, "migrations", lambda: None)
    monkeypatch.setitem(health.CHECKS, "cache", lambda: None)
    monkeypatch.setitem(health.CHECKS, "broker", lambda: None)
    checks = health._Checks()
    with ThreadPoolExecutor(10) as pool:
        answers = [pool.submit(checks.result) for _ in range(10)]
        time.sleep(0.2)
        release.set()
        results = [answer.result(timeout=5) for answer in answers]
    assert runs == [1]
    assert {result["database"] for result in results} == {"ok"}


@pytest.mark.django_db
def test_a_hanging_database_fails_the_probe_within_its_deadline(client, monkeypatch, settings):
    settings.HEALTH_CHECK_TIMEOUT = 0.5
    stuck = threading.Event()
    monkeypatch.setitem(health.CHECKS, "database", lambda: stuck.wait(10))
    try:
        started = time.monotonic()
        response = client.get("/health/ready")
        took = time.monotonic() - started
        assert response.status_code == 503
        assert response.json()["checks"]["database"] == "failing"
        assert took < 3
        # While it hangs it is not started again: later probes fail at once.
        monkeypatch.setattr(health, "RESULT_MAX_AGE", 0)
        again = time.monotonic()
        assert client.get("/health/ready").status_code == 503
        assert time.monotonic() - again < 3
    finally:
        stuck.set()


@pytest.mark.django_db
def test_a_run_that_cannot_start_fails_and_leaves_later_probes_free(client, monkeypatch):
    real = health._Checks._run_checks
    failures = ["can't start new thread"]

    def first_fails(self):
        if failures:
            raise RuntimeError(failures.pop())
        return real(self)

    monkeypatch.setattr(health._Checks, "_run_checks", first_fails)
    monkeypatch.setattr(health, "RESULT_MAX_AGE", 0)
    assert client.get("/health/ready").status_code == 503
    # The next probe runs the checks anew: it does not wait on a run that never ended, which
    # would hold it HEALTH_CHECK_TIMEOUT + 0.5 s (2 s); room is left for a busy machine.
    started = time.monotonic()
    assert client.get("/health/ready").status_code == 200
    assert time.monotonic() - started < settings.HEALTH_CHECK_TIMEOUT + 0.3
