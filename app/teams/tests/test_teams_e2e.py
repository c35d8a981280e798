"""Team invitations in Chromium: manager → e-mail → registration through the banner →
acceptance; the wrong-account dialog and its logout; other failures."""

import re

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.tests.helpers import log_in, settled_axe_violations
from app.learning.tests.factories import make_course
from app.teams.models import Invitation, Membership
from app.teams.tests.factories import make_invitation, make_team
from app.teams.tests.helpers import LINK

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_manager_invites_a_new_address_who_registers_and_joins(live_server, page, viewport):
    manager = make_user(roles=["MANAGER"], first_name="Marek", last_name="Wójcik")
    course = make_course(title="Kurs zespołu")
    team = make_team(name="Zespół backendowy", managers=[manager], courses=[course])
    log_in(page, live_server, manager)

    page.goto(f"{live_server.url}/manager")
    page.get_by_role("link", name="Zespół backendowy").click()
    assert settled_axe_violations(page) == []
    page.get_by_label("Adresy e-mail").fill("nowa.osoba@example.com")
    page.get_by_role("button", name="Wyślij zaproszenia").click()
    expect(page.get_by_text("Wysłane zaproszenia: 1.")).to_be_visible()
    expect(page.get_by_text("nowa.osoba@example.com")).to_be_visible()
    assert settled_axe_violations(page) == []

    assert [message.to for message in mail.outbox] == [["nowa.osoba@example.com"]]
    path = LINK.search(mail.outbox[0].body).group(1)
    page.context.clear_cookies()
    page.goto(f"{live_server.url}{path}")

    expect(page).to_have_url(re.compile(r"/login\?returnUrl="))
    banner = page.get_by_role("complementary", name="Zaproszenie do zespołu")
    expect(banner).to_contain_text("zaprosił adres nowa.osoba@example.com do zespołu")
    banner.get_by_role("button", name="nowa.osoba@example.com").click()
    page.get_by_label("Imię").fill("nowa")
    page.get_by_label("Nazwisko").fill("osoba")
    page.get_by_label("Hasło").last.fill("sekret123")
    page.get_by_role("button", name="Załóż darmowe konto").click()

    expect(page).to_have_url(re.compile(r"/twoj_zespol\?manager="))
    expect(
        page.get_by_text("Otrzymałeś zaproszenie do zespołu. Czy na pewno chcesz dołączyć?")
    ).to_be_visible()
    expect(page.get_by_text("Zespół: Zespół backendowy")).to_be_visible()
    expect(page.get_by_role("link", name="Odrzuć")).to_have_attribute("href", "/platforma")
    assert settled_axe_violations(page) == []
    page.get_by_role("button", name="Zaakceptuj").click()

    expect(page).to_have_url(f"{live_server.url}/platforma/student")
    expect(page.get_by_role("heading", name="Zespół backendowy")).to_be_visible()
    expect(page.get_by_role("link", name="Kurs zespołu")).to_be_visible()
    # The shared user is a student now: the learner menu offers the team page.
    expect(page.get_by_role("link", name="Twój zespół")).to_be_visible()
    assert settled_axe_violations(page) == []
    user = User.objects.get(email="nowa.osoba@example.com")
    assert user.is_student
    assert Membership.objects.filter(team=team, user=user).exists()


def test_the_wrong_account_logs_out_and_comes_back_as_the_invited_one(live_server, page, viewport):
    invited = make_user(email="ola@example.com", first_name="Ola", last_name="Nowak")
    team = make_team(name="Zespół QA")
    _invitation, token = make_invitation(team=team, email="ola@example.com")
    log_in(page, live_server, make_user(email="inna@example.com"))

    page.goto(f"{live_server.url}/twoj_zespol?manager={token}")

    dialog = page.get_by_role("alertdialog", name="Zaloguj się na właściwe konto")
    expect(dialog).to_contain_text("To zaproszenie wysłano na adres ola@example.com")
    expect(dialog.get_by_role("button", name="Anuluj")).to_be_visible()
    assert settled_axe_violations(page) == []
    dialog.get_by_role("button", name="Anuluj").click()
    expect(dialog).to_be_hidden()
    expect(page).to_have_url(re.compile(r"/twoj_zespol\?manager="))

    page.reload()
    page.get_by_role("alertdialog").get_by_role("button", name="Wyloguj się teraz").click()

    expect(page).to_have_url(re.compile(r"/login\?returnUrl=.*email%3Dola%2540example\.com"))
    expect(page.locator("#login-login")).to_have_value("ola@example.com")
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    expect(page).to_have_url(re.compile(r"/twoj_zespol\?manager="))
    page.get_by_role("button", name="Zaakceptuj").click()
    expect(page).to_have_url(f"{live_server.url}/platforma/student")
    assert Membership.objects.filter(team=team, user=invited).exists()


def test_an_expired_invitation_shows_the_error_then_goes_to_platforma(live_server, page):
    user = make_user(email="ola@example.com")
    invitation, token = make_invitation(team=make_team(), email="ola@example.com")
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    log_in(page, live_server, user)

    page.goto(f"{live_server.url}/twoj_zespol?manager={token}")

    dialog = page.get_by_role("alertdialog", name="Błąd!")
    expect(dialog).to_contain_text("To zaproszenie wygasło. Poproś menedżera zespołu o nowe.")
    assert settled_axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(page).to_have_url(f"{live_server.url}/platforma")
    assert not Membership.objects.exists()


def test_a_leader_creates_a_team_and_revokes_an_invitation(live_server, page, viewport):
    leader = make_user(roles=["MANAGER_LEADER"])
    log_in(page, live_server, leader)
    page.goto(f"{live_server.url}/manager")
    expect(page.get_by_text("Nie zarządzasz jeszcze żadnym zespołem")).to_be_visible()
    assert settled_axe_violations(page) == []
    name = page.get_by_label("Nazwa zespołu")
    create = page.get_by_role("button", name="Utwórz zespół")
    name.focus()
    name.blur()
    # The server's rule and message, checked as the leader types.
    expect(page.get_by_text("Podaj nazwę zespołu.")).to_be_visible()
    expect(create).to_be_disabled()
    assert settled_axe_violations(page) == []
    name.fill("Zespół nowy")
    create.click()
    expect(page.get_by_role("heading", name="Zespół nowy")).to_be_visible()

    emails = page.get_by_label("Adresy e-mail")
    send = page.get_by_role("button", name="Wyślij zaproszenia")
    emails.fill("a@example.com, b@example")
    send.click()
    expect(page.get_by_text("Te adresy są niepoprawne: b@example")).to_be_visible()
    assert settled_axe_violations(page) == []
    emails.fill("a@example.com")
    send.click()
    # Sent: the form is empty again and takes the next addresses.
    expect(page.get_by_text("Wysłane zaproszenia: 1.")).to_be_visible()
    expect(emails).to_have_value("")
    expect(send).to_be_disabled()
    emails.fill("c@example.com")
    expect(send).to_be_enabled()
    page.get_by_role("button", name="Wycofaj zaproszenie dla a@example.com").click()
    dialog = page.get_by_role("alertdialog", name="Wycofać zaproszenie?")
    assert settled_axe_violations(page) == []
    dialog.get_by_role("button", name="Wycofaj").click()
    expect(page.get_by_text("Wycofano zaproszenie dla a@example.com.")).to_be_visible()
    expect(page.get_by_text("Żadne zaproszenie nie czeka na odpowiedź.")).to_be_visible()


def _resend_button_of_a_pending_invitation(live_server, page):
    """A manager on their team page with one invitation to ola@example.com: the invitation,
    and its resend button."""
    manager = make_user(roles=["MANAGER"])
    team = make_team(managers=[manager])
    invitation, _secret = make_invitation(team=team, email="ola@example.com", invited_by=manager)
    log_in(page, live_server, manager)
    page.goto(f"{live_server.url}/manager/zespol/{team.pk}")
    return invitation, page.get_by_role(
        "button", name="Wyślij ponownie zaproszenie dla ola@example.com"
    )


def test_an_invitation_resent_with_a_double_click_is_sent_once(live_server, page):
    # A button that posts alone is disabled while its post is sent (useButtonPost).
    invitation, resend = _resend_button_of_a_pending_invitation(live_server, page)

    resend.dblclick()

    expect(page.get_by_text("Wysłano ponownie zaproszenie na ola@example.com.")).to_be_visible()
    invitation.refresh_from_db()
    assert invitation.sent_count == 2
    assert [message.to for message in mail.outbox] == [["ola@example.com"]]


def test_a_button_pressed_from_the_keyboard_keeps_the_focus_while_it_sends(live_server, page):
    # Disabled while its post is sent, it stays where the keyboard user left it (a natively
    # disabled button would drop the focus to the page).
    invitation, resend = _resend_button_of_a_pending_invitation(live_server, page)

    resend.focus()
    # The second press finds the focused button disabled while the first is sent.
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")

    expect(page.get_by_text("Wysłano ponownie zaproszenie na ola@example.com.")).to_be_visible()
    expect(resend).to_be_focused()
    expect(resend).to_be_enabled()
    invitation.refresh_from_db()
    assert invitation.sent_count == 2


def test_a_dialog_closed_and_asked_for_again_at_once_opens(live_server, page):
    # Escape closes the dialog at once, but the page hears of it a moment later (the close
    # event): a press of the button in between, on a busy phone, must open the dialog
    # again, not be lost. The press comes here as soon as the page has handled the closing
    # (the microtask after React's), before the close event.
    _invitation, _resend = _resend_button_of_a_pending_invitation(live_server, page)
    revoke = page.get_by_role("button", name="Wycofaj zaproszenie dla ola@example.com")
    dialog = page.get_by_role("alertdialog", name="Wycofać zaproszenie?")
    revoke.click()
    expect(dialog).to_be_visible()

    page.evaluate(
        """([dialog, button]) => {
            dialog.requestClose();
            queueMicrotask(() => button.click());
        }""",
        [page.locator("dialog[open]").element_handle(), revoke.element_handle()],
    )

    expect(dialog.get_by_role("button", name="Wycofaj", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(revoke).to_be_focused()


def test_an_invitation_revoked_from_the_keyboard_leaves_the_focus_on_its_list(live_server, page):
    # The dialog hands the focus back to the revoke button before the post is sent, and
    # once the invitation's row has gone the focus goes to its list's heading, not the
    # top of the page.
    invitation, _resend = _resend_button_of_a_pending_invitation(live_server, page)
    revoke = page.get_by_role("button", name="Wycofaj zaproszenie dla ola@example.com")
    dialog = page.get_by_role("alertdialog", name="Wycofać zaproszenie?")

    revoke.focus()
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("button", name="Anuluj")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(revoke).to_be_focused()

    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Wycofaj")).to_be_focused()
    page.keyboard.press("Enter")

    expect(page.get_by_text("Wycofano zaproszenie dla ola@example.com.")).to_be_visible()
    expect(
        page.get_by_role("heading", name="Zaproszenia czekające na odpowiedź (0)")
    ).to_be_focused()
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
