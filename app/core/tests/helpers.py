"""Helpers for tests that talk to Platforma the way its pages do."""

import gzip
import json
import os
import re
import subprocess
import sys
import threading
import zlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import connections
from django.test import Client


def inertia_headers() -> dict[str, str]:
    return {"X-Inertia": "true", "X-Inertia-Version": settings.INERTIA_VERSION}


def visit(client: Client, url: str, **kwargs) -> Any:
    """An Inertia visit (what the browser does after the first page)."""
    return client.get(url, headers=inertia_headers(), **kwargs)


def page_of(response) -> dict[str, Any]:
    """The Inertia page object of a response to an Inertia visit."""
    assert response.headers.get("X-Inertia") == "true", response.headers
    return response.json()


def post_json(client: Client, url: str, data: dict[str, Any], **kwargs) -> Any:
    return client.post(
        url, data=data, content_type="application/json", headers=inertia_headers(), **kwargs
    )


AXE_SOURCE = settings.BASE_DIR / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def axe_violations(page) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.x A/AA violations of the page as it is now.

    page.evaluate runs outside the page's CSP, so axe needs no script tag.
    """
    page.evaluate(AXE_SOURCE.read_text())
    result = page.evaluate(
        """() => axe.run(document, {runOnly: {type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}})"""
    )
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]]}
        for v in result["violations"]
    ]


def log_out(page) -> None:
    """Log out the way a person does: from the menu the top bar offers at this width."""
    header = page.get_by_role("banner")
    ready = header.get_by_role(
        "button", name=re.compile(r"^(Otwórz menu|Menu użytkownika.*|Wyloguj się)$")
    )
    ready.first.wait_for()
    if header.get_by_role("button", name="Wyloguj się", exact=True).is_visible():
        header.get_by_role("button", name="Wyloguj się", exact=True).click()
        return
    toggle = header.get_by_role("button", name="Otwórz menu")
    if toggle.is_visible():
        toggle.click()
        header.get_by_role("navigation").get_by_role("button", name="Wyloguj się").click()
    else:
        header.get_by_role("button", name=re.compile(r"^Menu użytkownika")).click()
        header.get_by_role("button", name="Wyloguj się").click()


def own_props(page: dict[str, Any]) -> dict[str, Any]:
    """A page's own props, without the shared ones every page receives."""
    shared = set(page.get("sharedProps", []))
    return {key: value for key, value in page["props"].items() if key not in shared}


VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def session_key_of(user) -> str:
    """A new session of `user`, stored where every server of the test reads sessions."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def log_in(page, server, user) -> None:
    """The one way a test logs a browser in: it gets a session of `user` on `server` (the
    live server, a balancer: anything with a `url`), and opens no page. Tests of the login
    forms fill them in themselves (accounts/tests/test_login_e2e.py)."""
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session_key_of(user), "url": server.url}]
    )


def settled_axe_violations(page) -> list:
    """axe's violations once CSS transitions have finished: a button fading from its
    disabled grey to its colour would otherwise be measured halfway."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')",
        timeout=5000,
    )
    return axe_violations(page)


# SQL statements every logged-in request runs: its session, with the account and its roles
# (app/accounts/sessions.py).
SESSION_QUERIES = 1
# Inside a test's transaction that wrote the catalogue (or an alert, or the consent
# definition), its shared generation is read on every visit; a web process reads the
# shared generations at most once a second (app/core/versioned_cache.py).
SHARED_GENERATION_QUERIES = 1


def run_at_once(*targets: Callable[[], object]) -> None:
    """Runs each target in a thread of its own, released together, and waits for them
    all. Each thread has its own database connection, closed when its target ends, so
    none is left open for the test database."""
    start = threading.Barrier(len(targets))

    def run(target: Callable[[], object]) -> None:
        try:
            start.wait()
            target()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(target,)) for target in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


# Variables of the test run that a deployment never has.
_TEST_ONLY_VARIABLES = frozenset({"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"})


def run_manage(
    *args: str, env: dict[str, str], unset: tuple[str, ...] = ()
) -> subprocess.CompletedProcess:
    """`manage.py *args` in a process that imports the settings afresh, as a deployment
    starts: with `env` over the test's own environment, less the test run's own variables
    and `unset`."""
    dropped = _TEST_ONLY_VARIABLES | set(unset)
    clean = {name: value for name, value in os.environ.items() if name not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def setting_in_a_new_process(
    expression: str, env: dict[str, str], *, unset: tuple[str, ...] = ()
) -> Any:
    """The value (as JSON) of `expression`, written over `s`, the settings, in a process
    started by `run_manage`."""
    code = f"import json; from django.conf import settings as s; print(json.dumps({expression}))"
    done = run_manage("shell", "-c", code, env=env, unset=unset)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def gzip_deflate_stream(body: bytes) -> bytes:
    """The deflate data of a gzip body: after its header (and the file name the padding
    is written as) and before its 8-byte trailer."""
    assert body[3] & gzip.FNAME
    return body[body.index(b"\x00", 10) + 1 : -8]


def deflated_flushed(data: bytes, level: int) -> bytes:
    """`data` as raw deflate blocks ending on a byte boundary, none of them the last."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
