"""Contract tests of the second factor on the app's logins (/api/public/login and
/api/public/admin/login): the code asked for, checked by allauth, limited with the web's
code step, and nothing issued on any refusal."""

import json
from unittest import mock

import pytest
from django.test import Client

from app.accounts.models import AppToken
from app.accounts.services import MfaCodeRefused, mfa_code_check
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.mfa_helpers import recovery_codes_enrol, totp_code, totp_enrol
from app.api.tests.helpers import error_of, get_api, post_api, token_of
from app.core.ratelimits import Client as LimitClient
from app.core.ratelimits import RateLimited
from app.core.redis_cache import CacheUnavailable

pytestmark = pytest.mark.django_db

LOGIN = "/api/public/login"
ADMIN_LOGIN = "/api/public/admin/login"
MFA_REQUIRED = (
    "To konto jest chronione drugim składnikiem. Podaj kod z aplikacji uwierzytelniającej"
    " albo kod zapasowy."
)
WRONG = "Nieprawidłowy albo już użyty kod. Sprawdź kod i spróbuj ponownie."
MALFORMED = (
    "Wpisz 6 cyfr z aplikacji uwierzytelniającej albo 8 cyfr kodu zapasowego, bez spacji i liter."
)
ENROL = (
    "Twoja rola wymaga drugiego składnika logowania. Zaloguj się na stronie Platformy i"
    " włącz go w swoim profilu, a potem wróć do aplikacji."
)


def login(client: Client, code: str | None = None, *, address: str = "198.51.100.1", **extra):
    body = {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD, **extra}
    if code is not None:
        body["code"] = code
    return client.post(
        LOGIN, data=json.dumps(body), content_type="application/json", REMOTE_ADDR=address
    )


@pytest.fixture
def enrolled(limits_clock):
    """A learner with an authenticator app (and the clock stopped, so its code holds)."""
    user = make_user(email="ola@example.com")
    return user, totp_enrol(user)


def code_refusal(message: str, code: str) -> dict:
    """The error body of a refused code: its message also under the code's field."""
    return {"message": message, "code": code, "fields": {"code": message}}


def test_an_enrolled_account_without_a_code_gets_mfa_required_and_no_token(client, enrolled):
    response = login(client)

    assert response.status_code == 401
    error = error_of(response)
    assert error == {"message": MFA_REQUIRED, "code": "mfa_required"}
    assert not AppToken.objects.exists()


def test_mfa_required_speaks_english_when_asked(client, enrolled):
    response = client.post(
        LOGIN,
        data=json.dumps({"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}),
        content_type="application/json",
        headers={"Accept-Language": "en"},
    )

    assert error_of(response)["message"] == (
        "This account is protected by a second factor. Enter the code from your"
        " authenticator app or a recovery code."
    )


def test_a_wrong_password_is_refused_before_the_code_is_looked_at(client, enrolled):
    _user, secret = enrolled

    response = login(client, totp_code(secret), loginPassword="zle-haslo")

    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid"
    # The right code was not used up by it.
    assert login(client, totp_code(secret)).status_code == 200


def test_the_right_code_gives_a_token(client, enrolled):
    user, secret = enrolled

    response = login(client, totp_code(secret))

    assert response.status_code == 200
    assert AppToken.objects.filter(user=user).count() == 1
    assert user.authenticator_set.get(type="totp").last_used_at is not None


def test_a_wrong_code_is_refused_with_its_message(client, enrolled):
    _user, secret = enrolled
    wrong = str((int(totp_code(secret)) + 1) % 1_000_000).zfill(6)

    response = login(client, wrong)

    assert response.status_code == 400
    assert error_of(response) == code_refusal(WRONG, "mfa_code_wrong")
    assert not AppToken.objects.exists()


def test_a_code_from_another_time_window_is_wrong(client, enrolled, limits_clock):
    _user, secret = enrolled

    response = login(client, totp_code(secret, at=limits_clock.now - 60))

    assert error_of(response)["code"] == "mfa_code_wrong"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("   ", "Wpisz kod z aplikacji uwierzytelniającej albo kod zapasowy."),
        ("12a456", MALFORMED),
        ("123 456", MALFORMED),
        (" 123456", MALFORMED),
        ("1234-5678", MALFORMED),
        ("12345", MALFORMED),
        ("1234567", MALFORMED),
        ("123456789", MALFORMED),
        ("١٢٣٤٥٦", MALFORMED),
    ],
)
def test_a_malformed_code_is_refused_and_not_counted(client, enrolled, code, message):
    _user, secret = enrolled
    for _attempt in range(6):
        response = login(client, code)
        assert response.status_code == 400
        assert error_of(response) == code_refusal(message, "mfa_code_malformed")

    # Six refusals, none counted against the five guesses of "mfa_code".
    assert login(client, totp_code(secret)).status_code == 200


def test_a_replayed_code_is_refused(client, enrolled):
    _user, secret = enrolled
    code = totp_code(secret)
    assert login(client, code).status_code == 200

    response = login(client, code, address="198.51.100.2")

    assert response.status_code == 400
    assert error_of(response)["code"] == "mfa_code_wrong"
    assert AppToken.objects.count() == 1


def test_a_recovery_code_works_once(client, enrolled):
    user, _secret = enrolled
    first, second = recovery_codes_enrol(user)[:2]

    assert login(client, first).status_code == 200
    again = login(client, first)
    assert again.status_code == 400
    assert error_of(again)["code"] == "mfa_code_wrong"
    assert login(client, second).status_code == 200
    assert AppToken.objects.filter(user=user).count() == 2


def test_guessing_is_limited_per_account_from_every_address(client, enrolled):
    _user, secret = enrolled
    for attempt in range(5):
        # Each guess from another address: the account's budget still runs out.
        assert login(client, "000000", address=f"198.51.100.{attempt + 10}").status_code == 400

    response = login(client, totp_code(secret), address="198.51.100.99")

    assert response.status_code == 429
    assert error_of(response)["code"] == "rate_limited"
    # The rest of the five minutes' window (the clock stands 15 s into it).
    assert response["Retry-After"] == "285"
    assert not AppToken.objects.exists()


def test_the_app_and_the_web_draw_on_one_budget(client, enrolled, settings):
    user, secret = enrolled
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "mfa_code": "3/5m/user"}
    # Two wrong codes typed on the web's code step ("mfa_code", the same account).
    for _attempt in range(2):
        with pytest.raises(MfaCodeRefused, match="Nieprawidłowy"):
            mfa_code_check(user=user, code="000000", client=LimitClient(address="192.0.2.5"))
    assert login(client, "000000").status_code == 400

    response = login(client, totp_code(secret))

    assert response.status_code == 429
    with pytest.raises(RateLimited):
        mfa_code_check(user=user, code=totp_code(secret), client=LimitClient(address="192.0.2.5"))


def test_guesses_are_limited_per_address_whatever_the_account(client, limits_clock, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "mfa_code": "2/m/ip"}
    for n in range(3):
        totp_enrol(make_user(email=f"konto{n}@example.com"))
    for n in range(2):
        assert login(client, "000000", login=f"konto{n}@example.com").status_code == 400

    response = login(client, "000000", login="konto2@example.com")

    assert response.status_code == 429


def test_a_right_code_gives_its_guess_back(client, enrolled, settings, limits_clock):
    _user, secret = enrolled
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "mfa_code": "1/5m/user"}
    assert login(client, totp_code(secret)).status_code == 200
    limits_clock.advance(30)

    # The next window's code: the budget of one guess is still whole.
    assert login(client, totp_code(secret)).status_code == 200


def test_an_account_without_a_factor_logs_in_as_before_and_a_code_is_ignored(client):
    make_user(email="ola@example.com")

    assert login(client).status_code == 200
    assert login(client, "123456").status_code == 200


# --- Accounts whose role requires a factor -------------------------------------------------


def test_a_role_that_requires_a_factor_must_enrol_on_the_web_first(client, settings):
    settings.MFA_REQUIRED_ROLES = ["ADMIN"]
    make_user(email="admin@example.com", roles=["ADMIN"])
    make_user(email="ola@example.com", roles=["AUTHOR"])

    for path, body in [
        (ADMIN_LOGIN, {"username": "admin@example.com", "password": DEFAULT_PASSWORD}),
        (LOGIN, {"login": "admin@example.com", "loginPassword": DEFAULT_PASSWORD}),
    ]:
        response = post_api(client, path, body)
        assert response.status_code == 403
        assert error_of(response) == {"message": ENROL, "code": "mfa_enrolment_required"}
    assert not AppToken.objects.exists()
    # Other roles are not asked.
    assert login(client).status_code == 200


def test_a_token_issued_before_the_role_needed_a_factor_opens_nothing_until_it_enrols(
    client, settings, limits_clock
):
    admin = make_user(email="admin@example.com", roles=["ADMIN"])
    token = token_of(admin)
    assert get_api(client, "/api/app/user", token=token).status_code == 200

    # Production's default comes to the admin's role: the old token is refused everywhere.
    settings.MFA_REQUIRED_ROLES = ["ADMIN"]
    for path in ["/api/app/user", "/api/public/alerts"]:
        refused = get_api(client, path, token=token)
        assert refused.status_code == 403, path
        assert error_of(refused) == {"message": ENROL, "code": "mfa_enrolment_required"}
    # Once the account has a factor, the same token works again.
    totp_enrol(admin)
    assert get_api(client, "/api/app/user", token=token).status_code == 200


def test_the_admin_login_asks_for_the_code_of_an_enrolled_admin(client, settings, limits_clock):
    settings.MFA_REQUIRED_ROLES = ["ADMIN"]
    admin = make_user(email="admin@example.com", roles=["ADMIN"])
    secret = totp_enrol(admin)
    body = {"username": "admin@example.com", "password": DEFAULT_PASSWORD}

    missing = post_api(client, ADMIN_LOGIN, body)
    wrong = post_api(client, ADMIN_LOGIN, {**body, "code": "000000"})
    right = post_api(client, ADMIN_LOGIN, {**body, "code": totp_code(secret)})

    assert (missing.status_code, error_of(missing)["code"]) == (401, "mfa_required")
    assert (wrong.status_code, error_of(wrong)["code"]) == (400, "mfa_code_wrong")
    assert right.status_code == 200
    assert set(right.json()) == {"customer", "token"}
    assert AppToken.objects.filter(user=admin).count() == 1


def test_the_admin_login_refuses_a_non_admin_before_the_factor(client, limits_clock):
    totp_enrol(make_user(email="ola@example.com"))

    response = post_api(
        client, ADMIN_LOGIN, {"username": "ola@example.com", "password": DEFAULT_PASSWORD}
    )

    assert (response.status_code, error_of(response)["code"]) == (403, "not_admin")


def test_the_code_step_answers_503_when_its_limit_cannot_be_counted(enrolled):
    _user, secret = enrolled
    client = Client(raise_request_exception=False)
    with mock.patch(
        "app.accounts.services.mfa.limit_count", side_effect=CacheUnavailable("Redis is away")
    ):
        response = login(client, totp_code(secret))

    assert response.status_code == 503
    assert error_of(response)["code"] == 503
    assert not AppToken.objects.exists()


def test_an_app_calls_account_arrives_with_its_roles(settings, django_assert_num_queries):
    # Every app call asks whether the account's role needs a second factor: the roles
    # come with the token's query, not in one of their own.
    from app.accounts.services import account_needs_enrolment, app_token_authenticate

    settings.MFA_REQUIRED_ROLES = ["ADMIN"]
    admin = make_user(email="admin@example.com", roles=["ADMIN", "AUTHOR"])
    token = token_of(admin)
    with django_assert_num_queries(1):
        user = app_token_authenticate(token=token)
    assert user.role_codes == {"ADMIN", "AUTHOR"}
    with django_assert_num_queries(1):
        # Only the factor is looked up: the role is known.
        assert account_needs_enrolment(user=user) is True
