"""Reminders, session links, deletion and the admin login in Chromium, as people use
them, reading the e-mails from the test outbox."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from app.accounts.models import SessionLink, User
from app.accounts.services import account_deletion_request, session_link_issue
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import last_link, path_of
from app.core.roles import Role
from app.core.tests.helpers import log_in, log_out, settled_axe_violations
from app.learning.tests.factories import grant, make_course

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_reminder_reset_and_login_with_the_new_password(live_server, page, viewport):
    make_user(email="ola@example.com")
    base = live_server.url
    page.goto(f"{base}/login?form=login")
    page.get_by_role("link", name="Forgot your password?").click()

    expect(page).to_have_url(f"{base}/p/haslo/przypomnij")
    expect(page.get_by_role("heading", name="Przypomnienie hasła")).to_be_visible()
    button = page.get_by_role("button", name="Resetuj hasło")
    expect(button).to_be_disabled()
    assert settled_axe_violations(page) == []
    page.get_by_label("E-mail").fill("ola@example.com")
    button.click()

    expect(page.get_by_text("Wiadomość powinna być już w Twojej skrzynce e-mail")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.goto(base + last_link("ola@example.com"))
    expect(page.get_by_role("heading", name="Ustaw nowe hasło")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.get_by_label("Nowe hasło").fill("12345")
    page.get_by_label("Nowe hasło").blur()
    expect(page.get_by_text("Minimalna długość to 6 znaków")).to_be_visible()
    expect(page.get_by_role("button", name="Zapisz nowe hasło")).to_be_disabled()
    page.get_by_label("Nowe hasło").fill("nowe-haslo-1")
    page.get_by_role("button", name="Zapisz nowe hasło").click()

    expect(page).to_have_url(f"{base}/login?form=login")
    expect(page.get_by_role("status").filter(has_text="Hasło zostało zmienione.")).to_be_visible()
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill("nowe-haslo-1")
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    expect(page).to_have_url(f"{base}/platforma")
    assert [m.subject for m in mail.outbox] == [
        "Ustaw nowe hasło do Platformy",
        "Hasło do Twojego konta zostało zmienione",
    ]


def test_a_used_reset_link_says_so(live_server, page):
    make_user(email="ola@example.com")
    page.goto(f"{live_server.url}/p/haslo/przypomnij")
    page.get_by_label("E-mail").fill("ola@example.com")
    page.get_by_role("button", name="Resetuj hasło").click()
    expect(page.get_by_text("Wiadomość powinna być już w Twojej skrzynce e-mail")).to_be_visible()
    link = live_server.url + last_link("ola@example.com")
    page.goto(link)
    page.get_by_label("Nowe hasło").fill("nowe-haslo-1")
    page.get_by_role("button", name="Zapisz nowe hasło").click()
    expect(page).to_have_url(re.compile(r"/login\?form=login$"))

    page.goto(link)
    expect(page.get_by_role("alert")).to_have_text(
        "Link do zmiany hasła jest nieprawidłowy, został już użyty albo wygasł."
    )
    assert settled_axe_violations(page) == []


def test_admin_reminder_both_views_and_the_failure_popup(live_server, page, viewport, settings):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    base = live_server.url
    page.goto(f"{base}/thehero_piwnica")
    page.get_by_role("link", name="Nie pamiętasz hasła? Kliknij tutaj").click()

    expect(page).to_have_url(f"{base}/thehero_piwnica/remind")
    expect(page.locator('meta[name="robots"]')).to_have_attribute("content", "noindex")
    expect(page.get_by_role("heading", name="Przypomnienie hasła")).to_be_visible()
    email = page.get_by_label("E-mail")
    button = page.get_by_role("button", name="Resetuj hasło")
    email.focus()
    email.blur()
    expect(page.get_by_text("E-mail jest wymagany")).to_be_visible()
    email.fill("admin@example")
    expect(page.get_by_text("Błędny e-mail")).to_be_visible()
    expect(button).to_be_disabled()
    expect(page.get_by_role("link", name="Zaloguj", exact=True)).to_have_attribute(
        "href", "/thehero_piwnica"
    )
    assert settled_axe_violations(page) == []

    # A refusal by the server (here: too many attempts) shows the popup.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "reset_password": "0/m/ip"}
    email.fill("admin@example.com")
    button.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(
        "Nie jesteśmy w stanie przypomnieć hasła wprowadzonemu użytkownikowi."
    )
    expect(dialog).to_contain_text("Zbyt wiele prób. Spróbuj ponownie za chwilę.")
    assert settled_axe_violations(page) == []
    dialog.get_by_role("button", name="OK").click()
    expect(dialog).to_be_hidden()
    assert mail.outbox == []

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "reset_password": "9/m/ip"}
    expect(button).to_be_enabled()
    button.click()
    expect(page.get_by_text("Wiadomość powinna być już w Twojej skrzynce e-mail")).to_be_visible()
    expect(page.get_by_text("Jeśli podany adres jest poprawny", exact=False)).to_be_visible()
    assert settled_axe_violations(page) == []
    assert [m.to for m in mail.outbox] == [["admin@example.com"]]
    page.get_by_role("link", name="Strona główna", exact=True).click()
    expect(page).to_have_url(re.compile(r"/login"))


def test_an_unknown_address_gets_the_same_confirmation(live_server, page):
    page.goto(f"{live_server.url}/thehero_piwnica/remind")
    page.get_by_label("E-mail").fill("nikt@example.com")
    page.get_by_role("button", name="Resetuj hasło").click()
    expect(page.get_by_text("Wiadomość powinna być już w Twojej skrzynce e-mail")).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_be_hidden()
    assert mail.outbox == []


def test_session_link_lands_on_the_page_and_works_once(live_server, page, viewport):
    user = make_user(email="ola@example.com", first_name="ola", last_name="nowak")
    course = grant(user, make_course(title="Python od podstaw")).course
    _link, url = session_link_issue(user=user, path="kurs", course_id=course.pk)
    link = live_server.url + path_of(url)

    page.goto(link)

    expect(page).to_have_url(f"{live_server.url}/platforma/kurs/{course.pk}")
    expect(page.get_by_role("heading", name="Python od podstaw", level=1)).to_be_visible()
    assert SessionLink.objects.get().used_at is not None
    log_out(page)
    expect(page).to_have_url(re.compile(r"/login$"))

    page.goto(link)
    expect(page).to_have_url(f"{live_server.url}/login?form=login")
    expect(page.locator("#login-login")).to_be_visible()
    expect(page.get_by_role("alert").get_by_role("paragraph")).to_have_text(
        "Ten link logowania został już wykorzystany."
    )
    assert settled_axe_violations(page) == []


def test_session_link_page_offers_a_retry_when_the_platform_is_unreachable(live_server, page):
    user = make_user(email="ola@example.com")
    _link, url = session_link_issue(user=user, path="moje_kursy")
    link = live_server.url + path_of(url)
    page.route(
        link, lambda route: route.abort() if route.request.method == "POST" else route.continue_()
    )

    page.goto(link)

    expect(page.get_by_role("alert")).to_contain_text("Nie udało się połączyć z platformą.")
    assert settled_axe_violations(page) == []
    page.unroute(link)
    page.get_by_role("button", name="Spróbuj ponownie").click()
    expect(page).to_have_url(f"{live_server.url}/platforma/moje_kursy")


def test_deletion_request_confirm_locked_out_and_undo(live_server, page, viewport):
    ola = make_user(email="ola@example.com", first_name="ola", last_name="nowak")
    base = live_server.url
    log_in(page, live_server, ola)

    page.goto(f"{base}/platforma/profil/usun-konto")
    expect(page.get_by_role("heading", name="Usuń konto")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.get_by_role("button", name="Wyślij link potwierdzający").click()
    expect(page.get_by_role("status").filter(has_text="Wysłaliśmy link")).to_be_visible()
    assert settled_axe_violations(page) == []

    page.goto(base + last_link("ola@example.com"))
    expect(page.get_by_text("Potwierdź usunięcie konta użytkownika")).to_be_visible()
    expect(page.locator("strong")).to_have_text("Ola Nowak")
    delete = page.get_by_role("button", name="Usuń konto")
    expect(delete).to_have_class(re.compile("bg-red-700"))
    assert settled_axe_violations(page) == []
    delete.click()

    expect(page).to_have_url(f"{base}/login")
    expect(
        page.get_by_role("status").filter(
            has_text="Twoje konto zostanie usunięte w ciągu 24 godzin"
        )
    ).to_be_visible()
    assert User.objects.get().is_active is False

    # The login form turns the account away while its deletion is pending.
    page.goto(f"{base}/login?form=login")
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    expect(page.get_by_role("alertdialog")).to_contain_text("To konto czeka na usunięcie.")
    page.keyboard.press("Escape")

    page.goto(base + last_link("ola@example.com"))
    expect(page.get_by_role("heading", name="Przywrócenie konta")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.get_by_role("button", name="Przywróć konto").click()
    expect(page).to_have_url(f"{base}/login?form=login")
    expect(
        page.get_by_role("status").filter(has_text="Twoje konto zostało przywrócone.")
    ).to_be_visible()
    page.locator("#login-login").fill("ola@example.com")
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    expect(page).to_have_url(f"{base}/platforma")


def test_someone_elses_deletion_link_shows_the_error(live_server, page):
    owner = make_user(email="ola@example.com")
    jan = make_user(email="jan@example.com")
    account_deletion_request(user=owner)
    link = live_server.url + last_link("ola@example.com")
    log_in(page, live_server, jan)

    page.goto(link)

    expect(page.get_by_role("alert")).to_have_text(
        "Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta."
    )
    expect(page.get_by_role("button", name="Usuń konto")).to_have_count(0)
    assert settled_axe_violations(page) == []


def test_admin_login_success_and_the_admin_panel(live_server, page, viewport):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    base = live_server.url
    page.goto(f"{base}/admin/accounts/user/")
    expect(page).to_have_url(f"{base}/thehero_piwnica?returnUrl=%2Fadmin%2Faccounts%2Fuser%2F")
    expect(page.locator('meta[name="robots"]')).to_have_attribute("content", "noindex")
    button = page.get_by_role("button", name="Zaloguj", exact=True)
    expect(button).to_be_disabled()
    assert settled_axe_violations(page) == []

    page.get_by_label("E-mail").fill("admin@example.com")
    page.get_by_label("Hasło").fill(DEFAULT_PASSWORD)
    button.click()

    expect(page).to_have_url(f"{base}/admin/accounts/user/")
    expect(page.locator("body")).to_have_class(re.compile(r"\bplatforma-admin\b"))
    expect(page.locator("#site-name")).to_have_text("Platforma: panel administratora")
    # An admin who opens the admin login again goes straight to the panel.
    page.goto(f"{base}/thehero_piwnica")
    expect(page).to_have_url(f"{base}/admin/")


def test_admin_login_refuses_a_learner_with_a_snackbar(live_server, page, viewport):
    make_user(email="ola@example.com")
    page.goto(f"{live_server.url}/thehero_piwnica")
    email = page.get_by_label("E-mail")
    email.fill("ola")
    email.blur()
    expect(page.get_by_text("E-mail jest niepoprawny")).to_be_visible()
    email.fill("ola@example.com")
    page.get_by_label("Hasło").fill(DEFAULT_PASSWORD)
    button = page.get_by_role("button", name="Zaloguj", exact=True)
    button.click()

    snackbar = page.get_by_role("alert")
    expect(snackbar.get_by_role("paragraph")).to_have_text(
        "To konto nie ma dostępu do panelu administratora."
    )
    expect(button).to_be_enabled()
    assert settled_axe_violations(page) == []
    snackbar.get_by_role("button", name="Zamknij komunikat").click()
    expect(snackbar).to_have_count(0)
    expect(page).to_have_url(f"{live_server.url}/thehero_piwnica")
