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


def test_the_deadline_adapter_still_fits_gthread(monkeypatch):
    """Without a server: gthread's own handle() must still call the connection's init()
    before it reads the headers, where the adapter sets their deadline (else this waits
    for the client for ever, or fails)."""
    from unittest import mock

    from gunicorn.config import Config
    from gunicorn.workers import gthread

    from app.core import http_worker

    monkeypatch.setattr(http_worker, "HEADER_TIMEOUT", 0.3)
    config = Config()
    worker = http_worker.HeaderTimeoutWorker(0, os.getppid(), [], None, 30, config, mock.Mock())
    server_side, client_side = socket.socketpair()
    client_side.settimeout(5)
    conn = gthread.TConn(config, server_side, ("127.0.0.1", 40000), ("127.0.0.1", 8000))
    # A request line and one header, then nothing more.
    client_side.sendall(b"GET /login HTTP/1.1\r\nHost: platforma\r\n")
    # Without a deadline the thread would wait for ever: the client gives up after 3 s.
    gives_up = threading.Timer(3, client_side.shutdown, args=(socket.SHUT_WR,))
    gives_up.start()

    started = time.monotonic()
    outcome = worker.handle(conn)
    gives_up.cancel()

    assert time.monotonic() - started < 3
    assert outcome is False
    assert client_side.recv(200).startswith(b"HTTP/1.1 408")
    assert isinstance(conn.parser.unreader.sock, http_worker.DeadlineSocket)
    server_side.close()
    client_side.close()


def test_gunicorn_gathers_no_access_log_fields_for_a_log_nobody_writes(monkeypatch):
    """gunicorn.conf.py's logging configuration makes gunicorn's own logger gather every
    request's access-log fields (then dropped); the configured logger gathers none."""
    import runpy
    from unittest import mock

    from gunicorn import glogging
    from gunicorn.config import Config

    settings_file = runpy.run_path(str(settings.BASE_DIR / "gunicorn.conf.py"))
    gathered = []
    monkeypatch.setattr(glogging.Logger, "atoms", lambda *args: gathered.append(args) or {})
    # The configuration is named, not applied: applying it would replace this test
    # process's own logging.
    monkeypatch.setattr(glogging, "dictConfig", lambda config: None)
    loggers = {}
    for name in ("gunicorn.glogging.Logger", settings_file["logger_class"]):
        config = Config()
        config.set("logconfig_dict", settings_file["logconfig_dict"])
        config.set("logger_class", name)
        loggers[name] = config.logger_class(config)

    request = mock.Mock(headers=[], method="GET", path="/login", query="", version=(1, 1))
    response = mock.Mock(status="200 OK", headers=[], sent=2)
    loggers["gunicorn.glogging.Logger"].access(response, request, {}, mock.Mock())
    assert len(gathered) == 1
    loggers[settings_file["logger_class"]].access(response, request, {}, mock.Mock())
    assert len(gathered) == 1
