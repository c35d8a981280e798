"""From RequestAccountMiddleware in, `request.user` is the account read with the session
itself, or the visitor's anonymous user: never an account the session may not let in."""

import pytest

from app.accounts.models import User
from app.accounts.tests.factories import make_user


@pytest.mark.django_db
def test_a_logged_in_page_gets_the_account_itself(client):
    user = make_user()
    client.force_login(user)
    response = client.get("/platforma")
    assert response.status_code == 200
    assert type(response.wsgi_request.user) is User
    assert response.wsgi_request.user.pk == user.pk
    # Read with the session, roles included: no query of its own.
    assert response.wsgi_request.user.role_list == ""


@pytest.mark.django_db
def test_a_visitor_stays_anonymous(client):
    response = client.get("/login")
    assert response.status_code == 200
    assert not response.wsgi_request.user.is_authenticated


@pytest.mark.django_db
def test_a_switched_off_accounts_session_is_a_visitors(client):
    user = make_user()
    client.force_login(user)
    User.objects.filter(pk=user.pk).update(is_active=False)
    response = client.get("/platforma/profil")
    # The account was read with the session but not let in: the request is a visitor's.
    assert response.status_code == 302
    assert response["Location"].startswith("/login?returnUrl=")
    assert not response.wsgi_request.user.is_authenticated
