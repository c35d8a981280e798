"""Helpers for the shell's tests."""

import importlib
import json
import time
from collections.abc import Callable
from io import StringIO

from django.core.management import call_command

from app.core.tests.helpers import page_of, visit
from app.shell.models import Alert

ANDROID_UA = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Mobile Safari/537.36"
)
IOS_UA = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
SEVEN_DAYS = 7 * 24 * 3600
# The background colour as the screen shows it, whatever colour space the CSS uses.
RENDERED_RGB = """e => {
    const canvas = document.createElement("canvas").getContext("2d");
    canvas.fillStyle = getComputedStyle(e).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    return Array.from(canvas.getImageData(0, 0, 1, 1).data).slice(0, 3);
}"""


def seed_demo() -> None:
    call_command("seed_demo", stdout=StringIO())


def restore_default_pages() -> None:
    """End-to-end tests empty the database between tests; put the migrated pages back."""
    migration = importlib.import_module("app.shell.migrations.0002_default_pages")
    from app.shell.models import SitePage

    for page in migration.PAGES:
        SitePage.objects.get_or_create(slug=page["slug"], defaults=page)


# An alert's fields as the admin fills them in, and as /api/alerts gives them back.
ALERT_FIELDS = {
    "text_desktop": "Przerwa techniczna w sobotę",
    "text_mobile": "Przerwa w sobotę",
    "button_label": "Szczegóły",
    "button_url": "/p/regulamin",
    "is_close_button": True,
    "background_color": "#b91c1c",
    "text_color": "#ffffff",
}


def make_alert(**fields) -> Alert:
    return Alert.objects.create(**{**ALERT_FIELDS, **fields})


def shared_props(client) -> dict:
    """The props every page receives, as a visit of a public page shows them."""
    return page_of(visit(client, "/p/regulamin"))["props"]


def cookie(context, name: str) -> dict | None:
    return next((c for c in context.cookies() if c["name"] == name), None)


def assert_lasts_seven_days(found: dict | None, value: str = "false") -> None:
    assert found is not None
    assert found["value"] == value
    assert abs(found["expires"] - (time.time() + SEVEN_DAYS)) < 120


def answer_json(status: int, body: dict) -> Callable:
    """A route handler answering with `status` and a JSON body."""
    return lambda route: route.fulfill(
        status=status, body=json.dumps(body), content_type="application/json"
    )


def answer_html(status: int, body: str) -> Callable:
    """A route handler answering with `status` and an HTML body (a proxy's error page)."""
    return lambda route: route.fulfill(status=status, body=body, content_type="text/html")


def open_notes(page) -> None:
    """From the learner home: the notes tile."""
    page.get_by_role("main").get_by_role("link", name="Notatki").click()


def mark_document(page) -> None:
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def wait_until(condition: Callable[[], bool], timeout_ms: int = 3000) -> None:
    """Poll a condition the page reaches asynchronously (the page's CSP forbids the eval
    behind Playwright's wait_for_function)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not condition():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.05)


def menu_keys(entries: list[dict]) -> list[tuple[str, str]]:
    """(catalogue key, address) of each menu entry."""
    return [(entry["key"], entry["href"]) for entry in entries]


def entry_names(container) -> list[str]:
    """The texts of a menu's links and buttons, in order."""
    return [
        name.strip()
        for name in container.locator("a, button").evaluate_all(
            "els => els.map(e => e.textContent)"
        )
    ]
