"""Registering someone else's address shows none of their invitations: invitations are
shown, and accepted, only by an account that proved it receives the address's mail."""

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import SESSION_KEY

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import links_in, path_of, sent_to
from app.core.tests.helpers import page_of, post_json, visit
from app.teams.models import Membership
from app.teams.tests.factories import make_invitation, make_team

pytestmark = pytest.mark.django_db

REGISTRATION = {
    "username": "ofiara@example.com",
    "first_name": "Ktoś",
    "last_name": "Obcy",
    "password": "sekret1",
    "accept_terms": True,
    "newsletter": False,
}


def banners(client) -> list[dict]:
    return page_of(visit(client, "/platforma"))["props"]["info_banners"]


def register(client, **changes) -> User:
    post_json(client, "/login/register", {**REGISTRATION, **changes})
    user = User.objects.get(email=REGISTRATION["username"])
    assert client.session[SESSION_KEY] == str(user.pk)
    return user


def test_registering_someone_elses_address_shows_none_of_their_invitations(
    client, django_capture_on_commit_callbacks
):
    make_invitation(team=make_team(name="Tajny zespół"), email="ofiara@example.com")

    with django_capture_on_commit_callbacks(execute=True):
        register(client)

    # The account works otherwise...
    assert visit(client, "/platforma").status_code == 200
    # ...but says nothing of the invitation, anywhere.
    assert banners(client) == []
    for url in ("/platforma", "/twoj_zespol", "/platforma/student"):
        assert "Tajny zespół" not in visit(client, url).content.decode()
    assert not Membership.objects.exists()


def test_registration_emails_a_verification_link_that_verifies_the_address(
    client, django_capture_on_commit_callbacks
):
    make_invitation(team=make_team(name="Analitycy"), email="ofiara@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        user = register(client)

    [message] = sent_to("ofiara@example.com")
    assert message.subject == "Potwierdź swój adres e-mail na Platformie"
    assert "Link jest ważny przez 3 dni" in message.body
    [url] = links_in(message)

    response = client.get(path_of(url))

    assert response.headers["Location"] == "/platforma"
    assert EmailAddress.objects.get(user=user).verified
    flash = page_of(visit(client, "/platforma"))
    assert flash["flash"]["messages"] == [
        {"level": "success", "message": "Adres e-mail został potwierdzony."}
    ]
    assert [banner["key"].startswith("team-invitation-") for banner in banners(client)] == [True]


def test_the_verification_email_in_english(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        post_json(client, "/login/register", REGISTRATION, HTTP_ACCEPT_LANGUAGE="en")
    [message] = sent_to("ofiara@example.com")
    assert message.subject == "Confirm your e-mail address on Platforma"


@pytest.mark.parametrize("key", ["abc", "MQ:1tZ:bad-signature", "x" * 500])
def test_a_bad_verification_link_is_a_400_with_its_message(client, key):
    response = visit(client, f"/konto/potwierdz-email/{key}")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "Ten link potwierdzenia adresu e-mail jest nieprawidłowy, wygasł albo adres jest już"
        " potwierdzony."
    )


def test_verification_links_are_counted_like_other_links(client):
    for n in range(60):
        client.get(f"/konto/potwierdz-email/guess-{n}")
    response = visit(client, "/konto/potwierdz-email/guess-x")
    assert response.status_code == 429


def test_the_invitation_link_opened_by_the_invited_account_verifies_it(client):
    user = make_user(email="ola@example.com")
    EmailAddress.objects.create(user=user, email="ola@example.com", primary=True)
    client.force_login(user)
    _invitation, token = make_invitation(team=make_team(name="Zespół A"), email="ola@example.com")
    make_invitation(team=make_team(name="Zespół B"), email="ola@example.com")
    assert banners(client) == []

    page = page_of(visit(client, f"/twoj_zespol?manager={token}"))

    assert page["props"]["team_name"] == "Zespół A"
    assert EmailAddress.objects.get(user=user).verified
    assert len(banners(client)) == 1
    post_json(client, "/twoj_zespol", {"manager": token})
    assert Membership.objects.filter(user=user).count() == 1


def test_another_account_opening_the_link_verifies_nothing(client):
    make_user(email="ola@example.com")
    intruder = make_user(email="inna@example.com")
    client.force_login(intruder)
    _invitation, token = make_invitation(team=make_team(), email="ola@example.com")

    visit(client, f"/twoj_zespol?manager={token}")
    post_json(client, "/twoj_zespol", {"manager": token})

    assert not EmailAddress.objects.filter(verified=True).exists()
    assert not Membership.objects.exists()
