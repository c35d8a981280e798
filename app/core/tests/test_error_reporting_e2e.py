"""Error reporting in Chromium: loaded only when a DSN is given, and scrubbed."""

import json

import pytest

from app.core.inertia import _layout_around_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DSN = "https://public@o2.ingest.sentry.example/2"


@pytest.fixture
def requested(page):
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


@pytest.fixture
def fresh_layout():
    _layout_around_page.cache_clear()
    yield
    _layout_around_page.cache_clear()


def test_without_a_dsn_the_reporting_code_is_never_downloaded(
    page, live_server, requested, fresh_layout
):
    page.goto(f"{live_server.url}/login")
    page.wait_for_load_state("networkidle")

    assert not [url for url in requested if "/assets/sentry-" in url]
    assert not [url for url in requested if "sentry.example" in url]
    # Nor is it in the bundle every page loads.
    [entry] = [url for url in requested if "/assets/main-" in url and url.endswith(".js")]
    assert "sentry.javascript" not in page.request.get(entry).text()


def test_with_a_dsn_errors_are_reported_without_link_hashes(
    page, live_server, requested, settings, fresh_layout
):
    settings.SENTRY_DSN_FRONTEND = DSN
    settings.SECURE_CSP = {
        **settings.SECURE_CSP,
        "connect-src": [*settings.SECURE_CSP["connect-src"], "https://o2.ingest.sentry.example"],
    }
    envelopes: list[str] = []

    def ingest(route):
        envelopes.append(route.request.post_data or "")
        route.fulfill(status=200, body="{}", content_type="application/json")

    page.route("https://o2.ingest.sentry.example/**", ingest)
    page.goto(f"{live_server.url}/login")
    page.wait_for_function("() => !!window.__SENTRY__")
    assert [url for url in requested if "/assets/sentry-" in url]

    page.evaluate(
        "() => setTimeout(() => { throw new Error('Broken link /konto/usun/SECRETHASH1') })"
    )
    for _ in range(50):
        if any("Broken link" in body for body in envelopes):
            break
        page.wait_for_timeout(100)

    [report] = [body for body in envelopes if "Broken link" in body]
    assert "SECRETHASH1" not in report
    assert "/konto/usun/***" in report
    event = json.loads(report.splitlines()[2])
    assert "cookies" not in event.get("request", {})
