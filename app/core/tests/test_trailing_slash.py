"""Addresses with a trailing slash lead to the address without it, where its guard answers;
never to another site, and never for a form that is being sent."""

import pytest

from app.accounts.tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("asked", "target"),
    [
        ("/platforma/", "/platforma"),
        ("/manager/?strona=2", "/manager?strona=2"),
        ("/reseller/", "/reseller"),
        ("/login/?returnUrl=/platforma/profil", "/login?returnUrl=/platforma/profil"),
    ],
)
def test_a_trailing_slash_is_dropped(client, asked, target):
    response = client.get(asked)
    assert response.status_code == 301
    assert response["Location"] == target


def test_a_learner_page_with_a_slash_leads_to_the_page(client):
    client.force_login(make_user())
    response = client.get("/platforma/moje_kursy/")
    assert response.status_code == 301
    assert response["Location"] == "/platforma/moje_kursy"


def test_the_guard_then_answers_for_a_visitor(client):
    response = client.get("/platforma/", follow=True)
    assert response.redirect_chain[-1] == ("/login?returnUrl=%2Fplatforma", 302)


@pytest.mark.parametrize(
    "asked", ["/\\evil.example/", "/%5Cevil.example/", "/%2F%2Fevil.example/", "/%2Fevil.example/"]
)
def test_it_never_leads_to_another_site(client, asked):
    response = client.get(asked)
    if response.status_code == 301:
        # Slashes collapse into this site's own path.
        assert response["Location"] == "/evil.example"
    else:
        assert response.status_code == 404


def test_a_form_sent_to_a_slashed_address_is_not_redirected(client):
    client.force_login(make_user())
    assert client.post("/platforma/profil/", {"first_name": "X"}).status_code == 404


def test_the_admin_keeps_its_slashes(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/thehero_piwnica")
