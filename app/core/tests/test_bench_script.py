"""scripts/bench.py measures its own server only."""

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
