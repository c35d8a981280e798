"""Invitation secrets cannot be probed beyond their limit: the page, the acceptance and
the way through login all count against it."""

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import post_json, visit
from app.teams import selectors
from app.teams.models import Membership
from app.teams.tests.factories import make_invitation, make_team

pytestmark = pytest.mark.django_db

TOO_MANY = "Zbyt wiele nieudanych prób. Spróbuj ponownie za kilka minut."
PER_ACCOUNT = 20  # invitation_failed: 20/m per account, 60/m per IP


def probe(n: int) -> str:
    return f"{n:043d}"


def test_the_page_and_the_acceptance_share_the_limit(client):
    client.force_login(make_user(email="ola@example.com"))
    _invitation, token = make_invitation(team=make_team(), email="ola@example.com")
    for n in range(PER_ACCOUNT):
        if n % 2:
            visit(client, f"/twoj_zespol?manager={probe(n)}")
        else:
            post_json(client, "/twoj_zespol", {"manager": probe(n)})

    page = visit(client, f"/twoj_zespol?manager={token}")
    assert page.status_code == 429
    assert page.json() == {"error": {"message": TOO_MANY, "code": "rate_limited"}}
    post_json(client, "/twoj_zespol", {"manager": token})
    assert not Membership.objects.exists()


def test_opening_real_invitations_costs_nothing(client):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    tokens = [make_invitation(team=make_team(), email="ola@example.com")[1] for _ in range(25)]
    for token in tokens:
        assert visit(client, f"/twoj_zespol?manager={token}").status_code == 200
        post_json(client, "/twoj_zespol", {"manager": token})
    assert Membership.objects.filter(user=user).count() == 25


def test_logged_out_probes_are_counted_per_address_and_then_reveal_nothing():
    _invitation, token = make_invitation(team=make_team(), email="nowa@example.com")
    prober = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(60):
        prober.get(f"/twoj_zespol?manager={probe(n)}")

    location = prober.get(f"/twoj_zespol?manager={token}").headers["Location"]
    return_url = parse_qs(urlsplit(location).query)["returnUrl"][0]
    assert "email" not in return_url

    # Another address still gets the invitation's way through login.
    other = Client(REMOTE_ADDR="198.51.100.1")
    location = other.get(f"/twoj_zespol?manager={token}").headers["Location"]
    assert "email=nowa%40example.com" in parse_qs(urlsplit(location).query)["returnUrl"][0]


def test_parallel_acceptances_cannot_all_pass_the_check(client, monkeypatch, settings):
    # A smaller limit: each request below runs inside the one before it.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "invitation_failed": "5/m/user"}
    client.force_login(make_user(email="ola@example.com"))
    looked_up: list[str] = []
    find = selectors.invitation_find

    def racing(*, token):
        looked_up.append(token)
        if len(looked_up) < 10:
            post_json(client, "/twoj_zespol", {"manager": probe(len(looked_up))})
        return find(token=token)

    monkeypatch.setattr(selectors, "invitation_find", racing)
    post_json(client, "/twoj_zespol", {"manager": probe(0)})

    assert len(looked_up) == 5
