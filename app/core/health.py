"""Health probes for load balancers and orchestrators.

`live` says the process answers (it touches nothing else: a database outage must not get
every web process restarted); `ready` says this process can serve: the database answers
and is migrated, the cache (Redis) and the Celery broker answer. Both are answered by
`HealthProbeMiddleware` before sessions, CSRF, the host check, the HTTPS redirect and
every other middleware, so a probe costs no session, no query and no log line (unless it
fails), and a probe by IP address over plain HTTP is answered too.
"""

import logging
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.cache import add_never_cache_headers

logger = logging.getLogger(__name__)

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


def _no_store(response: HttpResponse) -> HttpResponse:
    add_never_cache_headers(response)
    return response


def live(request: HttpRequest) -> HttpResponse:
    return _no_store(JsonResponse({"status": "ok"}))


def ready(request: HttpRequest) -> HttpResponse:
    checks: dict[str, str] = {}
    for name, check in CHECKS.items():
        if name == "migrations" and checks.get("database") != "ok":
            checks[name] = "skipped"
            continue
        try:
            check()
        except Exception:
            # The answer names the part; the details (hosts, errors) stay in the log.
            logger.exception("Health check %s failed", name, extra={"check": name})
            checks[name] = "failing"
        else:
            checks[name] = "ok"
    failing = [name for name, state in checks.items() if state == "failing"]
    body = {"status": "failing" if failing else "ok", "failing": failing, "checks": checks}
    response = JsonResponse(body, status=503 if failing else 200)
    # Each failing check was logged above: Django need not log the 503 again.
    response._has_been_logged = True  # type: ignore[attr-defined]
    return _no_store(response)


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
            return _no_store(JsonResponse({"status": "method not allowed"}, status=405))
        return probe(request)
