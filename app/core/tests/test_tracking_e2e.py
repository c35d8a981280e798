"""The tag manager and the recorder in Chromium: nothing leaves for a third party before
consent but the tag manager itself, which starts with everything denied."""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Route, expect

from app.core.csp import with_tracking_hosts

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

INGEST = "https://replay.platforma.example/ingest"
# Stands in for gtm.js: notes what the data layer held when the tag manager started.
FAKE_GTM = """
window.__gtm = {
  consentAtStart: (window.dataLayer || [])
    .filter((e) => Object.prototype.toString.call(e) === "[object Arguments]")
    .map((e) => Array.from(e)),
};
"""


@pytest.fixture
def tracking_settings(settings):
    settings.GTM_CONTAINER_ID = "GTM-E2E1"
    settings.OPENREPLAY_PROJECT_KEY = "e2e-key"
    settings.OPENREPLAY_INGEST_URL = INGEST
    settings.SECURE_CSP = with_tracking_hosts(
        settings.SECURE_CSP, tag_manager=True, recorder_ingest_url=INGEST
    )
    return settings


def intercept(page, live_server, *, block_gtm: bool = False) -> list[str]:
    """Answers the fake gtm.js (or blocks it); every other non-local request is refused
    and listed."""
    local = urlsplit(live_server.url).netloc
    outside: list[str] = []

    def handle(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).netloc == local:
            route.continue_()
            return
        outside.append(url)
        if url.startswith("https://www.googletagmanager.com/gtm.js") and not block_gtm:
            route.fulfill(status=200, content_type="text/javascript", body=FAKE_GTM)
        else:
            route.abort()

    page.route("**/*", handle)
    return outside


def test_the_tag_manager_loads_at_once_with_everything_denied(live_server, page, tracking_settings):
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    outside = intercept(page, live_server)
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_role("button", name="Załóż darmowe konto")).to_be_visible()
    page.wait_for_function("() => window.__gtm !== undefined")

    assert page.evaluate("() => window.__gtm.consentAtStart") == [
        [
            "consent",
            "default",
            {
                "ad_storage": "denied",
                "ad_user_data": "denied",
                "ad_personalization": "denied",
                "analytics_storage": "denied",
            },
        ]
    ]
    # An Inertia visit to another page does not load the tag manager again.
    page.get_by_role("link", name="Regulamin zakupów", exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/p/regulamin")
    page.wait_for_load_state("networkidle")
    assert outside == ["https://www.googletagmanager.com/gtm.js?id=GTM-E2E1"]
    # Over plain http the recorder never even downloads its code.
    assert not any("openreplay" in url or "replay.platforma" in url for url in outside)
    assert violations == []


def test_a_blocked_tag_manager_leaves_the_page_working(live_server, page, tracking_settings):
    outside = intercept(page, live_server, block_gtm=True)
    page.goto(f"{live_server.url}/login?form=login")
    page.locator("#login-login").fill("nikt@example.com")
    page.locator("#login-password").fill("zle-haslo")
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    expect(page.get_by_role("alertdialog")).to_contain_text("niepoprawne")
    assert outside == ["https://www.googletagmanager.com/gtm.js?id=GTM-E2E1"]


def test_without_settings_nothing_is_requested_from_third_parties(live_server, page):
    outside = intercept(page, live_server)
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_role("button", name="Załóż darmowe konto")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert outside == []
    assert page.evaluate("() => window.dataLayer === undefined")
