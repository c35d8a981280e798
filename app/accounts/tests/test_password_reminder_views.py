"""Password reminders (learner and admin), the reset page and what it ends."""

from importlib import import_module

import pytest
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client

from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import (
    NEW_PASSWORD_RULE,
    REMINDER,
    ask_for_reminder,
    commit,
    email_rule,
    links_in,
    log_in_with_password,
    reset_path,
)
from app.core.models import EmailOutbox
from app.core.ratelimits import parse_rates
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db

ADMIN_REMINDER = "/thehero_piwnica/remind"
INVALID_LINK = "Link do zmiany hasła jest nieprawidłowy, został już użyty albo wygasł."


def test_reminder_page_component_and_exact_props(client):
    page = page_of(visit(client, REMINDER))

    assert page["component"] == "Accounts/PasswordReminder"
    assert {key: page["props"][key] for key in ("variant", "sent", "rules", "urls")} == {
        "variant": "learner",
        "sent": False,
        "rules": {"email": email_rule("E-mail jest wymagany", "Błędny e-mail")},
        "urls": {"submit": REMINDER, "login": "/login?form=login", "home": "/"},
    }


def test_known_address_gets_the_reset_email_in_the_users_language(client):
    make_user(email="ola@example.com", first_name="ola", language="en")

    response = ask_for_reminder(client, "  OLA@example.com ")

    assert response.status_code == 302
    assert response.headers["Location"] == REMINDER
    [message] = mail.outbox
    assert message.to == ["ola@example.com"]
    assert message.subject == "Set a new password for Platforma"
    assert message.body.startswith("Hi Ola,")
    [link] = links_in(message)
    assert link.startswith(f"{settings.SITE_URL}/p/haslo/nowe/")
    html, _mimetype = message.alternatives[0]
    assert link in html
    sent = EmailOutbox.objects.get()
    assert (sent.template, sent.to, sent.language) == ("password_reset", "ola@example.com", "en")
    assert sent.sent_at is not None
    # The confirmation view shows once, after the request.
    assert page_of(visit(client, REMINDER))["props"]["sent"] is True
    assert page_of(visit(client, REMINDER))["props"]["sent"] is False


def test_unknown_and_inactive_addresses_get_the_same_answer_and_no_email(client):
    make_user(email="blocked@example.com", is_active=False)
    answers = []
    for email in ("nobody@example.com", "blocked@example.com"):
        response = ask_for_reminder(client, email)
        answers.append((response.status_code, response.headers["Location"]))
        answers.append(page_of(visit(client, REMINDER))["props"]["sent"])

    assert answers == [(302, REMINDER), True] * 2
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "E-mail jest wymagany"),
        ({"email": ""}, "E-mail jest wymagany"),
        ({"email": "ola"}, "Błędny e-mail"),
        ({"email": "ola@example"}, "Błędny e-mail"),
        ({"email": "a" * 65 + "@example.com"}, "Błędny e-mail"),
        ({"email": "x" * 300 + "@example.com"}, "Błędny e-mail"),
        ({"email": ["ola@example.com"]}, "Błędny e-mail"),
    ],
)
def test_invalid_addresses_answer_with_the_reminders_messages(client, data, message):
    make_user(email="ola@example.com")
    response = commit(post_json, client, REMINDER, data)

    assert response.headers["Location"] == REMINDER
    props = page_of(visit(client, REMINDER))["props"]
    assert props["errors"] == {"email": message}
    assert props["sent"] is False
    assert mail.outbox == []


def test_a_broken_body_answers_with_the_message(client):
    response = client.post(REMINDER, data=b"\xff{", content_type="application/json")
    assert response.status_code == 302
    assert page_of(visit(client, REMINDER))["props"]["errors"] == {"email": "E-mail jest wymagany"}


def test_one_address_gets_at_most_three_reminders_in_15_minutes(client):
    make_user(email="ola@example.com")
    for _ in range(4):
        ask_for_reminder(client, "ola@example.com")

    assert len(mail.outbox) == 3
    assert page_of(visit(client, REMINDER))["props"]["errors"] == {
        "form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    }


def test_one_address_gets_a_class_of_reminders_a_minute_and_no_more(client):
    budget = parse_rates(settings.RATE_LIMITS["reset_password"])[0]
    assert (budget.per, budget.seconds) == ("ip", 60)
    for n in range(budget.amount):
        ask_for_reminder(client, f"someone{n}@example.com")
        assert page_of(visit(client, REMINDER))["props"]["errors"] == {}
    ask_for_reminder(client, "someone-else@example.com")

    assert page_of(visit(client, REMINDER))["props"]["errors"] == {
        "form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    }


def test_reminder_is_a_get_or_post_only(client):
    assert client.put(REMINDER).status_code == 405


def test_admin_reminder_is_noindex_with_the_admin_login_link(client):
    response = visit(client, ADMIN_REMINDER)
    page = page_of(response)

    assert response.headers["X-Robots-Tag"] == "noindex"
    assert page["component"] == "Accounts/PasswordReminder"
    assert page["props"]["variant"] == "admin"
    assert page["props"]["urls"] == {
        "submit": ADMIN_REMINDER,
        "login": "/thehero_piwnica",
        "home": "/",
    }


def test_admin_reminder_sends_the_same_reset_email(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    response = ask_for_reminder(client, "admin@example.com", ADMIN_REMINDER)

    assert response.headers["Location"] == ADMIN_REMINDER
    assert response.headers["X-Robots-Tag"] == "noindex"
    assert [m.subject for m in mail.outbox] == ["Ustaw nowe hasło do Platformy"]
    assert page_of(visit(client, ADMIN_REMINDER))["props"]["sent"] is True
    # The learner page does not take the admin page's confirmation.
    assert page_of(visit(client, REMINDER))["props"]["sent"] is False


# --- The reset page ---------------------------------------------------------------------


def test_opening_the_link_shows_the_form_and_changes_nothing(client):
    user = make_user(email="ola@example.com")
    path = reset_path(client)

    page = page_of(visit(client, path))

    assert page["component"] == "Accounts/PasswordReset"
    assert page["props"]["error"] is None
    assert page["props"]["rules"] == {"password": NEW_PASSWORD_RULE}
    assert page["props"]["submit_url"] == path
    assert page["props"]["reminder_url"] == REMINDER
    user.refresh_from_db()
    assert user.check_password(DEFAULT_PASSWORD)


def test_new_password_ends_other_sessions_and_tells_the_user(client):
    user = make_user(email="ola@example.com", first_name="ola")
    elsewhere = Client()
    log_in_with_password(elsewhere, "ola@example.com", DEFAULT_PASSWORD)
    assert UserSession.objects.filter(user=user).count() == 1
    path = reset_path(client)
    mail.outbox.clear()

    response = commit(post_json, client, path, {"password": "nowe-haslo"})

    assert response.status_code == 302
    assert response.headers["Location"] == "/login?form=login"
    user.refresh_from_db()
    assert user.check_password("nowe-haslo")
    assert UserSession.objects.filter(user=user).count() == 0
    assert visit(elsewhere, "/platforma").status_code == 302  # logged out there
    [notice] = mail.outbox
    assert notice.subject == "Hasło do Twojego konta zostało zmienione"
    assert notice.body.startswith("Cześć Ola,")
    login_page = page_of(visit(client, "/login?form=login"))
    assert login_page["flash"] == {
        "messages": [
            {"level": "success", "message": "Hasło zostało zmienione. Zaloguj się nowym hasłem."}
        ]
    }
    # And the new password opens the account.
    assert (
        log_in_with_password(client, "ola@example.com", "nowe-haslo").headers["Location"]
        == "/platforma"
    )


def test_the_link_works_once(client):
    make_user(email="ola@example.com")
    path = reset_path(client)
    commit(post_json, client, path, {"password": "nowe-haslo"})

    assert page_of(visit(client, path))["props"]["error"] == INVALID_LINK
    response = commit(post_json, client, path, {"password": "inne-haslo"})

    assert response.headers["Location"] == path
    assert page_of(visit(client, path))["props"]["errors"] == {"form": INVALID_LINK}
    assert User.objects.get().check_password("nowe-haslo")


def test_an_expired_link_is_refused(client, settings):
    make_user(email="ola@example.com")
    path = reset_path(client)
    settings.PASSWORD_RESET_TIMEOUT = -1

    assert page_of(visit(client, path))["props"]["error"] == INVALID_LINK
    commit(post_json, client, path, {"password": "nowe-haslo"})
    assert User.objects.get().check_password(DEFAULT_PASSWORD)


@pytest.mark.parametrize(
    "key",
    ["abc", "1-", "-", "zz-1234-abcd", "1-kx1-" + "0" * 32, "%00", "1" * 5000],
)
def test_forged_links_are_refused(client, key):
    user = make_user(email="ola@example.com")
    path = f"/p/haslo/nowe/{key}"

    assert page_of(visit(client, path))["props"]["error"] == INVALID_LINK
    response = post_json(client, path, {"password": "nowe-haslo"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(DEFAULT_PASSWORD)


def test_short_password_is_refused_with_the_new_password_message(client):
    make_user(email="ola@example.com")
    path = reset_path(client)

    commit(post_json, client, path, {"password": "12345"})

    assert page_of(visit(client, path))["props"]["errors"] == {
        "password": "Minimalna długość to 6 znaków"
    }
    assert User.objects.get().check_password(DEFAULT_PASSWORD)


def test_an_admin_goes_back_to_the_admin_login_after_the_reset(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    path = reset_path(client, "admin@example.com")
    response = commit(post_json, client, path, {"password": "nowe-haslo"})
    assert response.headers["Location"] == "/thehero_piwnica"


def test_resetting_while_logged_in_keeps_this_session_only(client):
    user = make_user(email="ola@example.com")
    log_in_with_password(client, "ola@example.com", DEFAULT_PASSWORD)
    elsewhere = Client()
    log_in_with_password(elsewhere, "ola@example.com", DEFAULT_PASSWORD)
    path = reset_path(client)

    response = commit(post_json, client, path, {"password": "nowe-haslo"})

    assert response.headers["Location"] == "/platforma"
    assert client.session[SESSION_KEY] == str(user.pk)
    assert visit(client, "/platforma").status_code == 200
    assert visit(elsewhere, "/platforma").status_code == 302
    engine = import_module(settings.SESSION_ENGINE)
    assert list(UserSession.objects.filter(user=user).values_list("session_key", flat=True)) == [
        client.session.session_key
    ]
    assert engine.SessionStore().exists(client.session.session_key)


def test_reset_attempts_are_limited_per_ip(client):
    for _ in range(20):
        post_json(client, "/p/haslo/nowe/1-abc", {"password": "nowe-haslo"})
    post_json(client, "/p/haslo/nowe/1-abc", {"password": "nowe-haslo"})
    assert page_of(visit(client, "/p/haslo/nowe/1-abc"))["props"]["errors"] == {
        "form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    }
