"""Structured logs: one JSON object a line, each carrying the id of the request (or of
the request that queued the task) it was written for.

The id comes from the `X-Request-ID` header when a proxy in front already gave one (and
it looks like an id), else it is made here; it goes back in the response's header, into
every log line written while the request runs, and through Celery's message headers
into the tasks the request queued (`connect_celery_signals`).
"""

import json
import logging
import re
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, ResolverMatch, resolve

REQUEST_ID_HEADER = "X-Request-ID"
# Celery message header the id travels in.
TASK_HEADER = "platforma_request_id"
# Ids a client or proxy may choose: short, plain characters (nothing that could forge a
# log line or fill it).
_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{8,128}$")
# URL parameters that are secrets: one-click session links, account deletion and restore,
# e-mail confirmation and password reset keys, voucher codes in redeem links and in the
# app's voucher call.
SECRET_URL_KWARGS = frozenset({"hash", "key", "code"})
MASK = "***"

request_id_var: ContextVar[str] = ContextVar("request_id", default="")

# Attributes every LogRecord has; anything else on a record was passed in `extra=`.
# Django's request logger passes the request object itself: its repr holds the raw path.
_STANDARD_ATTRS = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message",
    "asctime",
    "taskName",
    "request_id",
    "request",
}

access_logger = logging.getLogger("platforma.request")


def sane_request_id(value: str | None) -> str:
    """The id to use for a request that came with `value` in its X-Request-ID header."""
    if value and _SANE_ID.match(value):
        return value
    return uuid.uuid4().hex


@contextmanager
def request_id_bound(value: str) -> Iterator[None]:
    token = request_id_var.set(value)
    try:
        yield
    finally:
        request_id_var.reset(token)


def masked_path(path: str, match: ResolverMatch | None = None) -> str:
    """`path` with the secret parts of the URL replaced by ***: links e-mailed to one
    person (session, deletion, restore, password, voucher) must not end up in logs.
    `match` is the path's resolution when the request already has it."""
    if match is None:
        try:
            match = resolve(path)
        except Resolver404:
            return path
    for name, value in match.kwargs.items():
        if name in SECRET_URL_KWARGS and value:
            path = path.replace(str(value), MASK)
    return path


class RequestContextFilter(logging.Filter):
    """Puts the request id on every record (for the text format) and masks the secrets
    in the paths that Django's own request logger writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "request_id", None):
            record.request_id = request_id_var.get() or "-"
        if record.name == "django.request" and getattr(
            getattr(record, "request", None), "is_health_probe", False
        ):
            # A failing probe's checks were logged by the probe itself (app/core/health.py).
            return False
        if record.name == "django.request" and isinstance(record.args, tuple):
            record.args = tuple(
                masked_path(arg) if isinstance(arg, str) and arg.startswith("/") else arg
                for arg in record.args
            )
        return True


class JsonFormatter(logging.Formatter):
    """Writes a record as one JSON object: time, level, logger, message, request id, the
    exception if any, and whatever the call passed in `extra=`."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = getattr(record, "request_id", None) or request_id_var.get()
        if request_id and request_id != "-":
            entry["request_id"] = request_id
        for name, value in record.__dict__.items():
            if name not in _STANDARD_ATTRS and name not in entry and not name.startswith("_"):
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


class RequestLogMiddleware:
    """Outermost: gives each request its id and writes one line when it is answered
    (method, masked path, status, duration). Health probes are logged only when failing:
    a load balancer asks every few seconds."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = sane_request_id(request.headers.get(REQUEST_ID_HEADER))
        started = time.perf_counter()
        with request_id_bound(request_id):
            response = self.get_response(request)
            response[REQUEST_ID_HEADER] = request_id
            if access_logger.isEnabledFor(logging.INFO) and not (
                getattr(request, "is_health_probe", False) and response.status_code < 500
            ):
                path = masked_path(request.path_info, request.resolver_match)
                access_logger.info(
                    "%s %s %s",
                    request.method,
                    path,
                    response.status_code,
                    extra={
                        "method": request.method,
                        "path": path,
                        "status": response.status_code,
                        "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                    },
                )
        return response


def connect_celery_signals() -> None:
    """A task queued while a request runs carries the request's id in its message headers;
    the worker binds it while the task runs, so the task's log lines carry it too."""
    from celery import signals

    signals.before_task_publish.connect(_add_request_id_header, weak=False)
    signals.task_prerun.connect(_bind_task_request_id, weak=False)
    signals.task_postrun.connect(_unbind_task_request_id, weak=False)


def _add_request_id_header(headers: dict[str, Any] | None = None, **kwargs: Any) -> None:
    request_id = request_id_var.get()
    if request_id and headers is not None:
        headers.setdefault(TASK_HEADER, request_id)


_task_tokens: dict[str, Any] = {}


def _bind_task_request_id(task_id: str = "", task: Any = None, **kwargs: Any) -> None:
    request_id = getattr(getattr(task, "request", None), TASK_HEADER, None)
    if request_id and _SANE_ID.match(str(request_id)):
        _task_tokens[task_id] = request_id_var.set(str(request_id))


def _unbind_task_request_id(task_id: str = "", **kwargs: Any) -> None:
    token = _task_tokens.pop(task_id, None)
    if token is not None:
        request_id_var.reset(token)
