"""Second factors on the web (docs/behaviour.md#second-factors): the code step after the
password on /login and /thehero_piwnica, its limits, the accounts that must enrol, the
enrolment page behind the password, and what is stored."""

import time

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, hotp_value
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.test import Client, override_settings

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import (
    commit,
    log_in_with_password,
    post_admin_login,
    sent_to,
    session_link_path,
)
from app.core.models import EmailOutbox
from app.core.ratelimits import rates_of
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db

SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
STEP = "/login/weryfikacja"
FACTORS = "/platforma/profil/logowanie-dwuetapowe"
REAUTH = "/platforma/profil/potwierdz-haslo"
FORMAT_MESSAGE = (
    "Wpisz 6 cyfr z aplikacji uwierzytelniającej albo 8 cyfr kodu zapasowego, bez spacji i liter."
)
EMPTY_MESSAGE = "Wpisz kod z aplikacji uwierzytelniającej albo kod zapasowy."


def totp_code(secret: str = SECRET, steps_from_now: int = 0) -> str:
    """The authenticator app's code, computed here from the secret (RFC 6238)."""
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30 + steps_from_now))


def with_totp(user, secret: str = SECRET) -> Authenticator:
    RecoveryCodes.activate(user)
    return TOTP.activate(user, secret).instance


@pytest.fixture
def at_the_code_step(client) -> Authenticator:
    """ola@example.com, with an authenticator app, past her password at the login: her
    authenticator app's factor."""
    totp = with_totp(make_user(email="ola@example.com"))
    log_in_with_password(client, "ola@example.com")
    return totp


def logged_in(client: Client):
    return client.session.get(SESSION_KEY)


def step_errors(client: Client) -> dict:
    return page_of(visit(client, STEP))["props"]["errors"]


# --- The second step ---------------------------------------------------------------------------


def test_an_enrolled_learner_gets_the_code_step_and_returnurl_survives_it(client):
    user = make_user(email="ola@example.com")
    with_totp(user)
    query = "?returnUrl=%2Fplatforma%2Fmoje_kursy&add_review_course=5&add_review_product=7"
    response = post_json(
        client, f"/login{query}", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == STEP
    assert logged_in(client) is None

    page = page_of(visit(client, STEP))
    assert page["component"] == "Accounts/MfaAuthenticate"
    assert page["props"]["has_totp"] is True
    assert page["props"]["request_options"] is None
    key_between_steps = client.session.session_key

    response = post_json(client, STEP, {"code": totp_code()})
    assert response.status_code == 409
    assert response.headers["X-Inertia-Location"] == (
        "/platforma/moje_kursy?add_review_course=5&add_review_product=7"
    )
    assert logged_in(client) == str(user.pk)
    # The session key is rotated by the step's end, not only by the password.
    assert client.session.session_key != key_between_steps
    assert Authenticator.objects.get(user=user, type="totp").last_used_at is not None


def test_the_admin_login_gets_the_same_step_then_the_admin_panel(client):
    user = make_user(email="admin@example.com", roles=[Role.ADMIN])
    with_totp(user)
    response = post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)
    assert response.status_code == 409
    assert response.headers["X-Inertia-Location"] == STEP
    assert logged_in(client) is None

    response = post_json(client, STEP, {"code": totp_code()})
    assert response.headers["X-Inertia-Location"] == "/admin/"
    assert logged_in(client) == str(user.pk)


@pytest.mark.parametrize(
    "path",
    ["/platforma", "/platforma/profil", "/admin/", FACTORS, "/thehero_piwnica"],
)
def test_no_page_is_reached_between_the_password_and_the_code(client, path):
    user = make_user(email="admin@example.com", roles=[Role.ADMIN])
    with_totp(user)
    post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)

    full_load = client.get(path)
    assert full_load.status_code in (200, 302)
    if full_load.status_code == 200:
        assert b"Accounts/AdminLogin" in full_load.content
    inertia = visit(client, path)
    assert inertia.status_code in (200, 302, 409)
    if inertia.status_code == 200:
        # Only a login page, never the account's pages.
        assert page_of(inertia)["component"] in ("Accounts/AdminLogin", "Accounts/Login")
    assert logged_in(client) is None
    # The step is still waiting for its code.
    assert post_json(client, STEP, {"code": totp_code()}).status_code == 409
    assert logged_in(client) == str(user.pk)


def test_no_json_call_or_app_call_is_served_between_the_password_and_the_code(client):
    user = make_user(email="ola@example.com")
    with_totp(user)
    log_in_with_password(client, "ola@example.com")

    # The pages' own calls of an account see no account yet...
    history = client.get("/zgody/historia", HTTP_ACCEPT="application/json")
    assert history.status_code == 401
    assert history.json()["error"]["code"] == "unauthenticated"
    newsletter = client.post(
        "/zgody/newsletter",
        data='{"subscribed": true}',
        content_type="application/json",
    )
    assert newsletter.status_code == 401
    # ...and the app's calls never take the half-done session for a token.
    assert client.get("/api/app/user").status_code == 401
    user.refresh_from_db()
    assert user.newsletter_consented_at is None
    assert logged_in(client) is None
    # The step is still waiting for its code.
    assert post_json(client, STEP, {"code": totp_code()}).status_code == 409
    assert logged_in(client) == str(user.pk)


def test_the_step_cannot_be_opened_without_a_password_first(client):
    assert client.get(STEP).headers["Location"] == "/login"
    assert post_json(client, STEP, {"code": "123456"}).headers["Location"] == "/login"
    assert logged_in(client) is None


@pytest.mark.parametrize("code", ["123 456", "12345a", "12345", "1234567", "", "abcdefgh"])
def test_malformed_codes_are_refused_in_the_visitors_language(client, at_the_code_step, code):
    totp = at_the_code_step

    response = post_json(client, STEP, {"code": code})
    assert response.status_code == 302
    message = step_errors(client)["code"]
    assert message == (EMPTY_MESSAGE if code == "" else FORMAT_MESSAGE)
    assert logged_in(client) is None
    totp.refresh_from_db()
    assert totp.last_used_at is None


def test_the_refusal_is_in_english_for_an_english_visitor(client, at_the_code_step):
    client.cookies["django_language"] = "en"
    post_json(client, STEP, {"code": "12 34 56"}, HTTP_ACCEPT_LANGUAGE="en")
    errors = page_of(visit(client, STEP, HTTP_ACCEPT_LANGUAGE="en"))["props"]["errors"]
    assert errors["code"] == (
        "Enter the 6 digits of your authenticator app or an 8-digit recovery code, "
        "without spaces or letters."
    )


def test_a_code_from_beyond_the_tolerance_is_refused(client, at_the_code_step):
    totp = at_the_code_step
    for steps in (-2, -1, 1, 2):
        post_json(client, STEP, {"code": totp_code(steps_from_now=steps)})
        assert step_errors(client)["code"] == "Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."
    assert logged_in(client) is None
    totp.refresh_from_db()
    assert totp.last_used_at is None


def test_a_totp_code_cannot_be_replayed(client):
    user = make_user(email="ola@example.com")
    with_totp(user)
    code = totp_code()
    log_in_with_password(client, "ola@example.com")
    post_json(client, STEP, {"code": code})
    assert logged_in(client) == str(user.pk)

    other = Client()
    log_in_with_password(other, "ola@example.com")
    post_json(other, STEP, {"code": code})
    assert logged_in(other) is None
    assert step_errors(other)["code"] == "Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."


def test_code_guessing_is_limited_per_account(client, at_the_code_step):
    for _ in range(5):
        post_json(client, STEP, {"code": "000000"})
    response = post_json(client, STEP, {"code": totp_code()})
    assert response.status_code == 302
    assert step_errors(client)["code"] == (
        "Zbyt wiele prób podania kodu. Spróbuj ponownie za kilka minut."
    )
    assert logged_in(client) is None

    # Another browser (another address would be the same) meets the account's limit too.
    other = Client(REMOTE_ADDR="10.0.0.9")
    log_in_with_password(other, "ola@example.com")
    post_json(other, STEP, {"code": totp_code()})
    assert logged_in(other) is None


def test_malformed_codes_do_not_use_up_the_code_limit(client, at_the_code_step):
    # The account's smallest budget of guesses ("mfa_code", 5 in 5 minutes).
    budget = min(rate.amount for rate in rates_of("mfa_code") if rate.per == "user")
    malformed = ["123 456", "12345a", "12345", "1234567", "", "abcdefgh", "1234-5678"]
    assert len(malformed) > budget
    for code in malformed:
        post_json(client, STEP, {"code": code})
        assert step_errors(client)["code"] == (EMPTY_MESSAGE if code == "" else FORMAT_MESSAGE)

    # The whole budget is still there: its wrong guesses but one, then the right code.
    for _ in range(budget - 1):
        post_json(client, STEP, {"code": "000000"})
        assert step_errors(client)["code"] == "Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."
    assert logged_in(client) is None
    assert post_json(client, STEP, {"code": totp_code()}).status_code == 409
    assert logged_in(client) == str(at_the_code_step.user_id)


@override_settings(RATE_LIMITS={"mfa_code": "100/5m/user,3/m/ip"})
def test_code_guessing_is_limited_per_address_across_accounts():
    client = Client(REMOTE_ADDR="10.0.0.7")
    for n in range(2):
        user = make_user(email=f"ola{n}@example.com")
        with_totp(user)
        log_in_with_password(client, f"ola{n}@example.com")
        post_json(client, STEP, {"code": "000000"})
        post_json(client, STEP, {"code": "000000"})
    assert step_errors(client)["code"] == (
        "Zbyt wiele prób podania kodu. Spróbuj ponownie za kilka minut."
    )


def test_a_recovery_code_logs_in_once_and_is_stored_encrypted(client):
    user = make_user(email="ola@example.com")
    with_totp(user)
    row = Authenticator.objects.get(user=user, type="recovery_codes")
    codes = row.wrap().get_unused_codes()
    assert len(codes) == 10
    stored = str(row.data)
    assert not any(code in stored for code in codes)
    # allauth's seed, encrypted: the codes cannot be derived from the row alone.
    assert set(row.data) == {"seed", "used_mask"}
    assert row.data["seed"].startswith("gAAAA")
    assert len(row.data["seed"]) > 80
    totp_row = Authenticator.objects.get(user=user, type="totp")
    assert SECRET not in str(totp_row.data)

    log_in_with_password(client, "ola@example.com")
    post_json(client, STEP, {"code": codes[0]})
    assert logged_in(client) == str(user.pk)
    row.refresh_from_db()
    assert row.wrap().get_unused_codes() == codes[1:]

    other = Client()
    log_in_with_password(other, "ola@example.com")
    post_json(other, STEP, {"code": codes[0]})
    assert logged_in(other) is None
    assert step_errors(other)["code"] == "Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."


def test_a_session_link_still_logs_in_a_learner_with_a_factor(client):
    user = make_user(email="ola@example.com")
    with_totp(user)
    response = client.post(session_link_path(user))
    assert response.status_code == 302
    assert response.headers["Location"] == "/platforma/moje_kursy"
    assert logged_in(client) == str(user.pk)


def test_cancelling_the_step_forgets_the_half_done_login(client, at_the_code_step):
    assert post_json(client, "/login/weryfikacja/anuluj", {}).headers["Location"] == "/login"
    assert client.get(STEP).headers["Location"] == "/login"


# --- Accounts that must or should enrol ---------------------------------------------------------


@override_settings(MFA_REQUIRED_ROLES=["ADMIN"])
def test_an_admin_of_a_required_role_reaches_nothing_but_its_enrolment(client):
    user = make_user(email="admin@example.com", roles=[Role.ADMIN])
    response = post_admin_login(client, "admin@example.com", DEFAULT_PASSWORD)
    assert response.headers["X-Inertia-Location"] == "/admin/"
    assert logged_in(client) == str(user.pk)

    assert client.get("/admin/").headers["Location"] == f"{FACTORS}?returnUrl=%2Fadmin%2F"
    inertia = visit(client, "/platforma/profil")
    assert inertia.status_code == 409
    assert inertia.headers["X-Inertia-Location"] == (f"{FACTORS}?returnUrl=%2Fplatforma%2Fprofil")
    json_call = client.get("/platforma/profil", HTTP_ACCEPT="application/json")
    assert json_call.status_code == 403
    assert json_call.json()["error"]["code"] == "mfa_enrolment_required"
    posted = post_json(client, "/platforma/profil", {"first_name": "X", "last_name": "Y"})
    assert posted.headers["X-Inertia-Location"] == FACTORS
    user.refresh_from_db()
    assert user.first_name == "Ola"

    page = page_of(visit(client, f"{FACTORS}?returnUrl=%2Fadmin%2F"))
    assert page["component"] == "Accounts/MfaFactors"
    assert page["props"]["required"] is True
    secret = page["props"]["totp_secret"]
    assert page["props"]["totp_qr"].startswith("data:image/svg+xml;base64,")
    assert page["props"]["totp_url"] == (
        f"otpauth://totp/admin%40example.com?secret={secret}&issuer=Platforma"
    )

    response = post_json(client, page["props"]["urls"]["totp"], {"code": totp_code(secret)})
    assert response.headers["Location"] == f"{FACTORS}?returnUrl=/admin/"
    assert client.get("/admin/").status_code == 200


@override_settings(MFA_REQUIRED_ROLES=["ADMIN"])
def test_a_required_role_cannot_remove_its_last_factor(client):
    user = make_user(email="admin@example.com", roles=[Role.ADMIN])
    totp = with_totp(user)
    log_in_with_password(client, "admin@example.com")
    post_json(client, STEP, {"code": totp_code()})
    post_json(client, f"{FACTORS}/{totp.pk}/usun", {})
    assert Authenticator.objects.filter(pk=totp.pk).exists()
    errors = page_of(visit(client, FACTORS))["props"]["errors"]
    assert errors["form"] == (
        "Twoja rola wymaga logowania dwuetapowego: zostaw co najmniej jeden sposób."
    )


PROMPT = (
    "Twoje konto ma dostęp do panelu. Chroń je logowaniem dwuetapowym: włącz je w "
    "profilu, w części „Logowanie dwuetapowe”."
)


def test_an_area_role_is_asked_to_enrol_but_may_go_on(client):
    make_user(email="manager@example.com", roles=[Role.MANAGER])
    response = post_json(
        client,
        "/login?returnUrl=%2Fplatforma%2Fprofil",
        {"login": "manager@example.com", "login_password": DEFAULT_PASSWORD},
    )
    assert response.headers["Location"] == "/platforma/profil"
    page = page_of(visit(client, "/platforma/profil"))
    assert page["component"] == "Learning/Profile"
    assert page["flash"]["messages"] == [{"level": "info", "message": PROMPT}]


def test_a_learner_is_not_asked_to_enrol(client):
    make_user(email="ola@example.com")
    response = log_in_with_password(client, "ola@example.com")
    assert response.headers["Location"] == "/platforma"
    assert "flash" not in page_of(visit(client, "/platforma/profil"))


# --- Enrolment behind the password ---------------------------------------------------------------


def test_the_enrolment_page_asks_for_the_password_first(client):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    response = visit(client, FACTORS)
    assert (
        response.headers["Location"]
        == f"{REAUTH}?next=%2Fplatforma%2Fprofil%2Flogowanie-dwuetapowe"
    )
    assert (
        post_json(client, f"{FACTORS}/aplikacja", {"code": "123456"}).headers["Location"]
        == f"{REAUTH}?next=%2Fplatforma%2Fprofil%2Flogowanie-dwuetapowe"
    )
    assert not Authenticator.objects.filter(user=user).exists()

    url = response.headers["Location"]
    post_json(client, url, {"password": "wrong"})
    assert page_of(visit(client, url))["props"]["errors"]["password"]
    assert post_json(client, url, {"password": DEFAULT_PASSWORD}).headers["Location"] == FACTORS
    assert page_of(visit(client, FACTORS))["component"] == "Accounts/MfaFactors"


def test_enrolling_totp_shows_recovery_codes_once_and_mails_the_owner(client):
    user = make_user(email="ola@example.com")
    log_in_with_password(client, "ola@example.com")
    page = page_of(visit(client, FACTORS))
    secret = page["props"]["totp_secret"]
    assert page["props"]["recovery_codes"] == []
    # A mistyped code keeps the same secret on the page.
    post_json(client, page["props"]["urls"]["totp"], {"code": totp_code(secret, 3)})
    again = page_of(visit(client, FACTORS))
    assert again["props"]["errors"]["totp_code"] == (
        "Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."
    )
    assert again["props"]["totp_secret"] == secret

    commit(post_json, client, page["props"]["urls"]["totp"], {"code": totp_code(secret)})
    shown = page_of(visit(client, FACTORS))["props"]
    assert shown["totp_secret"] is None
    assert len(shown["recovery_codes"]) == 10
    assert [f["type"] for f in shown["factors"]] == ["totp", "recovery_codes"]
    assert page_of(visit(client, FACTORS))["props"]["recovery_codes"] == []

    (added,) = sent_to("ola@example.com")
    assert added.subject == "Dodano sposób logowania dwuetapowego"
    assert "do Twojego konta na Platformie dodano aplikację uwierzytelniającą" in added.body
    assert EmailOutbox.objects.get(template="mfa_added").sent_at is not None

    profile = page_of(visit(client, "/platforma/profil"))["props"]
    totp_id = profile["second_factors"][0]["id"]
    assert profile["second_factors"][0]["type"] == "totp"
    assert profile["second_factors"][0]["created_at"]
    assert profile["second_factors"][0]["last_used_at"] is None

    commit(post_json, client, f"{FACTORS}/{totp_id}/usun", {})
    assert not Authenticator.objects.filter(user=user).exists()
    removed = sent_to("ola@example.com")[-1]
    assert removed.subject == "Usunięto sposób logowania dwuetapowego"
    assert "usunięto aplikację uwierzytelniającą" in removed.body


def test_the_factors_page_holds_the_posts_to_the_lengths_it_shows(client):
    user = make_user(email="ola@example.com")
    log_in_with_password(client, "ola@example.com")
    page = page_of(visit(client, FACTORS))["props"]
    code_length = page["rules"]["totp_code"]["max_length"]
    name_length = page["rules"]["passkey_name"]["max_length"]

    post_json(client, page["urls"]["totp"], {"code": "1" * (code_length + 1)})
    assert page_of(visit(client, FACTORS))["props"]["errors"]["totp_code"] == (
        f"Upewnij się, że ta wartość ma co najwyżej {code_length} znaków (obecnie ma"
        f" {code_length + 1})."
    )
    post_json(client, page["urls"]["passkey"], {"name": "K" * (name_length + 1), "credential": {}})
    assert page_of(visit(client, FACTORS))["props"]["errors"]["passkey_name"] == (
        f"Upewnij się, że ta wartość ma co najwyżej {name_length} znaków (obecnie ma"
        f" {name_length + 1})."
    )
    assert not Authenticator.objects.filter(user=user).exists()

    post_json(client, page["urls"]["passkey"], {"name": "K" * name_length, "credential": {}})
    assert "passkey_name" not in page_of(visit(client, FACTORS))["props"]["errors"]


def test_new_recovery_codes_replace_the_old_ones(client):
    user = make_user(email="ola@example.com")
    with_totp(user)
    old = Authenticator.objects.get(user=user, type="recovery_codes").wrap().get_unused_codes()
    log_in_with_password(client, "ola@example.com")
    post_json(client, STEP, {"code": totp_code()})
    commit(post_json, client, f"{FACTORS}/kody", {})
    new = page_of(visit(client, FACTORS))["props"]["recovery_codes"]
    assert len(new) == 10
    assert set(new).isdisjoint(old)
    (mail,) = sent_to("ola@example.com")
    assert "dodano nowe kody zapasowe (poprzednie przestały działać)" in mail.body


def test_other_accounts_factors_cannot_be_removed(client):
    other = make_user(email="other@example.com")
    totp = with_totp(other)
    log_in_with_password(client, make_user(email="ola@example.com").email)
    assert post_json(client, f"{FACTORS}/{totp.pk}/usun", {}).status_code == 404
    assert Authenticator.objects.filter(pk=totp.pk).exists()


def test_the_passkey_login_page_offers_options_and_refuses_garbage(client):
    page = page_of(visit(client, "/login/klucz"))
    assert page["component"] == "Accounts/PasskeyLogin"
    assert page["props"]["request_options"]["publicKey"]["userVerification"] == "required"
    post_json(client, "/login/klucz", {"credential": {"id": "x"}})
    errors = page_of(visit(client, "/login/klucz"))["props"]["errors"]
    assert errors["credential"] == "Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."
    assert logged_in(client) is None


def test_the_demo_super_admin_logs_in_with_the_readme_secret(client):
    from django.core.management import call_command

    from app.accounts.demo import DEMO_TOTP_SECRET

    call_command("seed_demo")
    call_command("seed_demo")
    assert Authenticator.objects.filter(user__email="super@example.com", type="totp").count() == 1
    assert not Authenticator.objects.filter(user__email="admin@example.com").exists()
    readme = (settings.BASE_DIR / "README.md").read_text()
    assert f"`{DEMO_TOTP_SECRET}`" in readme

    response = post_admin_login(client, "super@example.com", "platforma-demo")
    assert response.headers["X-Inertia-Location"] == STEP
    response = post_json(client, STEP, {"code": totp_code(DEMO_TOTP_SECRET)})
    assert response.headers["X-Inertia-Location"] == "/admin/"
