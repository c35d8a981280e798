"""Nobody can lock someone else out by failing to log in as them (login_throttle)."""

from datetime import timedelta

import pytest
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client
from django.utils import timezone

from app.accounts import login_throttle, services
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import links_in, path_of, sent_to
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db

ATTACKER = "203.0.113.7"
OWNER = "198.51.100.20"
BLOCKED = "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie później."


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def wrong_guesses(email: str, count: int, network: str = "203.0.113") -> None:
    """`count` wrong passwords for `email`, each from another address of `network`."""
    for n in range(count):
        log_in(from_address(f"{network}.{n}"), email, "zgadywane")


def log_in(client: Client, email: str, password: str):
    return post_json(client, "/login", {"login": email, "login_password": password})


def admin_log_in(client: Client, email: str, password: str):
    return post_json(client, "/thehero_piwnica", {"username": email, "password": password})


def test_the_hammering_client_is_blocked_while_the_owner_logs_in_from_elsewhere(waits):
    owner = make_user(email="ola@example.com")
    attacker = from_address(ATTACKER)
    for _ in range(6):
        log_in(attacker, "ola@example.com", "zgadywane")

    # The attacker is refused even with the right password...
    log_in(attacker, "ola@example.com", DEFAULT_PASSWORD)
    assert SESSION_KEY not in attacker.session
    assert page_of(visit(attacker, "/login"))["props"]["errors"] == {"form": BLOCKED}

    # ...while the owner, from their own network, gets in.
    own = from_address(OWNER)
    response = log_in(own, "ola@example.com", DEFAULT_PASSWORD)
    assert response.headers["Location"] == "/platforma"
    assert own.session[SESSION_KEY] == str(owner.pk)


def test_an_admin_is_not_locked_out_of_the_admin_login_either(waits):
    admin = make_user(email="admin@example.com", roles=[Role.ADMIN])
    attacker = from_address(ATTACKER)
    for _ in range(6):
        admin_log_in(attacker, "admin@example.com", "zgadywane")
        log_in(attacker, "admin@example.com", "zgadywane")

    admin_log_in(attacker, "admin@example.com", DEFAULT_PASSWORD)
    assert SESSION_KEY not in attacker.session

    own = from_address(OWNER)
    admin_log_in(own, "admin@example.com", DEFAULT_PASSWORD)
    assert own.session[SESSION_KEY] == str(admin.pk)


def test_failures_from_many_clients_slow_the_address_down_but_it_still_answers(waits):
    make_user(email="ola@example.com")
    # Five failures are free, then each attempt waits longer, up to the ceiling.
    wrong_guesses("ola@example.com", 11)
    assert waits == [0.25, 0.5, 1.0, 2.0, 2.0]

    own = from_address(OWNER)
    response = log_in(own, "ola@example.com", DEFAULT_PASSWORD)
    assert response.headers["Location"] == "/platforma"
    assert waits[-1] == 2.0
    assert SESSION_KEY in own.session


def test_the_delay_grows_and_stops_at_its_ceiling():
    assert [login_throttle.account_delay(failures=n) for n in range(4, 12)] == [
        0.0,
        0.0,
        0.25,
        0.5,
        1.0,
        2.0,
        2.0,
        2.0,
    ]


def test_a_session_link_gets_the_owner_in_whatever_the_failures(waits):
    owner = make_user(email="ola@example.com")
    _link, url = services.session_link_issue(user=owner, path="moje_kursy")
    attacker = from_address(ATTACKER)
    for _ in range(12):
        log_in(attacker, "ola@example.com", "zgadywane")

    response = post_json(attacker, path_of(url), {})

    assert response.headers["Location"] == "/platforma/moje_kursy"
    assert attacker.session[SESSION_KEY] == str(owner.pk)


def test_the_owner_is_told_once_an_hour(waits, django_capture_on_commit_callbacks, monkeypatch):
    make_user(email="ola@example.com", first_name="ola")
    with django_capture_on_commit_callbacks(execute=True):
        wrong_guesses("ola@example.com", 25)

    [message] = sent_to("ola@example.com")
    assert message.subject == "Ktoś próbuje zalogować się na Twoje konto"
    assert "ktoś 10 razy wpisał złe hasło" in message.body
    assert "Twoje konto nie jest zablokowane" in message.body
    assert links_in(message)[0].endswith("/p/haslo/przypomnij")

    # An hour later (the cache forgot too), the next wave is reported again. The clock
    # moves rather than the row's time: an alert's outbox key holds the second it was
    # sent, so two waves within one real second would otherwise share it.
    real_now = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real_now() + timedelta(hours=1, seconds=1))
    from django.core.cache import cache

    cache.clear()
    with django_capture_on_commit_callbacks(execute=True):
        wrong_guesses("ola@example.com", 10, network="192.0.2")
    assert len(sent_to("ola@example.com")) == 2


def test_the_database_keeps_the_hour_when_the_cache_forgets(
    waits, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    make_user(email="ola@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        wrong_guesses("ola@example.com", 10)
        cache.clear()
        wrong_guesses("ola@example.com", 10, network="192.0.2")
    assert len(sent_to("ola@example.com")) == 1


def test_the_owner_reads_it_in_their_language(waits, django_capture_on_commit_callbacks):
    make_user(email="ola@example.com", language="en")
    with django_capture_on_commit_callbacks(execute=True):
        wrong_guesses("ola@example.com", 10)
    [message] = sent_to("ola@example.com")
    assert message.subject == "Someone is trying to log in to your account"
    assert "Your account is not locked" in message.body


def test_unknown_addresses_email_nobody(waits, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        wrong_guesses("nikt@example.com", 12)
    assert mail.outbox == []
