"""The top bar and its menus in Chromium, for each kind of demo account
(docs/behaviour.md#top-bar)."""

import pytest
from playwright.sync_api import expect

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.core.tests.helpers import DESKTOP, PHONE, axe_violations, log_in
from app.shell.tests.helpers import entry_names, restore_default_pages, wait_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LEARNER_ENTRIES = [
    "Szkolenia",
    "Egzaminy",
    "Pytania rekrutacyjne",
    "Ulubione",
    "Notatki",
    "Certyfikaty",
]

ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36"
)

USER_MENU = {
    "learner@example.com": ["Wróć do sklepu", "Wyloguj się"],
    "manager@example.com": ["Zarządzanie zespołem", "Wyloguj się"],
    "leader@example.com": ["Zarządzanie zespołem", "Wyloguj się"],
    "institution@example.com": ["Multilicencje", "Wyloguj się"],
    "reseller@example.com": ["Panel resellera", "Wyloguj się"],
    "cloud@example.com": ["Panel cloud", "Wyloguj się"],
    "author@example.com": ["Panel autora", "Wyloguj się"],
    "student@example.com": ["Wyloguj się"],
    "monitored@example.com": ["Wyloguj się"],
}

MOBILE_MENU = {
    "learner@example.com": (
        [*LEARNER_ENTRIES, "Postępy", "Profil", "Wróć do sklepu", "Wyloguj się"],
        False,
    ),
    "student@example.com": ([*LEARNER_ENTRIES, "Profil", "Twój zespół", "Wyloguj się"], False),
    "manager@example.com": (
        ["Zarządzanie zespołem", *LEARNER_ENTRIES, "Profil", "Wyloguj się"],
        False,
    ),
    "leader@example.com": (
        ["Zarządzanie zespołem", *LEARNER_ENTRIES, "Profil", "Wyloguj się"],
        False,
    ),
    "author@example.com": (["Panel autora", *LEARNER_ENTRIES, "Profil", "Wyloguj się"], False),
    "institution@example.com": (["Multilicencje", *LEARNER_ENTRIES, "Profil", "Wyloguj się"], True),
    "reseller@example.com": (["Panel resellera", *LEARNER_ENTRIES, "Profil", "Wyloguj się"], True),
    "cloud@example.com": (["Panel cloud", *LEARNER_ENTRIES, "Profil", "Wyloguj się"], True),
}


@pytest.mark.parametrize(("email", "expected"), USER_MENU.items(), ids=list(USER_MENU))
def test_user_menu_entries_by_role(live_server, page, demo, email, expected):
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server, User.objects.get(email=email))
    page.goto(f"{live_server.url}/platforma")
    expect(page.get_by_role("button", name="Otwórz menu")).to_be_hidden()
    menu_button = page.get_by_role("button", name="Menu użytkownika", exact=False)
    menu_button.click()
    menu = page.locator(f"#{menu_button.get_attribute('aria-controls')}".replace(":", "\\:"))
    expect(menu).to_be_visible()
    assert entry_names(menu) == expected
    expect(page.get_by_role("link", name="Panel administratora")).to_have_count(0)


@pytest.mark.parametrize(("email", "expected"), MOBILE_MENU.items(), ids=list(MOBILE_MENU))
def test_mobile_menu_entries_by_role(live_server, page, demo, email, expected):
    entries, divider = expected
    page.set_viewport_size(PHONE)
    log_in(page, live_server, User.objects.get(email=email))
    page.goto(f"{live_server.url}/platforma")
    expect(page.get_by_role("button", name="Menu użytkownika", exact=False)).to_be_hidden()
    page.get_by_role("button", name="Otwórz menu").click()
    nav = page.get_by_role("navigation", name="Nawigacja główna")
    expect(nav).to_be_visible()
    assert entry_names(nav) == entries
    expect(nav.locator("hr")).to_have_count(int(divider))


@pytest.mark.parametrize("email", ["admin@example.com", "super@example.com"])
def test_admins_get_the_admin_panel_button_not_the_learner_header(
    live_server, page, demo, viewport, email
):
    log_in(page, live_server, User.objects.get(email=email))
    page.goto(f"{live_server.url}/platforma")
    expect(page.get_by_role("link", name="Panel administratora")).to_have_attribute(
        "href", "/admin/"
    )
    expect(page.get_by_role("button", name="Wyloguj się")).to_be_visible()
    expect(page.get_by_role("button", name="Powiadomienia", exact=False)).to_have_count(0)
    expect(page.get_by_role("button", name="Otwórz menu")).to_have_count(0)
    expect(page.get_by_role("button", name="Menu użytkownika", exact=False)).to_have_count(0)


def test_visitors_get_the_login_link(live_server, page):
    page.goto(f"{live_server.url}/p/regulamin")
    expect(page.get_by_role("link", name="Zaloguj się")).to_have_attribute("href", "/login")
    expect(page.get_by_role("link", name="Platforma: strona główna")).to_have_attribute("href", "/")


def test_cloud_learners_in_a_team_see_the_team_entry_without_its_label(live_server, page):
    cloud_student = make_user(
        email="cloudstudent@example.com",
        roles=[Role.CLOUD],
        is_student=True,
        is_profile_public=False,
    )
    page.set_viewport_size(PHONE)
    log_in(page, live_server, cloud_student)
    page.goto(f"{live_server.url}/platforma")
    page.get_by_role("button", name="Otwórz menu").click()
    nav = page.get_by_role("navigation", name="Nawigacja główna")
    team = nav.get_by_role("link", name="Twój zespół")
    expect(team).to_have_attribute("href", "/platforma/student")
    expect(team.locator("span.sr-only")).to_have_text("Twój zespół")
    profile = nav.get_by_role("link", name="Profil")
    expect(profile).to_contain_text("Twój profil nie jest publiczny")


def test_mobile_menu_lock_outside_click_and_escape(live_server, page, demo):
    page.set_viewport_size(PHONE)
    log_in(page, live_server, User.objects.get(email="learner@example.com"))
    page.goto(f"{live_server.url}/platforma")
    toggle = page.locator("button[aria-controls][aria-label$='menu']")
    nav = page.get_by_role("navigation", name="Nawigacja główna")

    # A double press: the second comes within 750 ms of the first, however busy the
    # machine, and is ignored.
    toggle.dblclick()
    expect(nav).to_be_visible()
    page.wait_for_timeout(300)
    expect(nav).to_be_visible()
    assert axe_violations(page) == []
    page.wait_for_timeout(800)
    toggle.click()
    expect(nav).to_be_hidden()

    page.wait_for_timeout(800)
    toggle.click()
    expect(nav).to_be_visible()
    page.mouse.click(200, 800)  # outside the menu
    expect(nav).to_be_hidden()

    page.wait_for_timeout(800)
    toggle.click()
    expect(nav).to_be_visible()
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    expect(toggle).to_be_focused()


def test_user_menu_from_the_keyboard_outside_click_and_escape(live_server, page, demo):
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server, User.objects.get(email="manager@example.com"))
    page.goto(f"{live_server.url}/platforma")
    button = page.get_by_role("button", name="Menu użytkownika: Marek Wójcik")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    assert axe_violations(page) == []
    page.keyboard.press("Tab")
    header = page.get_by_role("banner")
    expect(header.get_by_role("link", name="Zarządzanie zespołem")).to_be_focused()
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()

    button.click()
    page.get_by_role("heading", name="Cześć, Marek Wójcik!").click()
    expect(button).to_have_attribute("aria-expanded", "false")

    button.click()
    header.get_by_role("link", name="Zarządzanie zespołem").click()
    expect(page).to_have_url(f"{live_server.url}/manager")


def test_logout_from_the_user_menu(live_server, page, demo):
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server, User.objects.get(email="student@example.com"))
    page.goto(f"{live_server.url}/platforma")
    page.get_by_role("button", name="Menu użytkownika", exact=False).click()
    page.get_by_role("button", name="Wyloguj się").click()
    expect(page).to_have_url(f"{live_server.url}/login")
    page.goto(f"{live_server.url}/platforma")
    expect(page).to_have_url(f"{live_server.url}/login?returnUrl=%2Fplatforma")


def test_notifications(live_server, page, demo):
    from app.shell.services import notification_create

    learner = User.objects.get(email="learner@example.com")
    notification_create(user=learner, message="Masz nowy kurs", url="/platforma/moje_kursy")
    notification_create(user=learner, message="Witaj na Platformie")
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server, User.objects.get(email="learner@example.com"))
    page.goto(f"{live_server.url}/platforma")

    bell = page.get_by_role("button", name="Powiadomienia 2 nieprzeczytane")
    bell.click()
    panel = page.locator(f"#{bell.get_attribute('aria-controls')}".replace(":", "\\:"))
    expect(panel.get_by_role("listitem")).to_have_count(2)
    expect(panel.get_by_role("link", name="Masz nowy kurs")).to_have_attribute(
        "href", "/platforma/moje_kursy"
    )
    assert axe_violations(page) == []
    panel.get_by_role("button", name="Oznacz wszystkie jako przeczytane").click()
    expect(page.get_by_role("button", name="Powiadomienia", exact=True)).to_be_visible()


def test_on_a_phone_the_notifications_panel_and_the_learner_tabs_stay_on_screen(
    live_server, page, demo
):
    # A profile that is not public adds the warning to the Profil tab, with its hidden text.
    nowa = make_user(email="nowa@example.com", is_profile_public=False)
    # A phone's browser widens its layout to whatever sticks out, so emulate one.
    phone = page.context.browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="pl-PL", user_agent=ANDROID
    )
    page = phone.new_page()
    log_in(page, live_server, nowa)
    for path in ("/platforma/moje_kursy", "/platforma/profil"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("[innerWidth, document.documentElement.scrollWidth]") == [390, 390]

    bell = page.get_by_role("button", name="Powiadomienia", exact=True)
    bell.click()
    panel = page.locator(f"#{bell.get_attribute('aria-controls')}".replace(":", "\\:"))
    expect(panel).to_be_visible()
    box = panel.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]
    phone.close()


def test_navigation_shows_the_loader_and_scrolls_to_the_top(live_server, page):
    restore_default_pages()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/p/polityka-prywatnosci")
    expect(page.get_by_role("heading", name="Polityka prywatności", level=1)).to_be_visible()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 300

    def slow(route):
        page.wait_for_timeout(700)
        route.continue_()

    page.route("**/p/regulamin", slow)
    page.get_by_role("link", name="Regulamin zakupów").click()
    expect(page.locator("#nprogress")).to_be_attached()
    expect(page.get_by_role("heading", name="Regulamin zakupów", level=1)).to_be_visible()
    wait_until(lambda: page.evaluate("window.scrollY") == 0)
