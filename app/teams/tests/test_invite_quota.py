"""Invitation limits count the addresses e-mailed, not the requests that e-mail them."""

import pytest
from django.core import mail

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit
from app.teams.models import Invitation
from app.teams.tests.factories import make_team

# Invitation e-mails go out after the commit.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def quotas(settings):
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "team_invite": "5/h/user,500/d/user",
        "team_invite_address": "3/d/key",
    }


@pytest.fixture
def team(client):
    manager = make_user(roles=["MANAGER"])
    client.force_login(manager)
    return make_team(name="Zespół", managers=[manager])


def invite(client, team, *emails):
    url = f"/manager/zespol/{team.pk}/zaproszenia"
    response = post_json(client, url, {"emails": "\n".join(emails)})
    assert response.headers["Location"] == f"/manager/zespol/{team.pk}"
    return page_of(visit(client, f"/manager/zespol/{team.pk}"))["props"]["errors"]


def test_one_request_cannot_invite_more_people_than_the_quota(client, team, quotas):
    errors = invite(client, team, *[f"osoba{n}@example.com" for n in range(6)])

    assert errors == {
        "emails": "Limit wysyłek zaproszeń: teraz możesz wysłać jeszcze 5. Skróć listę albo"
        " spróbuj później."
    }
    assert not Invitation.objects.exists()
    assert mail.outbox == []


def test_each_address_counts_not_each_request(client, team, quotas):
    assert invite(client, team, *[f"osoba{n}@example.com" for n in range(4)]) == {}
    assert invite(client, team, "piata@example.com") == {}

    errors = invite(client, team, "szosta@example.com")

    assert errors["emails"].startswith("Limit wysyłek zaproszeń: teraz możesz wysłać jeszcze 0.")
    assert Invitation.objects.count() == 5
    assert len(mail.outbox) == 5


def test_addresses_skipped_as_members_or_pending_cost_nothing(client, team, quotas):
    invite(client, team, "ola@example.com")
    for _ in range(6):
        assert invite(client, team, "ola@example.com") == {}
    assert len(mail.outbox) == 1


def test_the_same_person_cannot_be_invited_again_and_again(client, team, settings):
    url = f"/manager/zespol/{team.pk}"
    invite(client, team, "ola@example.com")
    invitation = Invitation.objects.get()
    post_json(client, f"{url}/zaproszenia/{invitation.pk}/wyslij-ponownie", {})
    post_json(client, f"{url}/zaproszenia/{invitation.pk}/wycofaj", {})
    invite(client, team, "ola@example.com")  # the third e-mail today

    fresh = Invitation.objects.get(revoked_at__isnull=True)
    post_json(client, f"{url}/zaproszenia/{fresh.pk}/wyslij-ponownie", {})
    errors = page_of(visit(client, url))["props"]["errors"]
    post_json(client, f"{url}/zaproszenia/{fresh.pk}/wycofaj", {})
    errors_inviting = invite(client, team, "ola@example.com", "jan@example.com")

    message = "Na adres ola@example.com wysłałeś już dziś za dużo zaproszeń. Spróbuj jutro."
    assert errors == {"form": message}
    assert errors_inviting == {"emails": message}
    assert len([m for m in mail.outbox if m.to == ["ola@example.com"]]) == 3
    # Nothing of the refused request went out, other addresses included.
    assert not [m for m in mail.outbox if m.to == ["jan@example.com"]]


def test_the_quota_message_in_english(client, team, quotas):
    url = f"/manager/zespol/{team.pk}/zaproszenia"
    emails = "\n".join(f"osoba{n}@example.com" for n in range(6))
    post_json(client, url, {"emails": emails}, HTTP_ACCEPT_LANGUAGE="en")
    page = page_of(visit(client, f"/manager/zespol/{team.pk}", HTTP_ACCEPT_LANGUAGE="en"))
    assert page["props"]["errors"] == {
        "emails": "Invitation limit: you can send 5 more right now. Shorten the list or try"
        " again later."
    }


def test_a_json_caller_over_the_quota_gets_the_seconds_until_its_window_ends(
    client, team, quotas, limits_clock
):
    # The held clock stands 15 s into an hour: the hourly quota opens again in 3585 s.
    url = f"/manager/zespol/{team.pk}/zaproszenia"
    emails = "\n".join(f"osoba{n}@example.com" for n in range(6))

    response = client.post(
        url,
        data={"emails": emails},
        content_type="application/json",
        HTTP_ACCEPT="application/json",
    )

    assert response.status_code == 429
    assert response.json()["error"]["code"] == "rate_limited"
    assert response["Retry-After"] == "3585"
    limits_clock.advance(3585)
    assert invite(client, team, "osoba0@example.com") == {}
