"""scripts/bench.py measures its own server only, and counts what one more request costs."""

import importlib.util
import socket

import pytest
from django.conf import settings


def _bench():
    spec = importlib.util.spec_from_file_location("bench", settings.BASE_DIR / "scripts/bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_refuses_to_start_while_another_server_holds_its_ports():
    bench = _bench()
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        with pytest.raises(SystemExit, match=f"Port {port} is in use"):
            bench.refuse_busy_ports([port])
    # Free again: nothing answers there.
    bench.refuse_busy_ports([port])


def _log_of(args) -> str:
    return next(arg for arg in args if arg.startswith("--log-file=")).removeprefix("--log-file=")


def test_a_requests_instructions_are_the_difference_of_two_counted_runs(monkeypatch):
    bench = _bench()
    counted = {"10": "1,000,000", "60": "6,250,000"}
    runs = []

    def cachegrind(args, **kwargs):
        runs.append(args)
        count = args[args.index("scripts/bench_instructions.py") + 2]
        with open(_log_of(args), "w") as log:
            log.write(f"==7== \n==7== I   refs:      {counted[count]}\n")

    monkeypatch.setattr(bench.subprocess, "run", cachegrind)
    assert bench.instructions_per_request("/platforma", {"Cookie": "sessionid=x"}) == 105_000
    assert [run[-3:] for run in runs] == [
        ["/platforma", "10", "Cookie: sessionid=x"],
        ["/platforma", "60", "Cookie: sessionid=x"],
    ]
    assert all(run[:2] == ["valgrind", "--tool=cachegrind"] for run in runs)

    # A run that counted nothing (valgrind missing its summary) stops the benchmark.
    monkeypatch.setattr(
        bench.subprocess, "run", lambda args, **kwargs: open(_log_of(args), "w").close()
    )
    with pytest.raises(SystemExit, match="cachegrind counted nothing for /platforma"):
        bench.instructions_per_request("/platforma", {})
