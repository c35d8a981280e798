"""The learner's info banner about an invitation waiting in their mailbox."""

import pytest
from playwright.sync_api import expect

from app.accounts.services import email_mark_verified
from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.core.tests.helpers import axe_violations, log_in
from app.teams.tests import helpers
from app.teams.tests.factories import make_invitation, make_team
from app.teams.tests.helpers import banners

MESSAGE = (
    "Masz zaproszenie do zespołu „Analitycy”. Przyjmiesz je linkiem z wiadomości wysłanej "
    "na adres ola@example.com."
)


def verified(user):
    """The account proved it receives its address's mail (only then are invitations shown)."""
    email_mark_verified(user=user)
    return user


@pytest.mark.django_db
def test_an_open_invitation_to_the_learners_address_is_announced(client):
    client.force_login(verified(make_user(email="ola@example.com")))
    invitation, _token = make_invitation(team=make_team(name="Analitycy"), email="Ola@Example.com")
    assert banners(client) == [
        {"key": f"team-invitation-{invitation.pk}", "level": "info", "message": MESSAGE}
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("email", "close"),
    [
        ("ola@example.com", helpers.mark_used),
        ("ola@example.com", helpers.mark_revoked),
        ("ola@example.com", helpers.mark_expired),
        ("jan@example.com", helpers.leave_open),
    ],
    ids=["used_at", "revoked_at", "expired", "other address"],
)
def test_closed_invitations_and_other_addresses_are_not(client, email, close):
    client.force_login(verified(make_user(email="ola@example.com")))
    invitation, _token = make_invitation(team=make_team(name="Analitycy"), email=email)
    close(invitation)
    assert banners(client) == []


@pytest.mark.django_db
def test_admins_get_no_learner_banners(client):
    client.force_login(make_user(email="ola@example.com", roles=[Role.ADMIN]))
    make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    assert banners(client) == []


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_banner_in_the_shell(live_server, page):
    ola = verified(make_user(email="ola@example.com"))
    make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    log_in(page, live_server, ola)
    page.goto(f"{live_server.url}/platforma")
    area = page.get_by_role("region", name="Informacje dla Ciebie")
    expect(area).to_contain_text(MESSAGE)
    assert axe_violations(page) == []
