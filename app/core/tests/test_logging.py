"""JSON log lines with the request id: on every line of a request, and in its tasks."""

import io
import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings

from app.core import health
from app.core.logging import (
    TASK_HEADER,
    JsonFormatter,
    RequestContextFilter,
    masked_path,
    request_id_bound,
)


@pytest.fixture
def json_lines():
    """What the platform logs during the test, as the JSON objects the formatter wrote."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestContextFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    logging.getLogger("platforma.request").setLevel(logging.INFO)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    root.removeHandler(handler)


def test_a_request_gets_an_id_in_its_answer_and_its_log_line(client, json_lines):
    response = client.get("/nie-ma-takiej-strony")

    request_id = response["X-Request-ID"]
    assert len(request_id) == 32
    [line] = [line for line in json_lines() if line["logger"] == "platforma.request"]
    assert line["request_id"] == request_id
    assert line["method"] == "GET"
    assert line["path"] == "/nie-ma-takiej-strony"
    assert line["status"] == 404
    assert isinstance(line["duration_ms"], float)
    assert line["level"] == "INFO"


def test_a_sane_request_id_from_the_proxy_is_kept(client, json_lines):
    response = client.get("/nie-ma", HTTP_X_REQUEST_ID="lb-7f3a9c2e-0001")
    assert response["X-Request-ID"] == "lb-7f3a9c2e-0001"
    assert json_lines()[-1]["request_id"] == "lb-7f3a9c2e-0001"


@pytest.mark.parametrize("sent", ["short", "x" * 129, "id\nFAKE LINE", "id with spaces"])
def test_an_odd_request_id_is_replaced(client, sent):
    response = client.get("/nie-ma", HTTP_X_REQUEST_ID=sent)
    assert response["X-Request-ID"] != sent
    assert len(response["X-Request-ID"]) == 32


@pytest.mark.django_db
def test_every_line_of_a_request_carries_its_id(client, json_lines, monkeypatch):
    def broken():
        raise ConnectionError("refused")

    monkeypatch.setitem(health.CHECKS, "cache", broken)
    monkeypatch.setattr(health, "_checks", health._Checks())
    response = client.get("/health/ready")

    lines = json_lines()
    assert [line["logger"] for line in lines] == ["app.core.health", "platforma.request"]
    assert {line["request_id"] for line in lines} == {response["X-Request-ID"]}
    assert "ConnectionError: refused" in lines[0]["exception"]
    assert lines[0]["check"] == "cache"
    assert lines[1]["status"] == 503


def test_healthy_probes_write_no_line(client, json_lines):
    client.get("/health/live")
    assert json_lines() == []


@pytest.mark.django_db
def test_secret_link_hashes_are_masked_in_the_log(client, json_lines):
    client.get("/session/s3cr3t-hash-of-a-link/platforma")
    client.get("/konto/usun/deletion-hash-123")
    client.get("/konto/przywroc/restore-hash-456")
    client.get("/p/haslo/nowe/reset-key-789")
    client.get("/odbierz_kurs/VOUCHER-CODE-1")

    output = json.dumps(json_lines())
    for secret in ("s3cr3t", "deletion-hash", "restore-hash", "reset-key", "VOUCHER-CODE"):
        assert secret not in output
    paths = [line["path"] for line in json_lines() if line["logger"] == "platforma.request"]
    assert paths == [
        "/session/***/platforma",
        "/konto/usun/***",
        "/konto/przywroc/***",
        "/p/haslo/nowe/***",
        "/odbierz_kurs/***",
    ]


def test_the_apps_secrets_are_masked_in_the_log_as_the_webs(client, json_lines):
    # Logged whether the call succeeds or not: these are refused (no token).
    client.get("/api/app/voucher/APP-VOUCHER-7/consume")
    client.get("/api/app/student/accept/invitation-secret-1")
    client.get("/api/app/user/mark-to-remove/deletion-secret-2")
    client.get("/api/public/relogin/session-secret-3")

    output = json.dumps(json_lines())
    for secret in ("APP-VOUCHER", "invitation-secret", "deletion-secret", "session-secret"):
        assert secret not in output
    paths = [line["path"] for line in json_lines() if line["logger"] == "platforma.request"]
    assert paths == [
        "/api/app/voucher/***/consume",
        "/api/app/student/accept/***",
        "/api/app/user/mark-to-remove/***",
        "/api/public/relogin/***",
    ]


def test_masking_leaves_other_paths_alone():
    assert masked_path("/platforma/kurs/12") == "/platforma/kurs/12"
    assert masked_path("/nie/ma/takiej") == "/nie/ma/takiej"


def test_a_queued_task_carries_the_request_id_in_its_headers():
    from app.core.logging import _add_request_id_header

    headers: dict = {}
    with request_id_bound("req-0123456789"):
        _add_request_id_header(headers=headers)
    assert headers == {TASK_HEADER: "req-0123456789"}
    outside: dict = {}
    _add_request_id_header(headers=outside)
    assert outside == {}


@pytest.fixture
def json_worker(services):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "app.settings",
        "REDIS_URL": settings.REDIS_URL,
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "INFO",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "celery", "-A", "app", "worker"),
            *("--pool=solo", "--without-mingle", "--without-gossip"),
        ],
        cwd=Path(settings.BASE_DIR),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    process.terminate()
    process.wait(timeout=30)


def test_a_task_logs_with_the_id_of_the_request_that_queued_it(json_worker, not_eager):
    from app.core.tasks import ping

    with request_id_bound("req-task-0123456789"):
        result = ping.delay()
    result.get(timeout=60)
    deadline = time.monotonic() + 10
    lines = []
    assert json_worker.stdout is not None
    # Read in a thread of its own: a worker that says nothing more never holds the test.
    output: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=lambda: [output.put(line) for line in json_worker.stdout], daemon=True
    ).start()
    while time.monotonic() < deadline:
        try:
            raw = output.get(timeout=0.5)
        except queue.Empty:
            continue
        if raw.startswith("{"):
            lines.append(json.loads(raw))
            if any(line["message"].startswith("Ping answered") for line in lines):
                break
    [line] = [line for line in lines if line["message"].startswith("Ping answered")]
    assert line["request_id"] == "req-task-0123456789"
    assert line["logger"] == "app.core.tasks"
