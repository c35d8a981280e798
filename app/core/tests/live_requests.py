"""The live server's open connections, so a test's database is emptied only once the
browser's last requests have been answered.

A browser test ends when its last expectation holds, while the page it leaves may have
just asked for more (the alerts and the version a page polls after loading). The live
server answers those in its own threads; when one of them ran into the flush that empties
the database after the test, the flush failed and the next test found the last one's
accounts (seen on a busy machine). So each connection the live server accepts is counted
until its thread has answered everything sent on it and closed it. A browser closes its
connections when its context closes (in ~0.1 s here), and the database is emptied once
none is left.
"""

import threading
import time
import warnings
from typing import Any

DEADLINE = 5.0


class OpenConnections:
    """The connections a socketserver (the live server's) has accepted and not closed."""

    def __init__(self, server: Any) -> None:
        self._lock = threading.Lock()
        self._open: set[Any] = set()
        accept, close = server.process_request, server.shutdown_request

        def process_request(request: Any, client_address: Any) -> None:
            with self._lock:
                self._open.add(request)
            accept(request, client_address)

        # Called by the connection's thread once it has answered and closed it, and by the
        # server for a connection it refused or could not hand to a thread.
        def shutdown_request(request: Any) -> None:
            try:
                close(request)
            finally:
                with self._lock:
                    self._open.discard(request)

        server.process_request = process_request
        server.shutdown_request = shutdown_request

    def count(self) -> int:
        with self._lock:
            return len(self._open)

    def wait_until_closed(self, deadline: float = DEADLINE) -> bool:
        """Waits until every connection is closed; False (and a warning) when `deadline`
        seconds pass first, so a test that left a browser open slows the next ones down
        by that much at most."""
        end = time.monotonic() + deadline
        while self.count():
            if time.monotonic() >= end:
                warnings.warn(
                    f"the live server still had {self.count()} connections open "
                    f"{deadline} s after the test",
                    stacklevel=2,
                )
                return False
            time.sleep(0.01)
        return True


def watch(live_server: Any) -> OpenConnections:
    """The open connections of pytest-django's `live_server`, counted from the first call."""
    server = live_server.thread.httpd
    watched = getattr(server, "platforma_open_connections", None)
    if watched is None:
        watched = server.platforma_open_connections = OpenConnections(server)
    return watched
