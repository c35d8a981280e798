"""Health probes for load balancers and orchestrators.

`live` says the process answers (it touches nothing else: a database outage must not get
every web process restarted); `ready` says this process can serve: the database answers
and is migrated, the cache (Redis) and the Celery broker answer. Both are answered by
`HealthProbeMiddleware` before sessions, CSRF, the host check, the HTTPS redirect and
every other middleware, so a probe costs no session, no query and no log line (unless it
fails), and a probe by IP address over plain HTTP is answered too.

A probe never waits longer than its deadline, whatever hangs: each check runs in a thread
of its own and one that has not finished within HEALTH_CHECK_TIMEOUT seconds is failing.
A check still stuck from an earlier probe is not started again (it is failing until it
ends), so a hung service costs one thread per check, never one per probe. Probes within
RESULT_MAX_AGE of each other share one result, and probes that arrive while the checks
run wait for that run: a crowd of probes (or a visitor repeating one) runs the checks at
most once a second.
"""

import contextvars
import logging
import threading
import time
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.cache import add_never_cache_headers

from app.core.errors import json_error
from app.core.single_flight import SingleFlight

logger = logging.getLogger(__name__)

RESULT_MAX_AGE = 1.0

# Migrations do not un-apply themselves while a process runs: once all are found applied
# the (costly) migration graph is not loaded again.
_migrated = False


def database_check() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def migrations_check() -> None:
    global _migrated
    if _migrated:
        return
    executor = MigrationExecutor(connection)
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if pending:
        raise RuntimeError(f"{len(pending)} migrations are not applied")
    _migrated = True


def cache_check() -> None:
    key = f"health:{uuid.uuid4().hex}"
    cache.set(key, "1", timeout=10)
    found = cache.get(key)
    cache.delete(key)
    if found != "1":
        raise RuntimeError("the cache did not return what was stored")


def broker_check() -> None:
    from celery import current_app

    if current_app.conf.task_always_eager:
        # Embedded: tasks run in-process, there is no broker to reach.
        return
    with current_app.connection_for_write() as conn:
        conn.ensure_connection(
            max_retries=1, interval_start=0, interval_step=0, timeout=settings.HEALTH_CHECK_TIMEOUT
        )


CHECKS: dict[str, Callable[[], None]] = {
    "database": database_check,
    "migrations": migrations_check,
    "cache": cache_check,
    "broker": broker_check,
}
# Checks that run one after the other in one thread: the migrations only once the
# database answers.
THREADS = {"database": ("database", "migrations"), "cache": ("cache",), "broker": ("broker",)}


class _Checks:
    """One run of the checks at a time, its result shared for RESULT_MAX_AGE."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._result: dict[str, str] | None = None
        self._result_at = 0.0
        self._runs: SingleFlight[dict[str, str]] = SingleFlight()
        self._threads: dict[str, threading.Thread] = {}

    def result(self) -> dict[str, str]:
        fresh = self._fresh()
        if fresh is not None:
            return fresh
        # A probe that comes while another runs the checks takes that run's answer.
        checks = self._runs.run(
            "checks", self._run_and_keep, wait=settings.HEALTH_CHECK_TIMEOUT + 0.5
        )
        return checks or {name: "failing" for name in CHECKS}

    def _fresh(self) -> dict[str, str] | None:
        """The last run's answer while it is younger than RESULT_MAX_AGE."""
        with self._lock:
            if self._result is not None and time.monotonic() - self._result_at < RESULT_MAX_AGE:
                return self._result
        return None

    def _run_and_keep(self) -> dict[str, str]:
        fresh = self._fresh()
        if fresh is not None:
            # A run ended between this probe's look and its turn: its answer stands.
            return fresh
        checks = {name: "failing" for name in CHECKS}
        try:
            checks = self._run_checks()
        except Exception:
            # Whatever goes wrong in running them (no thread to be had), the run ends
            # failing, and the next probe runs them anew.
            logger.exception("Health checks could not run")
        with self._lock:
            self._result, self._result_at = checks, time.monotonic()
        return checks

    def _run_checks(self) -> dict[str, str]:
        states: dict[str, str] = {}
        started: dict[str, threading.Thread] = {}
        for thread_name, names in THREADS.items():
            previous = self._threads.get(thread_name)
            if previous is not None and previous.is_alive():
                logger.error("Health check %s is still waiting for its service", thread_name)
                continue
            # The request's context (its id in the log lines) goes along.
            thread = threading.Thread(
                target=contextvars.copy_context().run,
                args=(self._run_in_thread, names, states),
                daemon=True,
                name=f"health-{thread_name}",
            )
            thread.start()
            started[thread_name] = self._threads[thread_name] = thread
        deadline = time.monotonic() + settings.HEALTH_CHECK_TIMEOUT
        for thread_name, thread in started.items():
            thread.join(max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                logger.error("Health check %s did not answer in time", thread_name)
        # Whatever has not answered by now is failing (a late answer is not taken).
        answered = dict(states)
        return {name: answered.get(name, "failing") for name in CHECKS}

    @staticmethod
    def _run_in_thread(names: tuple[str, ...], states: dict[str, str]) -> None:
        try:
            for name in names:
                if any(states.get(earlier) != "ok" for earlier in names[: names.index(name)]):
                    states[name] = "skipped"
                    continue
                try:
                    CHECKS[name]()
                except Exception:
                    # The answer names the part; the details (hosts, errors) stay in the log.
                    logger.exception("Health check %s failed", name, extra={"check": name})
                    states[name] = "failing"
                else:
                    states[name] = "ok"
        finally:
            # A thread of its own has a database connection of its own: not kept.
            connection.close()


_checks = _Checks()


def _no_store(response: HttpResponse) -> HttpResponse:
    add_never_cache_headers(response)
    return response


def live(request: HttpRequest) -> HttpResponse:
    return _no_store(JsonResponse({"status": "ok"}))


def ready(request: HttpRequest) -> HttpResponse:
    checks = _checks.result()
    failing = [name for name, state in checks.items() if state == "failing"]
    body = {"status": "failing" if failing else "ok", "failing": failing, "checks": checks}
    # Each failing check was logged; the 503 itself is not logged again (RequestContextFilter).
    return _no_store(JsonResponse(body, status=503 if failing else 200))


class HealthProbeMiddleware:
    """Answers the probes' addresses (named in app/core/urls.py) before anything else."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._probes: dict[str, Callable[[HttpRequest], HttpResponse]] | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._probes is None:
            self._probes = {reverse("core:health_live"): live, reverse("core:health_ready"): ready}
        probe = self._probes.get(request.path_info)
        if probe is None:
            return self.get_response(request)
        request.is_health_probe = True  # type: ignore[attr-defined]
        if request.method not in ("GET", "HEAD"):
            return _no_store(json_error(status=405))
        return probe(request)
