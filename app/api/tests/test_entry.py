"""Contract tests of the public entry calls: login, register, username, session link,
admin login and reminders (shape, status, what they store, and the web's outcome)."""

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client

from app.accounts.models import AppToken, User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_session_link, make_user
from app.api.tests.helpers import error_of, get_api, post_api
from app.core.tokens import token_digest

pytestmark = pytest.mark.django_db

LOGIN = "/api/public/login"
REGISTER = "/api/public/register"
USERNAME = "/api/public/username"
ADMIN_LOGIN = "/api/public/admin/login"
REMINDER = "/api/public/reminder"
ADMIN_REMINDER = "/api/public/admin/reminder"
USER = "/api/app/user"


def registration(**overrides):
    body = {
        "username": "nowa@example.com",
        "firstName": "Anna",
        "lastName": "Kowalska-Nowak",
        "password": "tajne-haslo-1",
        "acceptTerms": True,
        "newsletter": False,
    }
    return {**body, **overrides}


# --- Log in -------------------------------------------------------------------------------


def test_login_answers_a_token_that_opens_the_app_calls(client: Client):
    user = make_user(email="ola@example.com")

    response = post_api(
        client, LOGIN, {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
    )

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"value"}
    token = body["value"]
    assert len(token) >= 43  # 256 bits, base64url
    stored = AppToken.objects.get(user=user)
    assert stored.digest == token_digest(token)
    assert token not in stored.digest
    assert get_api(client, USER, token=token).json()["user"]["customer_id"] == str(user.customer_id)


def test_login_opens_no_browser_session(client: Client):
    make_user(email="ola@example.com")

    post_api(client, LOGIN, {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD})

    assert "_auth_user_id" not in client.session


def test_login_with_a_wrong_password_is_refused_like_the_web_form(client: Client):
    make_user(email="ola@example.com")
    web = client.post(
        "/login",
        {"login": "ola@example.com", "login_password": "zle-haslo"},
        content_type="application/json",
        headers={"Accept": "application/json"},
    )

    response = post_api(client, LOGIN, {"login": "ola@example.com", "loginPassword": "zle-haslo"})

    assert response.status_code == web.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid"
    assert error["message"] == web.json()["error"]["message"]
    assert not AppToken.objects.exists()


def test_login_field_messages_are_those_of_the_login_form(client: Client):
    response = post_api(client, LOGIN, {"login": "nie-email", "loginPassword": ""})

    assert response.status_code == 400
    error = error_of(response)
    assert error["fields"] == {
        "login": "E-mail jest niepoprawny",
        "loginPassword": "Hasło jest wymagane",
    }
    assert error["message"] == "E-mail jest niepoprawny"


def test_login_messages_follow_accept_language(client: Client):
    response = post_api(
        client, LOGIN, {"login": "nie-email", "loginPassword": "x"}, **{"Accept-Language": "en"}
    )

    assert error_of(response)["fields"]["login"] == "E-mail is invalid"


def test_login_of_an_account_awaiting_deletion_is_refused(client: Client):
    make_user(email="ola@example.com", is_active=False, deletion_marked_at="2026-01-01T00:00Z")

    response = post_api(
        client, LOGIN, {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
    )

    assert response.status_code == 400
    assert "czeka na usunięcie" in error_of(response)["message"]


def test_login_shares_the_web_limit(client: Client, settings, limits_clock):
    # Guesses at one account from one address, through the pages and the API together.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_failed": "2/5m/key"}
    make_user(email="ola@example.com")
    client.post("/login", {"login": "ola@example.com", "login_password": "zgadywane"})
    post_api(client, LOGIN, {"login": "ola@example.com", "loginPassword": "zgadywane2"})

    response = post_api(
        client, LOGIN, {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
    )

    assert response.status_code == 429
    # The real seconds left of the five minutes' window: 300 - 15.
    assert response["Retry-After"] == "285"
    assert error_of(response)["code"] == "rate_limited"


# --- Register -----------------------------------------------------------------------------


def test_register_creates_the_account_the_web_form_creates(
    client: Client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = post_api(client, REGISTER, registration(newsletter=True))

    assert response.status_code == 200
    token = response.json()["value"]
    user = User.objects.get(email="nowa@example.com")
    assert (user.first_name, user.last_name, user.newsletter) == ("Anna", "Kowalska-Nowak", True)
    assert user.terms_accepted_at is not None
    assert user.check_password("tajne-haslo-1")
    assert AppToken.objects.get(user=user).digest == token_digest(token)
    # The verification e-mail of the web's registration.
    assert EmailAddress.objects.filter(user=user, verified=False).exists()
    assert [m.to for m in mail.outbox] == [["nowa@example.com"]]

    with django_capture_on_commit_callbacks(execute=True):
        web = Client().post(
            "/login/register",
            {
                "username": "web@example.com",
                "first_name": "Anna",
                "last_name": "Kowalska-Nowak",
                "password": "tajne-haslo-1",
                "accept_terms": "on",
                "newsletter": "on",
            },
        )
    assert web.status_code == 302
    twin = User.objects.get(email="web@example.com")
    assert (twin.first_name, twin.last_name, twin.newsletter) == ("Anna", "Kowalska-Nowak", True)
    assert len(mail.outbox) == 2


def test_register_refuses_with_the_forms_messages_under_the_call_field_names(client: Client):
    response = post_api(
        client,
        REGISTER,
        registration(username="", firstName="Ann4", lastName="", password="abc", acceptTerms=False),
    )

    assert response.status_code == 400
    fields = error_of(response)["fields"]
    assert fields == {
        "username": "E-mail jest wymagany",
        "firstName": "Imię może zawierać tylko litery",
        "lastName": "Nazwisko jest wymagane",
        "password": "Minimalna długość to 6 znaków",
        "acceptTerms": "Akceptacja regulaminu jest wymagana",
    }
    assert not User.objects.exists()


def test_register_refuses_a_taken_address(client: Client):
    make_user(email="nowa@example.com")

    response = post_api(client, REGISTER, registration(username="NOWA@example.com"))

    assert response.status_code == 400
    assert error_of(response)["fields"] == {"username": "Nazwa użytkownika jest już zajęta"}
    assert User.objects.count() == 1


# --- Username availability ----------------------------------------------------------------


def test_username_says_whether_the_address_can_register(client: Client):
    make_user(email="zajety@example.com")

    free = get_api(client, f"{USERNAME}?username=wolny@example.com").json()
    taken = get_api(client, f"{USERNAME}?username=zajety@example.com").json()
    invalid = get_api(client, f"{USERNAME}?username=nie-email").json()

    assert free == {"available": True, "message": None}
    # With the registration form's reason, as the page shows it under the field.
    assert taken["available"] is invalid["available"] is False
    assert taken["message"] and invalid["message"] and taken["message"] != invalid["message"]


def test_username_check_shares_the_web_limit_and_counts_gets(client: Client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "username_check": "2/m/ip"}
    post_api(client, "/api/accounts/username-check", {"username": "a@example.com"})
    assert get_api(client, f"{USERNAME}?username=b@example.com").status_code == 200

    response = get_api(client, f"{USERNAME}?username=c@example.com")

    assert response.status_code == 429
    web = post_api(client, "/api/accounts/username-check", {"username": "a@example.com"})
    assert web.status_code == 429


# --- Session link exchange ----------------------------------------------------------------


def test_relogin_exchanges_a_session_link_for_a_token_once(client: Client):
    user = make_user()
    link, secret = make_session_link(user)

    response = get_api(client, f"/api/public/relogin/{secret}")

    assert response.status_code == 200
    token = response.json()["value"]
    assert AppToken.objects.get(user=user).digest == token_digest(token)
    link.refresh_from_db()
    assert link.used_at is not None
    again = get_api(client, f"/api/public/relogin/{secret}")
    assert again.status_code == 409
    assert error_of(again) == {
        "message": "Ten link logowania został już wykorzystany.",
        "code": "used",
    }


def test_relogin_refuses_an_unknown_link_and_an_account_with_a_role(client: Client):
    unknown = get_api(client, "/api/public/relogin/" + "x" * 43)
    _link, secret = make_session_link(make_user(roles=["AUTHOR"]))
    with_role = get_api(client, f"/api/public/relogin/{secret}")

    assert unknown.status_code == 400
    assert error_of(unknown)["code"] == "unknown"
    assert with_role.status_code == 400
    assert error_of(with_role)["code"] == "password_only"
    assert not AppToken.objects.exists()


# --- Answers that carry a token ------------------------------------------------------------


def test_no_cache_keeps_an_answer_that_carries_a_token(client: Client):
    make_user(email="ola@example.com")
    make_user(email="admin@example.com", roles=["ADMIN"])
    _link, secret = make_session_link(make_user())

    answers = [
        post_api(client, LOGIN, {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}),
        post_api(client, REGISTER, registration()),
        get_api(client, f"/api/public/relogin/{secret}"),
        post_api(
            client, ADMIN_LOGIN, {"username": "admin@example.com", "password": DEFAULT_PASSWORD}
        ),
    ]

    for response in answers:
        assert response.status_code == 200
        assert "no-store" in response["Cache-Control"]
        assert "private" in response["Cache-Control"]


# --- Admin login --------------------------------------------------------------------------


def test_admin_login_answers_the_customer_and_a_token(client: Client):
    admin = make_user(email="admin@example.com", roles=["ADMIN"], first_name="ada", last_name="lis")

    response = post_api(
        client, ADMIN_LOGIN, {"username": "admin@example.com", "password": DEFAULT_PASSWORD}
    )

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"customer", "token"}
    assert body["customer"] == {
        "customer_id": str(admin.customer_id),
        "first_name": "Ada",
        "last_name": "Lis",
        "supervision": False,
        "is_profile_public": False,
        "is_student": False,
        "roles": ["ROLE_ADMIN"],
    }
    assert AppToken.objects.get(user=admin).digest == token_digest(body["token"])


def test_admin_login_refuses_an_account_without_an_admin_role_with_403(client: Client):
    make_user(email="ola@example.com", roles=["AUTHOR"])

    response = post_api(
        client, ADMIN_LOGIN, {"username": "ola@example.com", "password": DEFAULT_PASSWORD}
    )

    assert response.status_code == 403
    error = error_of(response)
    assert error["message"] == "To konto nie ma dostępu do panelu administratora."
    assert error["code"] == "not_admin"
    assert not AppToken.objects.exists()


def test_admin_login_field_messages(client: Client):
    response = post_api(client, ADMIN_LOGIN, {"username": "", "password": ""})

    assert response.status_code == 400
    assert error_of(response)["fields"] == {
        "username": "E-mail jest wymagany",
        "password": "Hasło jest wymagane",
    }


# --- Reminders ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [REMINDER, ADMIN_REMINDER])
def test_reminder_answers_the_same_whether_the_address_exists(
    client: Client, path: str, django_capture_on_commit_callbacks
):
    make_user(email="ola@example.com")

    with django_capture_on_commit_callbacks(execute=True):
        known = post_api(client, path, {"email": "ola@example.com"})
        unknown = post_api(client, path, {"email": "nikt@example.com"})

    assert known.status_code == unknown.status_code == 200
    assert (
        known.json()
        == unknown.json()
        == {"message": "Wiadomość powinna być już w Twojej skrzynce e-mail"}
    )
    assert [m.to for m in mail.outbox] == [["ola@example.com"]]
    assert "/p/haslo/nowe/" in mail.outbox[0].body


def test_reminder_refuses_a_bad_address_with_the_reminders_messages(client: Client):
    empty = post_api(client, REMINDER, {"email": ""})
    bad = post_api(client, REMINDER, {"email": "zly"})

    assert error_of(empty)["fields"] == {"email": "E-mail jest wymagany"}
    assert error_of(bad)["fields"] == {"email": "Błędny e-mail"}


def test_reminder_shares_the_web_limit_per_address(
    client: Client, django_capture_on_commit_callbacks
):
    make_user(email="ola@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            client.post("/p/haslo/przypomnij", {"email": "ola@example.com"})
        response = post_api(client, REMINDER, {"email": "ola@example.com"})

    assert response.status_code == 429
    assert len(mail.outbox) == 3
