"""Every chart page of the demo in Chromium, at a phone's and a desktop's width: each chart
is drawn (a canvas of non-zero size that fits the screen), its table for screen readers holds
the same numbers as the page's data, and axe finds nothing."""

import os
from collections import Counter
from collections.abc import Callable
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from app.accounts.models import User
from app.core.tests.helpers import log_in, page_of, settled_axe_violations, visit
from app.learning.models import Course
from app.teams.models import Team
from app.vouchers.models import VoucherBatch

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTHS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}
Table = list[list[int]]


def percent(done: int, total: int) -> int:
    # As the page rounds (Math.round: halves up).
    return 0 if total <= 0 else min(100, int(done * 100 / total + 0.5))


def weekly(counts: list[dict[str, Any]]) -> Table:
    return [[point["count"]] for point in counts]


def courses_page(props: dict[str, Any]) -> list[Table]:
    rows = [[percent(c["done_count"], c["lesson_count"])] for c in props["courses"]]
    return [weekly(props["activity"]), rows]


def progress_page(props: dict[str, Any]) -> list[Table]:
    rows = [[percent(c["done_count"], c["lesson_count"])] for c in props["courses"]]
    return [weekly(props["activity"]), rows]


def course_page(props: dict[str, Any]) -> list[Table]:
    days = Counter(lesson["done_on"] for lesson in props["lessons"] if lesson["done_on"])
    per_day = sorted(days.items())
    total, rows = 0, []
    for _day, count in per_day:
        total += count
        rows.append([count, total])
    return [rows]


def team_page(props: dict[str, Any]) -> list[Table]:
    return [[m["done"] for m in props["progress"]["members"]], weekly(props["activity"])]


def batches_page(props: dict[str, Any]) -> list[Table]:
    batches = props["usage"]["batches"]
    usage = [[b["used"][week] for b in batches] for week in range(len(props["usage"]["weeks"]))]
    left = [[b["seats_used"], b["seats_total"] - b["seats_used"]] for b in props["batches"]]
    return [usage, left]


def batch_page(props: dict[str, Any]) -> list[Table]:
    return [weekly(props["daily"])]


def _course_url() -> str:
    return f"/platforma/kurs/{Course.objects.get(title='Python od podstaw').pk}"


def _team_url() -> str:
    return f"/manager/zespol/{Team.objects.get(name='Zespół backendowy').pk}"


def _batch_url(area: str, name: str) -> str:
    return f"/{area}/pula/{VoucherBatch.objects.get(name=name).pk}"


PAGES: dict[str, tuple[str, Callable[[], str], Callable[[dict[str, Any]], list[Table]]]] = {
    "szkolenia": ("learner@example.com", lambda: "/platforma/moje_kursy", courses_page),
    "postepy": ("learner@example.com", lambda: "/platforma/postepy", progress_page),
    "course": ("learner@example.com", _course_url, course_page),
    "team": ("manager@example.com", _team_url, team_page),
    "institution": ("institution@example.com", lambda: "/instytucja", batches_page),
    "institution-batch": (
        "institution@example.com",
        lambda: _batch_url("instytucja", "Python - grupa jesienna"),
        batch_page,
    ),
    "reseller": ("reseller@example.com", lambda: "/reseller", batches_page),
    "reseller-pool": (
        "reseller@example.com",
        lambda: _batch_url("reseller", "Sklep partnerski - Docker"),
        batch_page,
    ),
}

READ_TABLES = """() => [...document.querySelectorAll('figure')]
  .filter((figure) => figure.querySelector('canvas'))
  .map((figure) => [...figure.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent)))"""


def as_numbers(tables: list[list[list[str]]]) -> list[Table]:
    return [[[int("".join(c.split())) for c in row] for row in table] for table in tables]


@pytest.fixture
def demo():
    call_command("seed_demo", stdout=StringIO())


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", list(PAGES))
def test_each_chart_is_drawn_and_its_table_holds_the_pages_numbers(
    live_server, page, demo, name, width
):
    email, url, expected = PAGES[name]
    user = User.objects.get(email=email)
    # The page's data, as the server hands it to the page.
    client = Client()
    client.force_login(user)
    tables = expected(page_of(visit(client, url()))["props"])
    page.set_viewport_size(WIDTHS[width])
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}{url()}")
    expect(page.locator("canvas[data-drawn=true]")).to_have_count(len(tables))
    if os.environ.get("CHART_SCREENSHOTS"):
        folder = os.environ["CHART_SCREENSHOTS"]
        page.screenshot(path=f"{folder}/{name}-{width}.png", full_page=True)

    canvases = page.locator("canvas[role=img]")
    expect(page.locator("canvas[data-drawn=true]")).to_have_count(len(tables))
    for canvas in canvases.all():
        box = canvas.bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTHS[width]["width"]
        assert canvas.get_attribute("aria-label")
    assert as_numbers(page.evaluate(READ_TABLES)) == tables
    assert all(table for table in tables), "the demo gives every chart data"
    # Nothing runs off a phone's screen sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTHS[width]["width"]
    if os.environ.get("CHART_SCREENSHOTS"):
        page.screenshot(
            path=f"{os.environ['CHART_SCREENSHOTS']}/{name}-{width}.png", full_page=True
        )
    assert settled_axe_violations(page) == []


def test_charts_speak_english_with_english_dates(live_server, page, demo):
    page.context.add_cookies(
        [{"name": "platforma_language", "value": "en", "url": live_server.url}]
    )
    log_in(page, live_server, User.objects.get(email="learner@example.com"))
    page.goto(f"{live_server.url}/platforma/postepy")
    expect(page.locator("canvas[data-drawn=true]")).to_have_count(2)
    expect(page.get_by_role("img", name="Lessons completed in the last 12 weeks")).to_be_visible()
    caption = page.locator("caption", has_text="Lessons completed in the last 12 weeks")
    table = caption.locator("xpath=..")
    expect(table.locator("thead th").first).to_have_text("Week of")
    # English short dates: "16 Nov", not "16 lis".
    first_week = table.locator("tbody th").first.text_content() or ""
    assert first_week.split()[-1] in {
        "Jan",
        "Feb",
        "Mar",
        "Apr",
        "May",
        "Jun",
        "Jul",
        "Aug",
        "Sept",
        "Sep",
        "Oct",
        "Nov",
        "Dec",
    }


def test_login_loads_no_chart_code(live_server, page):
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_role("heading", name="Logowanie i rejestracja")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert any("/static/dist/" in url for url in loaded)
    assert [url for url in loaded if "chart" in url.lower()] == []
