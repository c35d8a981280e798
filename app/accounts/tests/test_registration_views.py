import pytest
from django.contrib.auth import SESSION_KEY

from app.accounts import services
from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import errors_after_registration
from app.core.errors import ApplicationError
from app.core.tests.helpers import post_json

pytestmark = pytest.mark.django_db

VALID = {
    "username": "Nowa.Osoba@Example.com",
    "first_name": "łucja",
    "last_name": "kowalska-nowak",
    "password": "sekret1",
    "accept_terms": True,
    "newsletter": False,
}


def test_registration_creates_the_account_and_logs_in(client):
    response = post_json(client, "/login/register?returnUrl=%2Fodbierz_kurs%2FABC", VALID)

    assert response.status_code == 302
    assert response.headers["Location"] == "/odbierz_kurs/ABC"
    user = User.objects.get()
    assert user.email == "nowa.osoba@example.com"
    assert (user.first_name, user.last_name) == ("łucja", "kowalska-nowak")
    assert user.full_name == "Łucja Kowalska-Nowak"
    assert user.newsletter is False
    assert user.language == "pl"
    assert user.terms_accepted_at is not None
    assert user.password.startswith("argon2$argon2id$")
    assert user.check_password("sekret1")
    assert client.session[SESSION_KEY] == str(user.pk)


def test_english_visitors_get_english_emails(client):
    post_json(client, "/login/register", VALID, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert User.objects.get().language == "en"


def test_newsletter_consent_is_stored(client):
    post_json(client, "/login/register", {**VALID, "newsletter": True})
    assert User.objects.get().newsletter is True


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        ({"username": ""}, {"username": "E-mail jest wymagany"}),
        ({"username": "ola"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "ola@example"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "ola@example.c"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "ola@example.c0m"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "o..la@example.com"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "a" * 65 + "@example.com"}, {"username": "E-mail jest niepoprawny"}),
        ({"username": "ola@" + "a" * 300 + ".com"}, {"username": "E-mail jest niepoprawny"}),
        ({"first_name": ""}, {"first_name": "Imię jest wymagane"}),
        ({"first_name": "   "}, {"first_name": "Imię jest wymagane"}),
        ({"first_name": "Ola2"}, {"first_name": "Imię może zawierać tylko litery"}),
        ({"first_name": "<script>"}, {"first_name": "Imię może zawierać tylko litery"}),
        ({"first_name": "-"}, {"first_name": "Imię może zawierać tylko litery"}),
        ({"last_name": ""}, {"last_name": "Nazwisko jest wymagane"}),
        ({"last_name": "Nowak_1"}, {"last_name": "Nazwisko może zawierać tylko litery"}),
        ({"last_name": "N" * 151}, {"last_name": "Nazwisko może zawierać tylko litery"}),
        ({"password": ""}, {"password": "Hasło jest wymagane"}),
        ({"password": "12345"}, {"password": "Minimalna długość to 6 znaków"}),
        ({"accept_terms": False}, {"accept_terms": "Akceptacja regulaminu jest wymagana"}),
    ],
)
def test_registration_validation_messages_store_nothing(client, changes, errors):
    assert errors_after_registration(client, {**VALID, **changes}) == errors
    assert not User.objects.exists()
    assert SESSION_KEY not in client.session


@pytest.mark.parametrize("name", ["Żaneta", "Jean-Luc", "Anna Maria", "Müller", "Łęcka-Śliwińska"])
def test_names_with_diacritics_spaces_and_hyphens_are_accepted(client, name):
    post_json(client, "/login/register", {**VALID, "first_name": name, "last_name": name})
    assert User.objects.filter(first_name=name).exists()


def test_taken_address_any_case_is_refused(client):
    make_user(email="nowa.osoba@example.com")
    assert errors_after_registration(client, VALID) == {
        "username": "Nazwa użytkownika jest już zajęta"
    }
    assert User.objects.count() == 1


def test_registration_errors_keep_the_login_page_query(client):
    response = post_json(
        client, "/login/register?returnUrl=%2Fodbierz_kurs", {**VALID, "password": ""}
    )
    assert response.headers["Location"] == "/login?returnUrl=%2Fodbierz_kurs"


def test_signups_are_rate_limited_per_ip(client, settings):
    # Sized for a large class in production (RATE_LIMITS "signup"); three here.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": "3/h/ip"}
    for n in range(3):
        post_json(client, "/login/register", {**VALID, "username": f"bot{n}@example.com"})
        client.post("/logout")
    errors = errors_after_registration(client, {**VALID, "username": "one-more@example.com"})
    assert errors == {"form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."}
    assert not User.objects.filter(email="one-more@example.com").exists()


def test_registration_page_cannot_be_fetched(client):
    assert client.get("/login/register").status_code == 405


class TestUsernameCheck:
    def check(self, client, username):
        return client.post(
            "/api/accounts/username-check",
            data={"username": username},
            content_type="application/json",
            headers={"Accept": "application/json"},
        )

    def test_free_address(self, client):
        response = self.check(client, "wolny@example.com")
        assert response.status_code == 200
        assert response.json() == {"available": True, "message": None}

    def test_taken_address(self, client):
        make_user(email="zajety@example.com")
        assert self.check(client, "ZAJETY@example.com").json() == {
            "available": False,
            "message": "Nazwa użytkownika jest już zajęta",
        }

    def test_invalid_address(self, client):
        assert self.check(client, "zajety@").json() == {
            "available": False,
            "message": "E-mail jest niepoprawny",
        }

    def test_only_post(self, client):
        assert client.get("/api/accounts/username-check?username=a@b.pl").status_code == 405

    def test_rate_limited(self, client, settings, limits_clock):
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "username_check": "5/m/ip,600/h/ip"}
        for n in range(5):
            assert self.check(client, f"a{n}@example.com").status_code == 200
        response = self.check(client, "a31@example.com")
        assert response.status_code == 429
        assert response["Retry-After"] == "45"
        assert response.json() == {
            "error": {
                "message": "Zbyt wiele prób. Spróbuj ponownie za chwilę.",
                "code": "rate_limited",
            }
        }


def test_an_address_taken_a_moment_ago_is_refused_on_the_username_field():
    make_user(email="nowa.osoba@example.com")
    with pytest.raises(ApplicationError) as refused:
        services.user_register(
            email="nowa.osoba@example.com",
            first_name="Nowa",
            last_name="Osoba",
            password="sekret1",
            newsletter=False,
        )
    assert (refused.value.code, refused.value.fields) == (
        "email_taken",
        {"username": "Nazwa użytkownika jest już zajęta"},
    )
    assert User.objects.count() == 1
