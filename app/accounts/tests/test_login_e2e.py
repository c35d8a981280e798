"""The login and registration page in Chromium, as a visitor uses it."""

import re

import pytest
from playwright.sync_api import expect

from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import fill_registration
from app.core.tests.helpers import axe_violations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_register_a_new_account_and_land_in_the_learner_area(live_server, page, viewport):
    page.goto(f"{live_server.url}/login")
    button = page.get_by_role("button", name="Załóż darmowe konto")
    expect(button).to_be_disabled()

    fill_registration(page)
    page.get_by_label("Chcę otrzymywać informacje o promocjach").check()
    expect(button).to_be_enabled()
    button.click()

    expect(page).to_have_url(f"{live_server.url}/platforma")
    expect(page.get_by_role("heading", name="Cześć, Ola Nowak!")).to_be_visible()
    user = User.objects.get(email="nowa@example.com")
    assert user.newsletter is True
    customer_ids = page.evaluate("() => (window.dataLayer || []).map((e) => e.customer_id)")
    assert customer_ids == [str(user.customer_id)]


def test_log_in_keeps_the_return_url(live_server, page, viewport):
    make_user(email="ola@example.com")
    page.goto(f"{live_server.url}/odbierz_kurs/KOD-1")
    expect(page).to_have_url(re.compile(r"/login\?returnUrl=%2Fodbierz_kurs%2FKOD-1$"))

    page.get_by_role("button", name="Pokaż formularz logowania").click()
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()

    expect(page).to_have_url(f"{live_server.url}/odbierz_kurs/KOD-1")


def test_wrong_password_shows_the_server_message_and_re_enables_the_button(
    live_server, page, viewport
):
    make_user(email="ola@example.com")
    page.goto(f"{live_server.url}/login?form=login")
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill("not-my-password")
    submit = page.get_by_role("button", name="Zaloguj się", exact=True)
    submit.click()

    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Podany adres e-mail i/lub hasło są niepoprawne.")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(submit).to_be_enabled()
    expect(page.get_by_text("Hasło jest wymagane")).to_have_count(0)
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    submit.click()
    expect(page).to_have_url(f"{live_server.url}/platforma")


def test_each_validation_message(live_server, page):
    make_user(email="zajety@example.com")
    page.goto(f"{live_server.url}/login")
    email = page.locator("#register-username")
    first = page.locator("#register-first-name")
    last = page.locator("#register-last-name")
    password = page.locator("#register-password")

    for field in (email, first, last, password):
        field.focus()
        field.blur()
    expect(page.get_by_text("E-mail jest wymagany")).to_be_visible()
    expect(page.get_by_text("Imię jest wymagane")).to_be_visible()
    expect(page.get_by_text("Nazwisko jest wymagane")).to_be_visible()
    expect(page.get_by_text("Hasło jest wymagane")).to_be_visible()

    email.fill("ola@example")
    first.fill("Ola2")
    last.fill("Nowak!")
    password.fill("12345")
    expect(page.get_by_text("E-mail jest niepoprawny")).to_be_visible()
    expect(page.get_by_text("Imię może zawierać tylko litery")).to_be_visible()
    expect(page.get_by_text("Nazwisko może zawierać tylko litery")).to_be_visible()
    expect(page.get_by_text("Minimalna długość to 6 znaków")).to_be_visible()
    expect(email).to_have_attribute("aria-invalid", "true")

    # Uniqueness is checked when the field is left, not while typing.
    email.fill("zajety@example.com")
    expect(page.get_by_text("Nazwa użytkownika jest już zajęta")).to_have_count(0)
    email.blur()
    expect(page.get_by_text("Nazwa użytkownika jest już zajęta")).to_be_visible()
    expect(page.get_by_role("button", name="Załóż darmowe konto")).to_be_disabled()

    page.get_by_role("button", name="Pokaż formularz logowania").click()
    page.locator("#login-login").fill("nie-email")
    page.locator("#login-login").blur()
    expect(page.locator("#login-login-error")).to_have_text("E-mail jest niepoprawny")


def test_a_late_answer_for_an_earlier_address_leaves_the_last_ones_verdict(live_server, page):
    make_user(email="zajety@example.com")
    held = []
    # The check of the first address is held until the second one's verdict is shown.
    page.route(
        "**/api/accounts/username-check",
        lambda route: held.append(route) if not held else route.continue_(),
    )
    page.goto(f"{live_server.url}/login")
    # Everything else is valid: the button waits for the address alone.
    page.locator("#register-first-name").fill("Ola")
    page.locator("#register-last-name").fill("Nowak")
    page.locator("#register-password").fill(DEFAULT_PASSWORD)
    email = page.locator("#register-username")
    email.fill("wolny@example.com")
    email.blur()
    expect(page.get_by_text("Sprawdzamy, czy adres jest wolny…")).to_be_visible()
    email.fill("zajety@example.com")
    email.blur()
    taken = page.get_by_text("Nazwa użytkownika jest już zajęta")
    expect(taken).to_be_visible()

    with page.expect_response("**/api/accounts/username-check") as late:
        held[0].continue_()
    late.value.finished()
    # Two frames after the answer arrived: the page has done with it.
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert taken.is_visible()
    assert page.get_by_role("button", name="Załóż darmowe konto").is_disabled()


def test_student_address_warning(live_server, page):
    page.goto(f"{live_server.url}/login")
    page.locator("#register-username").fill("jan@student.uw.edu.pl")
    expect(page.get_by_text("To wygląda na adres uczelniany.", exact=False)).to_be_visible()
    page.locator("#register-username").fill("jan@gmail.com")
    expect(page.get_by_text("To wygląda na adres uczelniany.", exact=False)).to_have_count(0)


def test_invitation_banner_fills_the_address(live_server, page, viewport):
    page.goto(
        f"{live_server.url}/login?returnUrl=%2Ftwoj_zespol%3Fmanager%3Dabc%26email%3Dzaproszona%2540example.com"
    )
    banner = page.get_by_role("complementary", name="Zaproszenie do zespołu")
    expect(banner).to_contain_text("zaprosił adres zaproszona@example.com do zespołu")
    banner.get_by_role("button", name="zaproszona@example.com").click()
    expect(page.locator("#register-username")).to_have_value("zaproszona@example.com")
    expect(page.locator("#register-username")).to_be_focused()


def test_open_redirect_attempt_stays_on_the_platform(live_server, page):
    make_user(email="ola@example.com")
    page.goto(f"{live_server.url}/login?form=login&returnUrl=https%3A%2F%2Fevil.example%2F")
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/platforma")


def test_columns_toggle_and_the_login_page_has_no_axe_violations(live_server, page, viewport):
    page.goto(f"{live_server.url}/login")
    show_login = page.get_by_role("button", name="Pokaż formularz logowania")
    expect(show_login).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#login-login")).to_be_hidden()
    assert axe_violations(page) == []

    show_login.click()
    page.get_by_role("button", name="Ukryj formularz rejestracji").click()
    expect(page.locator("#login-login")).to_be_visible()
    expect(page.locator("#register-username")).to_be_hidden()
    assert axe_violations(page) == []


def test_guarded_areas_and_missing_pages(live_server, page):
    page.goto(f"{live_server.url}/manager")
    expect(page).to_have_url(re.compile(r"/login\?returnUrl=%2Fmanager$"))

    make_user(email="ola@example.com")
    page.get_by_role("button", name="Pokaż formularz logowania").click()
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()

    # The page asked for is refused: the dialog says why, then the learner area opens.
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Nie masz dostępu do tej części platformy.")
    dialog.get_by_role("button", name="OK").click()
    expect(page).to_have_url(f"{live_server.url}/platforma")

    response = page.goto(f"{live_server.url}/admin/")
    assert response.status == 403
    expect(page.get_by_role("heading", name="Brak dostępu")).to_be_visible()
    response = page.goto(f"{live_server.url}/admin/")
    assert response.status == 403
    response = page.goto(f"{live_server.url}/nie-ma-takiej-strony")
    assert response.status == 404
    expect(page.get_by_role("heading", name="Nie znaleziono strony")).to_be_visible()
    page.get_by_role("link", name="Wróć do platformy").click()
    expect(page).to_have_url(f"{live_server.url}/platforma")
