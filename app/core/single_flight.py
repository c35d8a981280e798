"""Work that several threads of one process ask for at the same moment, done once.

The SSR of a page many visitors open together (app/core/ssr.py) and the health probes'
checks (app/core/health.py) are each slow, and each costs a service more for every copy
running at once: the first caller runs the work, the others wait for its result.
"""

import threading
from collections.abc import Callable, Hashable


class _Flight[T]:
    __slots__ = ("done", "result")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: T | None = None


class SingleFlight[T]:
    """Calls of `run` for one key made while one is under way share its result."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._flights: dict[Hashable, _Flight[T]] = {}

    def run(self, key: Hashable, work: Callable[[], T], *, wait: float) -> T | None:
        """`work()` for the first caller of `key`. A caller that comes while it runs waits
        for it, at most `wait` seconds, and gets its result: None when it raised or was
        not done in time (an exception reaches the caller that ran the work alone). The
        next call after it ends runs the work again."""
        with self._lock:
            flight = self._flights.get(key)
            leads = flight is None
            if flight is None:
                flight = self._flights[key] = _Flight()
        if not leads:
            flight.done.wait(wait)
            return flight.result
        try:
            flight.result = work()
            return flight.result
        finally:
            # Whatever happened, the flight ends: one left open would hold every later
            # caller of the key to its wait.
            with self._lock:
                del self._flights[key]
            flight.done.set()
