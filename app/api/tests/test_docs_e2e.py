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

    expect(page.locator(".opblock")).to_have_count(15)
    expect(page.locator(".opblock-summary-path").first).to_contain_text("/api/public/")
    assert refused == []
