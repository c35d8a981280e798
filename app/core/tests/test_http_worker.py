"""Slow clients against the production web server: gunicorn with gunicorn.conf.py."""

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from django.conf import settings

HEADER_TIMEOUT = 1.5


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def web_server():
    """One gunicorn worker with two threads: two stalled clients would take all of it."""
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "app.settings",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "2",
        "HTTP_HEADER_TIMEOUT": str(HEADER_TIMEOUT),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{base}/health/live", timeout=2).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"gunicorn did not start: {process.stderr.read()}")
            time.sleep(0.2)
    yield base, port
    process.terminate()
    process.wait(timeout=30)


def _slow_client(port: int, answers: list[tuple[float, bytes]], stop: threading.Event) -> None:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sock.settimeout(0.3)
        answer = b""
        # One more header every 0.3 s, never the blank line that ends them.
        while not stop.is_set() and time.monotonic() - started < 8:
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
            except TimeoutError:
                continue
            except OSError:
                break
        answers.append((time.monotonic() - started, answer))


def test_clients_dribbling_headers_are_cut_and_others_are_served(web_server):
    base, port = web_server
    answers: list[tuple[float, bytes]] = []
    stop = threading.Event()
    slow = [threading.Thread(target=_slow_client, args=(port, answers, stop)) for _ in range(4)]
    for thread in slow:
        thread.start()
    time.sleep(0.3)

    started = time.monotonic()
    with urllib.request.urlopen(f"{base}/health/live", timeout=6) as response:
        assert response.status == 200
    # Served once the stalled clients' header time ran out, long before they would stop.
    assert time.monotonic() - started < HEADER_TIMEOUT + 2

    for thread in slow:
        thread.join(timeout=10)
    stop.set()
    assert len(answers) == 4
    for elapsed, answer in answers:
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout"), answer[:100]
        assert elapsed < HEADER_TIMEOUT + 2


def test_a_request_with_too_many_headers_is_refused(web_server):
    _base, port = web_server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        headers = b"".join(b"X-H%d: 1\r\n" % n for n in range(150))
        sock.sendall(b"GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + b"\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 431")
