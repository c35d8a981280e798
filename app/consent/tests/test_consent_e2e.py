"""The consent notice and modal in Chromium (docs/behaviour.md#consent-notice)."""

import re
import time

import pytest
from django.conf import settings
from playwright.sync_api import expect

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.consent.models import ConsentEvent
from app.consent.tests.helpers import restore_consent_definition
from app.core.tests.helpers import DESKTOP, PHONE, axe_violations, log_in
from app.shell.tests.helpers import cookie, restore_default_pages

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NOTICE = "Szanujemy Twoją prywatność"
SETTINGS = "Ustawienia cookies"
ONE_HUNDRED_TWENTY_DAYS = 120 * 24 * 3600


@pytest.fixture(autouse=True)
def _definition(settings):
    # A service that needs consent is in use, so the notice asks by itself.
    settings.GTM_CONTAINER_ID = "GTM-TEST"
    restore_consent_definition()
    restore_default_pages()


def logged_actions() -> list[str]:
    return list(ConsentEvent.objects.order_by("id").values_list("action", flat=True))


def wait_for_actions(*expected: str) -> None:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if set(expected) <= set(logged_actions()):
            return
        time.sleep(0.05)
    assert set(expected) <= set(logged_actions())


def test_the_notice_is_mandatory_and_accept_all_is_kept_for_120_days(live_server, page, context):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login")
    notice = page.get_by_role("dialog", name=NOTICE)
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("aria-modal", "true")
    box = notice.bounding_box()
    assert box["y"] + box["height"] == pytest.approx(DESKTOP["height"] - 20, abs=1)
    assert axe_violations(page) == []
    expect(notice.get_by_role("button", name=re.compile("odrzu", re.I))).to_have_count(0)

    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.mouse.click(5, 5)
    expect(notice).to_be_visible()
    # The page behind is inert: focus stays in the notice.
    for _ in range(4):
        page.keyboard.press("Tab")
        assert notice.evaluate("(dialog) => dialog.contains(document.activeElement)")

    # The close delay is timed in the page: Playwright sees the text and the closing only
    # when it next looks, which on a busy machine can be late for either.
    notice.evaluate(
        """(dialog) => {
          const times = (window.__noticeTimes = {});
          new MutationObserver(() => {
            const now = performance.now();
            if (!times.saved && dialog.textContent.includes("Zapisano Twój wybór.")) {
              times.saved = now;
            }
            if (times.saved && !times.closed && !dialog.isConnected) times.closed = now;
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        }"""
    )
    notice.get_by_role("button", name="Zaakceptuj wszystkie").click()
    expect(notice.get_by_role("status")).to_have_text("Zapisano Twój wybór.")
    expect(notice).to_have_count(0)
    shown = page.evaluate("window.__noticeTimes.closed - window.__noticeTimes.saved")
    assert shown >= 790  # the 800 ms close delay (timer and observer clocks differ slightly)

    consent = cookie(context, settings.COOKIE_CONSENT_NAME)
    assert consent is not None
    assert consent["httpOnly"] is True
    assert abs(consent["expires"] - (time.time() + ONE_HUNDRED_TWENTY_DAYS)) < 120
    wait_for_actions("script_initialization", "show_popup", "accept_all")
    assert logged_actions() == ["script_initialization", "show_popup", "accept_all"]

    page.reload()
    expect(page.get_by_role("heading", name="Logowanie i rejestracja")).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.get_by_role("dialog", name=NOTICE)).to_have_count(0)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_notice_has_no_empty_band_between_its_text_and_its_buttons(live_server, page, viewport):
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/login")
    notice = page.get_by_role("dialog", name=NOTICE)
    expect(notice).to_be_visible()

    text = notice.get_by_text("Używamy usług niezbędnych").bounding_box()
    button = notice.get_by_role("button", name="Dostosuj").bounding_box()
    # The buttons follow the text at the usual spacing (16 px), with no blank line between.
    assert button["y"] - (text["y"] + text["height"]) == pytest.approx(16, abs=2)


def test_services_chosen_one_by_one_are_kept_on_the_next_page(live_server, page):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/login")
    page.get_by_role("dialog", name=NOTICE).get_by_role("button", name="Dostosuj").click()
    modal = page.get_by_role("dialog", name=SETTINGS)
    expect(modal).to_be_visible()
    expect(modal.get_by_role("switch", name="Google Tag Manager")).to_be_checked()
    expect(modal.get_by_role("switch", name="Google Tag Manager")).to_be_disabled()
    # The required purpose says once that it is always on.
    expect(modal.get_by_role("switch", name="Niezbędne")).to_have_accessible_description(
        "Usługi, bez których Platforma nie działa. Zawsze włączone."
    )
    expect(modal.get_by_role("switch", name="Google Ads")).not_to_be_checked()
    expect(modal.get_by_role("switch", name="Reddit Pixel")).to_have_count(0)
    expect(modal.get_by_role("button", name="Zaakceptuj wszystkie")).to_be_visible()
    page.keyboard.press("Escape")
    expect(modal).to_be_visible()

    # The privacy panel: the admin-editable policy, at most 300 px high, scrolling.
    panel = modal.get_by_role("region", name="Polityka prywatności")
    expect(panel).to_contain_text("Kto przetwarza Twoje dane")
    assert panel.evaluate("(e) => e.getBoundingClientRect().height") <= 300
    assert panel.evaluate("(e) => getComputedStyle(e).overflowY") == "auto"
    assert axe_violations(page) == []

    modal.get_by_role("switch", name="Google Analytics").click()
    modal.get_by_role("switch", name="TikTok Pixel").click()
    expect(modal.get_by_role("switch", name="Reklama")).to_be_checked()
    modal.get_by_role("button", name="Zapisz wybór").click()
    expect(modal).to_have_count(0)
    wait_for_actions("accept")
    assert ConsentEvent.objects.get(action="accept").services == [
        "google_analytics",
        "gtm",
        "tiktok_pixel",
    ]

    page.goto(f"{live_server.url}/p/regulamin")
    footer = page.get_by_role("contentinfo")
    footer.get_by_role("button", name="Ustawienia cookies").click()
    modal = page.get_by_role("dialog", name=SETTINGS)
    expect(modal.get_by_role("switch", name="Google Analytics")).to_be_checked()
    expect(modal.get_by_role("switch", name="TikTok Pixel")).to_be_checked()
    expect(modal.get_by_role("switch", name="Google Ads")).not_to_be_checked()
    expect(modal.get_by_role("switch", name="Facebook Pixel (Meta)")).not_to_be_checked()
    wait_for_actions("force_show_popup")

    # Confirming again closes it and gives focus back to the footer's link.
    modal.get_by_role("button", name="Zapisz wybór").click()
    expect(modal).to_have_count(0)
    expect(footer.get_by_role("button", name="Ustawienia cookies")).to_be_focused()


def test_the_english_site_lists_reddit_pixel(live_server, page, context):
    context.add_cookies([{"name": "platforma_language", "value": "en", "url": live_server.url}])
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login")
    notice = page.get_by_role("dialog", name="We respect your privacy")
    notice.get_by_role("button", name="Customise").click()
    modal = page.get_by_role("dialog", name="Cookie settings")
    expect(modal.get_by_role("switch", name="Reddit Pixel")).not_to_be_checked()
    expect(modal.get_by_role("button", name="Save choices")).to_be_visible()
    expect(modal.get_by_role("region", name="Privacy policy")).to_be_visible()
    assert axe_violations(page) == []
    modal.get_by_role("button", name="Accept all").click()
    expect(modal).to_have_count(0)


@pytest.mark.parametrize(
    "value",
    ["marketing=9999-01-01T00:00:00+00:00|advertising=-1", "%%%", "marketing=-1|x=y|z"],
)
def test_a_malformed_or_tampered_consent_cookie_asks_again(live_server, page, context, value):
    context.add_cookies(
        [{"name": settings.COOKIE_CONSENT_NAME, "value": value, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/login")
    notice = page.get_by_role("dialog", name=NOTICE)
    expect(notice).to_be_visible()
    notice.get_by_role("button", name="Zaakceptuj wszystkie").click()
    expect(notice).to_have_count(0)
    expect(page.get_by_role("heading", name="Logowanie i rejestracja")).to_be_visible()


def test_a_failing_privacy_policy_shows_nothing(live_server, page):
    page.route("**/page/get_privacy_policy", lambda route: route.fulfill(status=500, body="x"))
    page.goto(f"{live_server.url}/login")
    page.get_by_role("dialog", name=NOTICE).get_by_role("button", name="Dostosuj").click()
    modal = page.get_by_role("dialog", name=SETTINGS)
    expect(modal.get_by_role("switch", name="Google Ads")).to_be_visible()
    page.wait_for_timeout(300)
    expect(modal.get_by_role("region", name="Polityka prywatności")).to_have_count(0)
    expect(page.get_by_role("alertdialog")).to_have_count(0)


def test_the_learner_manages_consents_on_the_profile(live_server, page):
    learner = make_user(email="ola@example.com", password=DEFAULT_PASSWORD)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login")
    page.get_by_role("dialog", name=NOTICE).get_by_role(
        "button", name="Zaakceptuj wszystkie"
    ).click()
    expect(page.get_by_role("dialog", name=NOTICE)).to_have_count(0)
    log_in(page, live_server, learner)

    page.goto(f"{live_server.url}/platforma/profil")
    section = page.get_by_role("region", name="Zgody i prywatność")
    newsletter = section.get_by_label("Chcę otrzymywać informacje o promocjach")
    expect(newsletter).not_to_be_checked()
    newsletter.check()
    expect(section).to_contain_text("Zgoda wyrażona")
    expect(section.get_by_role("listitem").first).to_contain_text(
        "zgoda na informacje o promocjach"
    )
    newsletter.uncheck()
    expect(section).to_contain_text("Zgoda nie została wyrażona.")
    expect(section.get_by_role("listitem").first).to_contain_text("wycofanie zgody na informacje")
    learner.refresh_from_db()
    assert (learner.newsletter, learner.newsletter_consented_at) == (False, None)
    assert axe_violations(page) == []

    section.get_by_role("button", name="Zmień ustawienia cookies").click()
    modal = page.get_by_role("dialog", name=SETTINGS)
    modal.get_by_role("switch", name="Reklama").click()
    modal.get_by_role("button", name="Zapisz wybór").click()
    expect(modal).to_have_count(0)
    expect(section.get_by_role("listitem").first).to_contain_text("zapisanie wyboru")
