"""The wait before a browser test's database is emptied (app/core/tests/live_requests.py)."""

import socket
from urllib.parse import urlsplit

import pytest

from app.core.tests.live_requests import watch
from app.shell.tests.helpers import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_connection_still_open_holds_the_wait_until_it_closes(live_server):
    connections = watch(live_server)
    address = urlsplit(live_server.url)
    with socket.create_connection((address.hostname, address.port)) as client:
        # A request the server is still reading.
        client.sendall(b"GET /health/live HTTP/1.1\r\nHost: localhost\r\n")
        wait_until(lambda: connections.count() == 1, timeout_ms=5000)

        with pytest.warns(UserWarning, match="1 connections open"):
            assert connections.wait_until_closed(deadline=0.3) is False

        client.sendall(b"\r\n")
        assert client.recv(4096).startswith(b"HTTP/1.1 200")

    assert connections.wait_until_closed(deadline=5) is True
    assert connections.count() == 0


def test_the_same_server_is_counted_once(live_server):
    assert watch(live_server) is watch(live_server)
