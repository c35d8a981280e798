"""The API's interactive docs in Chromium, under the site's content security policy."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_docs_render_every_call_without_a_csp_violation(live_server, page):
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )

    page.goto(f"{live_server.url}/api/docs")

    # The app's 15 calls and the pages' 11: one API.
    expect(page.locator(".opblock")).to_have_count(26)
    paths = page.locator(".opblock-summary-path")
    expect(paths.filter(has_text="/api/public/login")).to_have_count(1)
    expect(paths.filter(has_text="/consent_management_log")).to_have_count(2)
    assert refused == []
