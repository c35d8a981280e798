"""The invitation link and page: the way through login, acceptance, and every failure
(docs/behaviour.md#invitation-failures)."""

from datetime import timedelta

import pytest
from django.test import Client

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import own_props, page_of, post_json, visit
from app.learning.models import Access
from app.learning.tests.factories import make_course
from app.teams import selectors, services
from app.teams.models import Membership
from app.teams.tests import helpers
from app.teams.tests.factories import make_invitation, make_team
from app.teams.tests.helpers import accept_error, login_target

pytestmark = pytest.mark.django_db


def test_logged_out_link_to_login_carries_the_invited_email(client):
    _invitation, token = make_invitation(team=make_team(), email="nowa@example.com")

    target = login_target(client.get(f"/twoj_zespol?manager={token}"))

    assert target == f"/twoj_zespol?manager={token}&email=nowa%40example.com"
    # The login page reads it: invitation banner, registration form (no account yet).
    props = page_of(visit(client, client.get(f"/twoj_zespol?manager={token}").headers["Location"]))[
        "props"
    ]
    assert (props["form"], props["invitation_email"]) == ("register", "nowa@example.com")


def test_logged_out_link_opens_the_login_form_when_the_address_has_an_account(client):
    make_user(email="jest@example.com")
    _invitation, token = make_invitation(team=make_team(), email="jest@example.com")

    location = client.get(f"/twoj_zespol?manager={token}").headers["Location"]

    assert login_target(client.get(f"/twoj_zespol?manager={token}")).endswith(
        "&email=jest%40example.com&form=login"
    )
    props = page_of(visit(client, location))["props"]
    assert (props["form"], props["invitation_email"]) == ("login", "jest@example.com")


@pytest.mark.parametrize("token", ["abc", "", "x" * 43, "%00", "a" * 5000])
def test_logged_out_unknown_link_goes_to_plain_login(client, token):
    response = client.get(f"/twoj_zespol?manager={token}")
    assert response.status_code == 302
    assert "email" not in login_target(response)


def test_invitation_page_props(client):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    _invitation, token = make_invitation(team=make_team(name="Zespół A"), email="ola@example.com")

    page = page_of(visit(client, f"/twoj_zespol?manager={token}"))

    assert page["component"] == "Teams/Invitation"
    assert own_props(page) == {
        "manager": token,
        "team_name": "Zespół A",
        "problem": None,
        "accept_url": "/twoj_zespol",
        "logout_url": "/twoj_zespol/wyloguj",
        "decline_url": "/platforma",
        "wrong_account_code": "404",
    }


def test_accepting_joins_the_team_grants_its_courses_and_updates_the_shared_user(client):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    course = make_course()
    team = make_team(name="Zespół B", courses=[course])
    invitation, token = make_invitation(team=team, email="ola@example.com")

    response = post_json(client, "/twoj_zespol", {"manager": token})

    assert (response.status_code, response.headers["Location"]) == (302, "/platforma/student")
    assert Membership.objects.filter(team=team, user=user).exists()
    invitation.refresh_from_db()
    assert (invitation.used_at is not None, invitation.accepted_by) == (True, user)
    access = Access.objects.get(user=user, course=course)
    assert (access.source, access.source_detail) == ("team", "Zespół B")
    page = page_of(visit(client, "/platforma/student"))
    assert page["props"]["auth"]["user"]["is_student"] is True
    assert [team["name"] for team in page["props"]["teams"]] == ["Zespół B"]
    assert page["flash"]["messages"] == [
        {"level": "success", "message": "Dołączyłeś do zespołu Zespół B."}
    ]


def test_the_wrong_account_gets_error_code_404(client):
    client.force_login(make_user(email="inna@example.com"))
    team = make_team()
    _invitation, token = make_invitation(team=team, email="ola@example.com")

    response = post_json(client, "/twoj_zespol", {"manager": token})
    assert response.headers["Location"] == f"/twoj_zespol?manager={token}"
    errors = accept_error(client, token)

    assert errors == {
        "form": "To zaproszenie wysłano na adres ola@example.com, a jesteś zalogowany jako "
        "inna@example.com. Zaloguj się na konto z adresem z zaproszenia.",
        "code": "404",
    }
    assert not Membership.objects.exists()
    problem = page_of(visit(client, f"/twoj_zespol?manager={token}"))["props"]["problem"]
    assert problem["code"] == "404"


@pytest.mark.parametrize(
    ("arrange", "code", "message"),
    [
        (helpers.expire, "expired", "To zaproszenie wygasło. Poproś menedżera zespołu o nowe."),
        (helpers.revoke, "revoked", "To zaproszenie zostało wycofane przez menedżera zespołu."),
        (helpers.use_by_another, "used", "To zaproszenie zostało już wykorzystane."),
        (helpers.accept, "member", "Już należysz do zespołu Zespół C."),
        (helpers.join_otherwise, "member", "Już należysz do zespołu Zespół C."),
        (
            helpers.unknown_token,
            "unknown",
            "Nie znaleźliśmy tego zaproszenia. Sprawdź, czy link jest kompletny.",
        ),
        (
            helpers.malformed_token,
            "unknown",
            "Nie znaleźliśmy tego zaproszenia. Sprawdź, czy link jest kompletny.",
        ),
    ],
    ids=["expired", "revoked", "used", "mine", "member", "unknown", "malformed"],
)
def test_other_failures_have_their_own_message(client, arrange, code, message):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    team = make_team(name="Zespół C")
    invitation, token = make_invitation(team=team, email="ola@example.com")
    token = arrange(user=user, team=team, invitation=invitation, token=token)
    memberships = Membership.objects.count()

    assert accept_error(client, token) == {"form": message, "code": code}
    assert Membership.objects.count() == memberships


def test_a_json_call_gets_the_code_of_the_refusal(client):
    client.force_login(make_user(email="inna@example.com"))
    _invitation, token = make_invitation(team=make_team(), email="ola@example.com")

    response = client.post(
        "/twoj_zespol",
        {"manager": token},
        content_type="application/json",
        headers={"Accept": "application/json"},
    )

    # The error decides its status: another account's invitation is a 404, as for the app.
    assert (response.status_code, response.json()["error"]["code"]) == (404, 404)
    assert response.json()["error"]["message"].startswith("To zaproszenie wysłano na adres ola@")
    assert not Membership.objects.exists()


def test_an_invitation_is_found_by_its_secret_only():
    invitation, token = make_invitation(team=make_team(), email="ola@example.com")
    assert selectors.invitation_find(token=token) == invitation
    for other in ("A" * 43, "", "<script>", token[:-1]):
        assert selectors.invitation_find(token=other) is None


def test_a_team_invitation_expires_after_the_configured_days(settings):
    settings.TEAM_INVITATION_DAYS = 14
    assert services.invitation_lifetime() == timedelta(days=14)


def test_wrong_account_logout_goes_to_login_with_the_invitations_return_url(client):
    make_user(email="ola@example.com")
    client.force_login(make_user(email="inna@example.com"))
    _invitation, token = make_invitation(team=make_team(), email="ola@example.com")

    response = post_json(client, "/twoj_zespol/wyloguj", {"manager": token})

    assert login_target(response) == (
        f"/twoj_zespol?manager={token}&email=ola%40example.com&form=login"
    )
    assert "_auth_user_id" not in client.session


def test_accepting_needs_post_and_csrf():
    user = make_user(email="ola@example.com")
    _invitation, token = make_invitation(team=make_team(), email="ola@example.com")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)

    assert strict.get(f"/twoj_zespol?manager={token}").status_code == 200
    assert strict.post("/twoj_zespol", {"manager": token}).status_code == 403
    assert strict.post("/twoj_zespol/wyloguj", {"manager": token}).status_code == 403
    assert not Membership.objects.exists()


def test_failed_link_guesses_are_limited(client):
    client.force_login(make_user(email="ola@example.com"))
    _invitation, token = make_invitation(team=make_team(), email="ola@example.com")
    for n in range(20):
        post_json(client, "/twoj_zespol", {"manager": f"{n:043d}"})

    response = post_json(client, "/twoj_zespol", {"manager": token})
    assert response.headers["Location"] == f"/twoj_zespol?manager={token}"
    assert not Membership.objects.exists()
    # The page of the link itself now refuses to look, right link or not.
    page = visit(client, response.headers["Location"])
    assert page.status_code == 429
    assert page.json() == {
        "error": {
            "message": "Zbyt wiele nieudanych prób. Spróbuj ponownie za kilka minut.",
            "code": "rate_limited",
        }
    }
