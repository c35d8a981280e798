"""Server-rendered pages in Chromium: React takes over the server's HTML without a mismatch."""

import pytest
from playwright.sync_api import expect

from app.accounts.tests.factories import make_user
from app.core import ssr
from app.core.ssr_process import BUNDLE
from app.core.tests.helpers import log_in
from app.learning.models import LessonProgress
from app.learning.tests.factories import grant, make_course
from app.shell.models import SitePage

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not BUNDLE.exists(), reason="no SSR bundle: vite build --ssr"),
]

ANONYMOUS_PAGES = [
    "/login",
    "/login?form=login",
    "/p/haslo/przypomnij",
    "/thehero_piwnica",
    "/p/regulamin",
]
LEARNER_PAGES = ["/platforma", "/platforma/moje_kursy", "/platforma/profil", "/odbierz_kurs"]


@pytest.fixture
def ssr_on(ssr_process, settings):
    settings.SSR_ENABLED = True
    settings.SSR_URL = ssr_process.url
    # A fresh Node process renders its first pages slowly (cold JIT): no page may fall back.
    settings.SSR_TIMEOUT_SECONDS = 10
    ssr.cache_clear()
    yield ssr_process
    ssr.cache_clear()


def _watch(page) -> list[str]:
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(f"{message.type}: {message.text}")
            if message.type in ("error", "warning")
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
    return problems


def _open(page, url: str) -> None:
    response = page.goto(url)
    assert response is not None
    assert 'data-server-rendered="true"' in response.text(), url
    # Hydrated: React has attached to the server's HTML (the page's data script is read).
    page.wait_for_function("() => !document.querySelector('script[data-page]')")
    page.wait_for_load_state("networkidle")


def test_anonymous_pages_hydrate_without_a_mismatch(live_server, page, ssr_on):
    SitePage.objects.update_or_create(
        slug="regulamin",
        defaults={
            "title_pl": "Regulamin",
            "title_en": "Terms",
            "body_pl": "## Postanowienia\nSklep sprzedaje kursy.",
            "body_en": "## Terms\nThe shop sells courses.",
        },
    )
    problems = _watch(page)
    for path in ANONYMOUS_PAGES:
        _open(page, f"{live_server.url}{path}")
    assert problems == []

    # The server's HTML is live: the login page's toggles work after hydration.
    _open(page, f"{live_server.url}/login")
    page.get_by_role("button", name="Pokaż formularz logowania").click()
    expect(page.locator("#login-login")).to_be_visible()
    assert problems == []


def test_learner_pages_hydrate_without_a_mismatch(live_server, page, ssr_on):
    ola = make_user(email="ola@example.com")
    # A course a quarter done and one not started: their progress bars come from the server.
    started, untouched = make_course(lessons=4), make_course(lessons=4)
    grant(ola, started)
    grant(ola, untouched)
    LessonProgress.objects.create(user=ola, lesson=started.lessons.order_by("position")[0])
    log_in(page, live_server, ola)
    problems = _watch(page)
    for path in LEARNER_PAGES:
        _open(page, f"{live_server.url}{path}")
    # (A style attribute in the server's HTML would be refused by the CSP, as a console error.)
    assert problems == []

    _open(page, f"{live_server.url}/platforma/moje_kursy")
    filled = page.eval_on_selector_all(
        "[role=progressbar]",
        """bars => bars.map(bar => [bar.getAttribute("aria-valuenow"), Math.round(
             100 * bar.querySelector("rect").getBoundingClientRect().width
             / bar.getBoundingClientRect().width)])""",
    )
    assert sorted(filled) == [["0", 0], ["25", 25]]


# What the page shows of the shell at every change of the document, from its first byte:
# the top bar's text, and whether the footer is there.
_SHELL_SEEN = """
  window.__shell = [];
  new MutationObserver(() => window.__shell.push([
    document.querySelector("header")?.textContent ?? "",
    document.querySelector("footer") !== null,
  ])).observe(document, {subtree: true, childList: true});
"""


def _shell_kept(page, url: str, name: str = "") -> bool:
    """Whether the page, opened at `url`, kept the account's `name` in its top bar and its
    footer from the moment both showed: the server's HTML, taken over by React, must not
    lose them for a moment."""
    _open(page, url)
    page.wait_for_timeout(300)
    seen = [name in header and footer for header, footer in page.evaluate("window.__shell")]
    return True in seen and all(seen[seen.index(True) :])


def test_pages_keep_their_menus_and_footer_while_they_come_alive(live_server, page, ssr_on):
    # The top bar's account menus and the footer are chunks of their own, still loading as
    # the page comes alive: they never vanish and come back (the page jumped).
    page.add_init_script(_SHELL_SEEN)
    assert _shell_kept(page, f"{live_server.url}/login")
    ola = make_user(email="ola@example.com", first_name="Ola", last_name="Nowak")
    log_in(page, live_server, ola)
    for path in ["/platforma", "/platforma/profil"]:
        assert _shell_kept(page, f"{live_server.url}{path}", "Ola Nowak"), path


def test_on_a_phone_the_app_banner_comes_with_the_server_html_and_closes(
    live_server, browser, ssr_on
):
    context = browser.new_context(
        user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile",
        viewport={"width": 390, "height": 844},
        locale="pl-PL",
    )
    page = context.new_page()
    problems = _watch(page)
    page.add_init_script(
        """window.__shifts = 0; new PerformanceObserver((list) => {
             for (const entry of list.getEntries()) window.__shifts += entry.value;
           }).observe({type: "layout-shift", buffered: true});"""
    )
    response = page.goto(f"{live_server.url}/login")
    # In the server's HTML already: nothing moves when the page comes alive.
    assert "Pobierz z Google Play" in response.text()
    page.wait_for_function("() => !document.querySelector('script[data-page]')")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__shifts") < 0.01
    page.get_by_role("button", name="Zamknij baner aplikacji").click()
    expect(page.get_by_role("link", name="Pobierz z Google Play")).to_be_hidden()
    assert problems == []

    response = page.goto(f"{live_server.url}/login")
    assert "Pobierz z Google Play" not in response.text()
    context.close()
