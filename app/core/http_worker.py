"""Gunicorn's threaded worker, with a deadline for a request's line and headers.

Gunicorn's `gthread` worker gives a connection to a thread as soon as its first bytes
arrive, and the thread then reads the headers with no time limit: a client sending one
header byte every few seconds (slowloris) holds a thread for as long as it likes, and a
handful of such clients hold them all. Here the request line and headers must arrive
within HTTP_HEADER_TIMEOUT seconds of the first byte, or the client gets 408 and the
connection is closed; a body must keep arriving (no pause longer than
HTTP_IDLE_TIMEOUT seconds). Used by gunicorn.conf.py (worker_class).

`ErrorLogger`, gunicorn's logger with its error log only, is gunicorn.conf.py's
logger_class.
"""

import contextlib
import os
import socket
import time
from typing import Any

from gunicorn import glogging, util
from gunicorn.workers import gthread

HEADER_TIMEOUT = float(os.environ.get("HTTP_HEADER_TIMEOUT", "10"))
IDLE_TIMEOUT = float(os.environ.get("HTTP_IDLE_TIMEOUT", "30"))


class RequestHeaderTimeout(Exception):
    """The client did not send its request line and headers in time."""


class DeadlineSocket:
    """The socket as the request parser sees it: each read waits at most until the
    deadline of the headers (while they are read) or IDLE_TIMEOUT (the body)."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self.deadline: float | None = None

    def recv(self, *args: Any) -> bytes:
        if self.deadline is None:
            self._sock.settimeout(IDLE_TIMEOUT)
            return self._sock.recv(*args)
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise RequestHeaderTimeout
        self._sock.settimeout(remaining)
        try:
            return self._sock.recv(*args)
        except TimeoutError:
            raise RequestHeaderTimeout from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def deadline_on_each_request(conn: Any) -> None:
    """Give the headers of each request on `conn` their deadline, from the moment gthread
    starts reading them.

    Gunicorn has no public hook between a thread taking a connection (once its first
    bytes arrived, or it went back to the poller) and the parser reading the request: the
    adapter wraps the connection's own `init()`, which `ThreadWorker.handle` calls for
    every request right before parsing it (and which creates the parser on the first).
    `app/core/tests/test_http_worker.py::test_the_deadline_adapter_still_fits_gthread`
    fails the day gunicorn stops calling it there."""
    if getattr(conn, "platforma_deadline", False):
        return
    init = conn.init

    def init_with_deadline() -> None:
        init()
        unreader = getattr(conn.parser, "unreader", None)
        if unreader is None:  # HTTP/2: frames, not a header block read by this thread.
            return
        if not isinstance(unreader.sock, DeadlineSocket):
            unreader.sock = DeadlineSocket(unreader.sock)
        unreader.sock.deadline = time.monotonic() + HEADER_TIMEOUT

    conn.init = init_with_deadline
    conn.platforma_deadline = True


class HeaderTimeoutWorker(gthread.ThreadWorker):
    def handle(self, conn: Any) -> Any:
        if not self.cfg.is_ssl:
            deadline_on_each_request(conn)
        return super().handle(conn)

    def handle_request(self, req: Any, conn: Any) -> Any:
        # The headers are in: the body and the answer are not bound by their deadline.
        unreader = getattr(conn.parser, "unreader", None)
        if unreader is not None and isinstance(unreader.sock, DeadlineSocket):
            unreader.sock.deadline = None
        return super().handle_request(req, conn)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        if isinstance(exc, RequestHeaderTimeout):
            self.log.info("Request headers not received within %ss: 408", HEADER_TIMEOUT)
            with contextlib.suppress(OSError):
                util.write_error(client, 408, "Request Timeout", "The request took too long.")
            return
        super().handle_error(req, client, addr, exc)


class ErrorLogger(glogging.Logger):
    """gunicorn's logger, writing its error log only (gunicorn.conf.py, logger_class).

    Django writes one line per request with its request id (app/core/logging.py), so
    gunicorn's access log is off. But gunicorn takes a logging configuration (ours gives
    its error log the platform's format) as an access log being wanted: it then gathers
    each request's access-log fields, only for its silenced access logger to drop them.
    That cost every request about 14 µs of CPU (its access() timed alone)."""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        return None
