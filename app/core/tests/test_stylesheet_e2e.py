"""In Chromium: a visitor's page fetches the build's stylesheet when idle, and an account's
page, which links it, paints with it from the browser's cache (app/core/inline_style.py)."""

import re

import pytest

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# What the stylesheet gives the body (bg-slate-50): computed the same however it arrived.
_BODY_BACKGROUND = "getComputedStyle(document.body).backgroundColor"


def _is_stylesheet(request) -> bool:
    return re.search(r"/static/dist/.+\.css$", request.url) is not None


def test_an_accounts_page_paints_with_the_stylesheet_its_visit_fetched(live_server, page):
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    # Fetched when the browser is idle, though the page carries the same text.
    with page.expect_request(_is_stylesheet) as prefetch:
        page.goto(f"{live_server.url}/login")
    page.wait_for_load_state("networkidle")
    prefetched = prefetch.value.url
    visitors_background = page.evaluate(_BODY_BACKGROUND)
    assert page.locator("head style").count() >= 1

    log_in(page, live_server, make_user(first_name="Ola"))
    response = page.goto(f"{live_server.url}/platforma")
    page.wait_for_load_state("networkidle")

    assert response is not None
    assert "<style>" not in response.text()
    linked = page.locator('link[rel="stylesheet"]').get_attribute("href")
    assert f"{live_server.url}{linked}" == prefetched
    assert page.evaluate(_BODY_BACKGROUND) == visitors_background
    # From the browser's cache: nothing came over the network for it.
    transferred = page.evaluate(
        """url => performance.getEntriesByType("resource")
             .filter(entry => entry.name === url).map(entry => entry.transferSize)""",
        prefetched,
    )
    assert transferred == [0]
    assert problems == []
