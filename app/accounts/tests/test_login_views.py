import pytest
from django.contrib.auth import SESSION_KEY

from app.accounts.props import STUDENT_EMAIL_PATTERN
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import NAME_RULES, NEW_PASSWORD_RULE, email_rule, login_page
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db


def test_login_page_component_and_exact_props(client):
    page = login_page(client)

    assert page["component"] == "Accounts/Login"
    props = page["props"]
    assert {
        key: props[key] for key in ("form", "invitation_email", "student_email_pattern", "urls")
    } == {
        "form": "register",
        "invitation_email": None,
        "student_email_pattern": STUDENT_EMAIL_PATTERN,
        "urls": {
            "login": "/login",
            "register": "/login/register",
            "passkey_login": "/login/klucz",
            "username_check": "/api/accounts/username-check",
            "password_reminder": "/p/haslo/przypomnij",
            "terms": "/p/regulamin",
            "privacy": "/p/polityka-prywatnosci",
        },
    }
    # docs/behaviour.md#validation, as the server forms check them (LoginForm, RegistrationForm).
    assert props["rules"] == {
        "login": email_rule("E-mail jest niepoprawny"),
        "login_password": {"required": "Hasło jest wymagane"},
        "username": email_rule("E-mail jest wymagany"),
        **NAME_RULES,
        "password": NEW_PASSWORD_RULE,
    }
    assert props["auth"] == {"user": None, "avatar": None}
    assert props["errors"] == {}


def test_return_url_with_invitation_shows_login_form_and_banner(client):
    query = "?returnUrl=%2Ftwoj_zespol%3Fmanager%3Dabc%26email%3DOla%2540example.com%26form%3Dlogin"
    props = login_page(client, query)["props"]

    assert props["form"] == "login"
    assert props["invitation_email"] == "ola@example.com"
    assert props["urls"]["login"] == "/login" + query


def test_form_parameter_alone_opens_the_login_form(client):
    assert login_page(client, "?form=login")["props"]["form"] == "login"


def test_invalid_invitation_email_shows_no_banner(client):
    query = "?returnUrl=%2Ftwoj_zespol%3Femail%3Dnot-an-address"
    assert login_page(client, query)["props"]["invitation_email"] is None


def test_hostile_return_url_is_replaced_in_the_form_targets(client):
    props = login_page(client, "?returnUrl=https%3A%2F%2Fevil.example")["props"]
    assert props["urls"]["login"] == "/login?returnUrl=%2Fplatforma"


def test_logged_in_user_opening_login_goes_to_learner_area(client, learner):
    response = client.get("/login?returnUrl=/admin/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/platforma"


def test_successful_login_rotates_session_and_goes_to_return_url(client):
    user = make_user(email="ola@example.com")
    client.get("/login")
    before = client.session.session_key

    response = post_json(
        client,
        "/login?returnUrl=%2Fodbierz_kurs",
        {"login": "OLA@example.com ", "login_password": DEFAULT_PASSWORD},
    )

    assert response.status_code == 302
    assert response.headers["Location"] == "/odbierz_kurs"
    assert client.session[SESSION_KEY] == str(user.pk)
    assert client.session.session_key != before


@pytest.mark.parametrize(
    ("query", "target"),
    [
        ("", "/platforma"),
        (
            "?add_review_course=12&add_review_product=34",
            "/platforma?add_review_course=12&add_review_product=34",
        ),
        ("?add_review_course=12", "/platforma"),
        ("?returnUrl=%2F%2Fevil.example", "/platforma"),
    ],
)
def test_login_target(client, query, target):
    make_user(email="ola@example.com")
    response = post_json(
        client, f"/login{query}", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD}
    )
    assert response.headers["Location"] == target


def test_shared_user_props_after_login(client):
    user = make_user(email="ola@example.com", first_name="anna maria", last_name="kowalska-nowak")
    post_json(client, "/login", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD})

    props = page_of(visit(client, "/platforma"))["props"]

    assert props["auth"] == {
        "user": {
            "customer_id": str(user.customer_id),
            "first_name": "Anna Maria",
            "last_name": "Kowalska-Nowak",
            "supervision": False,
            "is_profile_public": False,
            "is_student": False,
            "is_shop_user": False,
            "roles": [],
        },
        "avatar": None,
    }


def test_wrong_password_goes_back_with_the_server_message(client):
    make_user(email="ola@example.com")
    response = post_json(
        client, "/login?form=login", {"login": "ola@example.com", "login_password": "wrong-one"}
    )

    assert response.status_code == 302
    assert response.headers["Location"] == "/login?form=login"
    assert SESSION_KEY not in client.session
    errors = login_page(client, "?form=login")["props"]["errors"]
    assert errors == {"form": "Podany adres e-mail i/lub hasło są niepoprawne."}
    # The message is shown once.
    assert login_page(client, "?form=login")["props"]["errors"] == {}


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"login": "", "login_password": "x"}, {"login": "E-mail jest niepoprawny"}),
        ({"login": "ola", "login_password": "x"}, {"login": "E-mail jest niepoprawny"}),
        ({"login": "ola@example", "login_password": "x"}, {"login": "E-mail jest niepoprawny"}),
        (
            {"login": f"{'o' * 60}@{'e' * 200}.com", "login_password": "x"},
            {"login": "E-mail jest niepoprawny"},
        ),
        (
            {"login": "ola@example.com", "login_password": ""},
            {"login_password": "Hasło jest wymagane"},
        ),
        ({}, {"login": "E-mail jest niepoprawny", "login_password": "Hasło jest wymagane"}),
        ({"login": ["a"], "login_password": {"x": 1}}, {"login": "E-mail jest niepoprawny"}),
    ],
)
def test_login_validation_messages(client, data, errors):
    post_json(client, "/login", data)
    assert login_page(client)["props"]["errors"] == errors


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'"text"', b"\xff\xfe"])
def test_login_with_a_broken_body_answers_with_messages(client, body):
    response = client.post("/login", data=body, content_type="application/json")
    assert response.status_code == 302
    assert set(login_page(client)["props"]["errors"]) == {"login", "login_password"}


def test_repeated_failures_lock_the_address_even_with_the_right_password(client):
    make_user(email="ola@example.com")
    for _ in range(5):
        post_json(client, "/login", {"login": "ola@example.com", "login_password": "wrong"})
    response = post_json(
        client, "/login", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD}
    )

    assert response.headers["Location"] == "/login"
    assert SESSION_KEY not in client.session
    assert login_page(client)["props"]["errors"] == {
        "form": "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie później."
    }


def test_inactive_account_cannot_log_in(client):
    make_user(email="ola@example.com", is_active=False)
    post_json(client, "/login", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD})
    assert SESSION_KEY not in client.session
    assert login_page(client)["props"]["errors"] == {"form": "Konto jest obecnie nieaktywne."}


def test_logout_is_a_post_that_ends_the_session(client, learner):
    assert client.get("/logout").status_code == 405
    response = client.post("/logout")
    assert response.headers["Location"] == "/login"
    assert SESSION_KEY not in client.session


def test_session_route_logs_out_through_a_post_page(client, learner):
    page = page_of(visit(client, "/session"))
    assert page["component"] == "Accounts/SessionLogout"
    # Opening the page alone changes nothing: the page itself sends the POST.
    assert SESSION_KEY in client.session


def test_english_variant_messages(client):
    post_json(client, "/login", {"login": "ola", "login_password": ""}, HTTP_ACCEPT_LANGUAGE="en")
    errors = page_of(visit(client, "/login", HTTP_ACCEPT_LANGUAGE="en"))["props"]["errors"]
    assert errors == {"login": "E-mail is invalid", "login_password": "Password is required"}


def test_the_rules_speak_the_pages_language(client):
    polish = login_page(client)["props"]["rules"]
    english = page_of(visit(client, "/login", HTTP_ACCEPT_LANGUAGE="en"))["props"]["rules"]

    assert english["login"]["pattern_message"] == "E-mail is invalid"
    assert english["password"]["min_length_message"] == "Minimum length is 6 characters"
    assert polish["login"]["pattern_message"] == "E-mail jest niepoprawny"
