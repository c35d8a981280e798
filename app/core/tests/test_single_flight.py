import threading
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from app.core import single_flight
from app.core.single_flight import SingleFlight


class _Waits:
    """How many callers wait on a flight (its `done` event), for a test to release the
    work only once they all do."""

    def __init__(self, monkeypatch) -> None:
        self.count = 0
        self.changed = threading.Condition()
        waits = self

        class CountedEvent(threading.Event):
            def wait(self, timeout=None):
                with waits.changed:
                    waits.count += 1
                    waits.changed.notify_all()
                return super().wait(timeout)

        class CountedFlight(single_flight._Flight):
            def __init__(self) -> None:
                super().__init__()
                self.done = CountedEvent()

        monkeypatch.setattr(single_flight, "_Flight", CountedFlight)

    def until(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.count >= count, timeout=5)


class _Held:
    """Work that runs until the test releases it, then answers `answer` (or raises it)."""

    def __init__(self, answer: object) -> None:
        self.running, self.release = threading.Event(), threading.Event()
        self.answer = answer
        self.runs = 0

    def __call__(self) -> object:
        self.runs += 1
        self.running.set()
        self.release.wait(5)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def started(self, pool: ThreadPoolExecutor, flights: SingleFlight[object], key: str) -> Future:
        """Its run of `key`, by a thread of `pool`, once it is running."""
        run = pool.submit(flights.run, key, self, wait=5)
        assert self.running.wait(5)
        return run


def test_callers_of_one_key_at_once_share_one_run(monkeypatch):
    waits = _Waits(monkeypatch)
    flights: SingleFlight[object] = SingleFlight()
    work = _Held("rendered")
    with ThreadPoolExecutor(6) as pool:
        first = work.started(pool, flights, "login")
        others = [pool.submit(flights.run, "login", work, wait=5) for _ in range(5)]
        waits.until(5)
        work.release.set()
        results = [first.result(5), *(other.result(5) for other in others)]
    assert work.runs == 1
    assert results == ["rendered"] * 6


def test_the_next_call_after_a_run_runs_again():
    flights: SingleFlight[int] = SingleFlight()
    runs: list[int] = []
    for number in (1, 2):
        assert flights.run("key", lambda number=number: runs.append(number) or number, wait=1) == (
            number
        )
    assert runs == [1, 2]


def test_other_keys_do_not_wait():
    flights: SingleFlight[object] = SingleFlight()
    slow = _Held("slow")
    with ThreadPoolExecutor(1) as pool:
        held = slow.started(pool, flights, "slow")
        assert flights.run("other", lambda: "other", wait=5) == "other"
        assert not held.done()
        slow.release.set()
        assert held.result(5) == "slow"


def test_a_waiter_gets_none_when_the_run_takes_longer_than_its_wait():
    flights: SingleFlight[object] = SingleFlight()
    work = _Held("late")
    with ThreadPoolExecutor(1) as pool:
        first = work.started(pool, flights, "key")
        assert flights.run("key", lambda: "not run", wait=0.05) is None
        work.release.set()
        assert first.result(5) == "late"


def test_a_failing_run_raises_for_its_caller_alone_and_ends(monkeypatch):
    waits = _Waits(monkeypatch)
    flights: SingleFlight[object] = SingleFlight()
    work = _Held(RuntimeError("the service is gone"))
    with ThreadPoolExecutor(2) as pool:
        first = work.started(pool, flights, "key")
        waiter = pool.submit(flights.run, "key", lambda: "not run", wait=5)
        waits.until(1)
        work.release.set()
        with pytest.raises(RuntimeError, match="the service is gone"):
            first.result(5)
        assert waiter.result(5) is None
    # The failed run holds nobody: the next caller runs the work at once.
    assert flights.run("key", lambda: "again", wait=0) == "again"
