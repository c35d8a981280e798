"""The shell's banners, their cookies and the footer in Chromium (docs/behaviour.md#shell)."""

import time

import pytest
from playwright.sync_api import expect

from app.accounts.tests.factories import make_user
from app.consent.tests.helpers import restore_consent_definition
from app.core.tests.helpers import DESKTOP, PHONE, axe_violations, log_in
from app.shell.models import Alert
from app.shell.tests.helpers import (
    ANDROID_UA,
    IOS_UA,
    RENDERED_RGB,
    assert_lasts_seven_days,
    cookie,
    restore_default_pages,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_alert_banner_closes_for_seven_days_and_reopens(live_server, page, context, alert):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login")
    banner = page.get_by_role("region", name="Komunikat")
    expect(banner).to_contain_text("Przerwa techniczna w sobotę od 22:00 do 23:00.")
    expect(banner.get_by_role("link", name="Szczegóły")).to_have_attribute("href", "/p/regulamin")
    assert banner.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(127, 29, 29)"
    assert axe_violations(page) == []

    banner.get_by_role("button", name="Zamknij komunikat").click()
    expect(banner).to_have_count(0)
    assert_lasts_seven_days(cookie(context, "app-alert-banner"))

    page.reload()
    reopen = page.get_by_role("button", name="Pokaż komunikat")
    expect(reopen).to_be_visible()
    expect(page.get_by_role("region", name="Komunikat")).to_have_count(0)
    reopen.click()
    expect(page.get_by_role("region", name="Komunikat")).to_be_visible()
    assert cookie(context, "app-alert-banner") is None


def test_alert_banner_mobile_text_and_no_close_button_when_not_allowed(live_server, page, alert):
    alert.is_close_button = False
    alert.save()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/login")
    banner = page.get_by_role("region", name="Komunikat")
    expect(banner.get_by_text("Przerwa w sobotę 22–23.")).to_be_visible()
    expect(banner.get_by_text("Przerwa techniczna w sobotę od 22:00 do 23:00.")).to_be_hidden()
    expect(banner.get_by_role("button", name="Zamknij komunikat")).to_have_count(0)


def test_hostile_alert_text_is_shown_as_text(live_server, page):
    Alert.objects.create(
        text_desktop="<img src=x onerror=\"document.title='owned'\">Uwaga", text_mobile="m"
    )
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login")
    banner = page.get_by_role("region", name="Komunikat")
    expect(banner).to_contain_text("<img src=x onerror=\"document.title='owned'\">Uwaga")
    expect(banner.locator("img")).to_have_count(0)
    assert page.title() != "owned"


@pytest.mark.parametrize(
    ("status", "body"),
    [(500, "<html>error</html>"), (200, '{"text_desktop": 5}'), (200, "not json"), (404, "")],
)
def test_a_failing_alerts_endpoint_leaves_the_shell_usable(live_server, page, status, body):
    page.route("**/api/alerts", lambda route: route.fulfill(status=status, body=body))
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_role("heading", name="Mam już konto")).to_be_visible()
    expect(page.get_by_role("region", name="Komunikat")).to_have_count(0)
    expect(page.get_by_role("alertdialog")).to_have_count(0)


def test_monitoring_banner_for_supervised_accounts(live_server, page):
    log_in(page, live_server, make_user(email="watched@example.com", supervision=True))
    page.goto(f"{live_server.url}/platforma")
    banner = page.get_by_role("alert").filter(has_text="TO KONTO JEST MONITOROWANE")
    expect(banner).to_contain_text("Udostępnianie konta innym osobom jest zabronione.")
    expect(banner).to_contain_text("zablokowane lub usunięte")
    red, green, blue = banner.evaluate(RENDERED_RGB)
    assert red > 150 and green < 60 and blue < 60


def test_no_monitoring_banner_otherwise(live_server, page):
    log_in(page, live_server, make_user(email="free@example.com"))
    page.goto(f"{live_server.url}/platforma")
    expect(page.get_by_text("TO KONTO JEST MONITOROWANE")).to_have_count(0)


@pytest.mark.parametrize(
    ("user_agent", "store", "href"),
    [
        (
            ANDROID_UA,
            "Pobierz z Google Play",
            "https://play.google.com/store/apps/details?id=pl.platforma.app",
        ),
        (IOS_UA, "Pobierz z App Store", "https://apps.apple.com/pl/app/platforma/id0000000000"),
    ],
    ids=["android", "ios"],
)
def test_mobile_app_banner_on_phones(live_server, browser, user_agent, store, href):
    context = browser.new_context(
        user_agent=user_agent, viewport=PHONE, locale="pl-PL", is_mobile=True
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/login")
    banner = page.get_by_role("region", name="Pobierz aplikacje i ucz się gdzie i kiedy chcesz!")
    expect(banner).to_contain_text("Pobierz aplikacje i ucz się gdzie i kiedy chcesz!")
    expect(banner.get_by_role("link", name=store)).to_have_attribute("href", href)
    assert axe_violations(page) == []
    banner.get_by_role("button", name="Zamknij baner aplikacji").click()
    expect(banner).to_have_count(0)
    assert_lasts_seven_days(cookie(context, "download-app-banner"))
    page.reload()
    expect(page.get_by_text("Pobierz aplikacje i ucz się gdzie i kiedy chcesz!")).to_have_count(0)
    context.close()


def test_no_mobile_app_banner_on_desktop(live_server, page):
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_role("heading", name="Mam już konto")).to_be_visible()
    expect(page.get_by_text("Pobierz aplikacje i ucz się gdzie i kiedy chcesz!")).to_have_count(0)


def test_development_banner_is_43_px_high(live_server, page):
    page.goto(f"{live_server.url}/login")
    banner = page.get_by_role("note").filter(has_text="JESTEŚ NA WERSJI DEVELOPERSKIEJ SERWISU")
    assert banner.bounding_box()["height"] == 43


def test_footer_links_pages_and_cookie_settings(live_server, page):
    restore_default_pages()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/login")
    footer = page.get_by_role("contentinfo")
    expect(footer.get_by_role("link", name="pomoc@platforma.example")).to_have_attribute(
        "href", "mailto:pomoc@platforma.example"
    )
    expect(footer.get_by_role("link", name="LinkedIn")).to_have_attribute(
        "href", "https://www.linkedin.com/company/platforma"
    )
    expect(footer).to_contain_text(f"© {time.localtime().tm_year} Platforma.")

    # The cookie settings are the consent modal: mandatory, closed by a confirmed choice.
    restore_consent_definition()
    footer.get_by_role("button", name="Ustawienia cookies").click()
    dialog = page.get_by_role("dialog", name="Ustawienia cookies")
    expect(dialog.get_by_role("switch", name="Google Tag Manager")).to_be_checked()
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Zapisz wybór").click()
    expect(dialog).to_have_count(0)

    footer.get_by_role("link", name="Polityka prywatności").click()
    expect(page.get_by_role("heading", name="Polityka prywatności", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="Pliki cookie", level=2)).to_be_visible()
    page.get_by_role("contentinfo").get_by_role("link", name="Regulamin zakupów").click()
    expect(page.get_by_role("heading", name="Regulamin zakupów", level=1)).to_be_visible()
    assert axe_violations(page) == []


def test_admin_variant_header_hides_the_footer(live_server, page):
    page.goto(f"{live_server.url}/course/12")
    expect(page.get_by_role("heading", name="Nie znaleziono strony")).to_be_visible()
    expect(page.get_by_role("contentinfo")).to_have_count(0)
    assert "admin-route" in page.evaluate("document.body.className")
    assert axe_violations(page) == []


def test_language_switch_is_remembered(live_server, page, context):
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server, make_user(email="ola@example.com"))
    page.goto(f"{live_server.url}/platforma")
    page.get_by_role("button", name="English").click()

    expect(page.get_by_role("heading", name="Hello, Ola Testowa!")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"
    assert cookie(context, "platforma_language")["value"] == "en"
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")

    page.get_by_role("link", name="Certificates").click()
    expect(page.get_by_role("heading", name="Certificates", level=1)).to_be_visible()
    expect(page.get_by_role("link", name="Privacy policy")).to_be_visible()
    page.get_by_role("button", name="Polski").click()
    expect(page.get_by_role("link", name="Polityka prywatności")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "pl"


def test_english_browser_gets_english_on_the_first_visit(live_server, browser):
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_role("heading", name="I already have an account")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"
    context.close()
