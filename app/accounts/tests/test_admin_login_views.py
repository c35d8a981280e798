"""The admin login (/thehero_piwnica) and the door to Django's admin."""

import pytest
from allauth.usersessions.models import UserSession
from django.contrib.auth import SESSION_KEY

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import (
    ADMIN_LOGIN,
    admin_login_errors,
    email_rule,
    post_admin_login,
)
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db

LOGIN = ADMIN_LOGIN


def test_page_component_exact_props_and_noindex(client):
    response = visit(client, LOGIN)
    page = page_of(response)

    assert response.headers["X-Robots-Tag"] == "noindex"
    assert page["component"] == "Accounts/AdminLogin"
    assert {k: page["props"][k] for k in ("rules", "submit_url", "reminder_url")} == {
        "rules": {
            "username": email_rule("E-mail jest wymagany"),
            "password": {"required": "Hasło jest wymagane"},
        },
        "submit_url": LOGIN,
        "reminder_url": "/thehero_piwnica/remind",
    }


def test_the_first_load_is_noindex_too(client):
    response = client.get(LOGIN)
    assert response.headers["X-Robots-Tag"] == "noindex"
    assert response.status_code == 200


@pytest.mark.parametrize("role", [Role.ADMIN, Role.SUPER_ADMIN])
def test_admins_log_in_and_the_browser_loads_the_admin_panel(client, role):
    user = make_user(email="admin@example.com", roles=[role])
    client.get(LOGIN)
    anonymous_key = client.session.session_key

    response = post_admin_login(client, "Admin@Example.com", DEFAULT_PASSWORD)

    # The admin panel is no Inertia page: Inertia loads it in full (409 + location).
    assert response.status_code == 409
    assert response.headers["X-Inertia-Location"] == "/admin/"
    assert response.headers["X-Robots-Tag"] == "noindex"
    assert client.session[SESSION_KEY] == str(user.pk)
    assert client.session.session_key != anonymous_key
    assert UserSession.objects.filter(user=user).count() == 1
    assert client.get("/admin/").status_code == 200


def test_a_classic_form_post_gets_a_plain_redirect(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    response = client.post(LOGIN, {"username": "admin@example.com", "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    assert response.headers["Location"] == "/admin/"


@pytest.mark.parametrize(
    ("query", "target"),
    [
        ("?returnUrl=%2Fadmin%2Faccounts%2Fuser%2F", "/admin/accounts/user/"),
        ("?returnUrl=https%3A%2F%2Fevil.example%2F", "/admin/"),
        ("?returnUrl=%2F%2Fevil.example", "/admin/"),
        ("?returnUrl=%2F%5Cevil.example", "/admin/"),
        ("?returnUrl=javascript%3Aalert(1)", "/admin/"),
    ],
)
def test_success_goes_to_a_same_site_return_url_only(client, query, target):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    response = post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD, query)
    assert response.headers["X-Inertia-Location"] == target


def test_hostile_return_url_is_not_echoed_in_the_page(client):
    page = page_of(visit(client, f"{LOGIN}?returnUrl=https%3A%2F%2Fevil.example%2F"))
    assert page["props"]["submit_url"] == f"{LOGIN}?returnUrl=%2Fadmin%2F"


def test_a_learner_is_refused_with_the_message_and_not_logged_in(client):
    make_user(email="ola@example.com")

    response = post_admin_login(client, "ola@example.com", DEFAULT_PASSWORD)

    assert response.status_code == 302
    assert response.headers["Location"] == LOGIN
    assert SESSION_KEY not in client.session
    assert admin_login_errors(client) == {
        "form": "To konto nie ma dostępu do panelu administratora."
    }


def test_wrong_password_is_refused_with_the_message(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    post_admin_login(client, "admin@example.com", "wrong-one")
    assert SESSION_KEY not in client.session
    assert admin_login_errors(client) == {"form": "Podany adres e-mail i/lub hasło są niepoprawne."}
    # Shown once.
    assert admin_login_errors(client) == {}


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({}, {"username": "E-mail jest wymagany", "password": "Hasło jest wymagane"}),
        ({"username": "admin", "password": "x"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "a@b", "password": "x"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "admin@example.com", "password": ""}, {"password": "Hasło jest wymagane"}),
        ({"username": ["x"], "password": {"a": 1}}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "x" * 5000, "password": "x"}, {"username": "E-mail jest niepoprawny"}),
    ],
)
def test_validation_messages(client, data, errors):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    post_json(client, LOGIN, data)
    assert admin_login_errors(client) == errors
    assert SESSION_KEY not in client.session


def test_a_broken_body_answers_with_messages(client):
    response = client.post(LOGIN, data=b"\x00{", content_type="application/json")
    assert response.status_code == 302
    assert set(admin_login_errors(client)) == {"username", "password"}


def test_an_admin_address_is_locked_after_five_failures(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    for _ in range(5):
        post_admin_login(client, "admin@example.com", "wrong")
    post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)

    assert SESSION_KEY not in client.session
    assert admin_login_errors(client) == {
        "form": "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie później."
    }


def test_an_office_mistyping_never_keeps_an_admin_out(client):
    # Failures for other accounts from the same address (an office behind one address)
    # never refuse a right password (docs/behaviour.md#failed-logins).
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    for n in range(12):
        post_admin_login(client, f"nobody{n}@example.com", "wrong")
    post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)

    assert SESSION_KEY in client.session


def test_an_admin_already_logged_in_goes_straight_to_the_panel(client):
    client.force_login(make_user(roles=[Role.ADMIN]))
    response = client.get(f"{LOGIN}?returnUrl=%2Fplatforma")
    assert response.headers["Location"] == "/admin/"


def test_a_logged_in_learner_sees_the_form_and_may_log_in_as_an_admin(client):
    client.force_login(make_user(email="ola@example.com"))
    admin = make_user(email="admin@example.com", roles=[Role.ADMIN])
    assert page_of(visit(client, LOGIN))["component"] == "Accounts/AdminLogin"

    post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)

    assert client.session[SESSION_KEY] == str(admin.pk)


def test_a_locked_admin_cannot_log_in(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN], is_active=False)
    post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)
    assert SESSION_KEY not in client.session
    assert admin_login_errors(client) == {"form": "Konto jest obecnie nieaktywne."}


# --- Django's admin behind it -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("/admin/", "/thehero_piwnica?returnUrl=%2Fadmin%2F"),
        (
            "/admin/accounts/user/?q=ola",
            "/thehero_piwnica?returnUrl=%2Fadmin%2Faccounts%2Fuser%2F%3Fq%3Dola",
        ),
        ("/admin/login/", "/thehero_piwnica?returnUrl=%2Fadmin%2F"),
        (
            "/admin/login/?next=/admin/accounts/",
            "/thehero_piwnica?returnUrl=%2Fadmin%2Faccounts%2F",
        ),
        ("/admin/login/?next=https://evil.example", "/thehero_piwnica?returnUrl=%2Fadmin%2F"),
    ],
)
def test_visitors_of_the_admin_panel_are_sent_to_the_admin_login(client, path, target):
    response = client.get(path)
    assert response.status_code == 302
    assert response.headers["Location"] == target


def test_djangos_own_admin_login_form_cannot_be_used(client):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    client.post("/admin/login/", {"username": "admin@example.com", "password": DEFAULT_PASSWORD})
    assert SESSION_KEY not in client.session


@pytest.mark.parametrize(
    ("path", "body_class"),
    [
        ("/admin/", "platforma-admin dashboard"),
        ("/admin/accounts/user/", "platforma-admin app-accounts model-user change-list"),
        ("/admin/password_change/", "platforma-admin"),
    ],
)
def test_admin_panel_has_the_admin_class_no_learner_shell_and_noindex(client, path, body_class):
    client.force_login(make_user(roles=[Role.ADMIN]))
    html = client.get(path).content.decode()
    assert f'<body class="{body_class}"' in html
    assert '<meta name="robots" content="noindex">' in html
    assert 'data-page="app"' not in html  # no Inertia app, so no learner header or footer
    assert "Platforma: panel administratora" in html


def test_admin_logout_is_a_post_and_returns_to_the_admin_login(client):
    admin = make_user(roles=[Role.ADMIN])
    client.force_login(admin)
    assert client.get("/admin/logout/").status_code == 405
    assert client.session[SESSION_KEY] == str(admin.pk)
    response = client.post("/admin/logout/")
    assert response.headers["Location"] == "/thehero_piwnica"
    assert SESSION_KEY not in client.session
