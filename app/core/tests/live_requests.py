"""The live server's requests still being answered, so a test's database is emptied only
once none is.

A browser test ends when its last expectation holds, while the page it leaves may have
just asked for more (the alerts and the version a page polls after loading). The live
server answers those in its own threads; when one of them ran into the flush that empties
the database after the test, the flush failed and the next test found the last one's
accounts (seen on a busy machine). Waiting here, after the browser has closed and before
the flush, closes that window.
"""

import threading
import time

from django.core.signals import request_finished, request_started
from django.test.client import AsyncClientHandler, ClientHandler

_lock = threading.Lock()
_answering: set[threading.Thread] = set()
_last_finished = 0.0

# A request the browser sent just before it closed may still be between the server's
# accept and Django's first signal; this long without one counts as quiet.
QUIET = 0.05
DEADLINE = 10.0


def _started(sender, **_kwargs) -> None:
    # The test client answers in the test's own thread, and a streamed answer it never
    # read would never finish; only servers' requests count.
    if isinstance(sender, type) and issubclass(sender, (ClientHandler, AsyncClientHandler)):
        return
    with _lock:
        _answering.add(threading.current_thread())


def _finished(**_kwargs) -> None:
    global _last_finished
    with _lock:
        _answering.discard(threading.current_thread())
        _last_finished = time.monotonic()


request_started.connect(_started, weak=False, dispatch_uid="live_requests_started")
request_finished.connect(_finished, weak=False, dispatch_uid="live_requests_finished")


def answering() -> int:
    """How many requests are being answered now, by threads still alive (a thread that
    died mid-request answers nothing)."""
    with _lock:
        _answering.difference_update([t for t in _answering if not t.is_alive()])
        return len(_answering)


def wait_until_quiet(deadline: float = DEADLINE) -> bool:
    """Waits until no request is being answered and none finished in the last QUIET
    seconds; False when `deadline` seconds pass first."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if not answering() and time.monotonic() - _last_finished >= QUIET:
            return True
        time.sleep(0.01)
    return False
