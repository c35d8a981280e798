"""CSRF on every state change of the account lifecycle, and limits on checking links."""

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client
from django.utils import timezone

from app.accounts import services
from app.accounts.models import AccountDeletionLink, SessionLink, User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import path_of, post_without_token
from app.core.roles import Role
from app.core.tests.helpers import inertia_headers

pytestmark = pytest.mark.django_db


@pytest.fixture
def strict():
    """A browser whose requests carry no CSRF token: a cross-site form, say."""
    return Client(enforce_csrf_checks=True)


def test_reminder_needs_the_csrf_token(strict):
    make_user(email="ola@example.com")
    response = post_without_token(strict, "/p/haslo/przypomnij", {"email": "ola@example.com"})
    assert response.status_code == 403
    assert mail.outbox == []


def test_admin_login_needs_the_csrf_token(strict):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    response = post_without_token(
        strict, "/thehero_piwnica", {"username": "admin@example.com", "password": DEFAULT_PASSWORD}
    )
    assert response.status_code == 403
    assert SESSION_KEY not in strict.session


def test_session_link_login_needs_the_csrf_token(strict):
    _link, url = services.session_link_issue(user=make_user(), path="moje_kursy")
    response = post_without_token(strict, path_of(url), {})
    assert response.status_code == 403
    assert SessionLink.objects.get().used_at is None


def test_deletion_request_and_confirmation_need_the_csrf_token(strict):
    user = make_user()
    strict.force_login(user)
    _link, token = AccountDeletionLink.issue(
        lifetime=settings.ACCOUNT_DELETION_LINK_LIFETIME,
        user=user,
        kind=AccountDeletionLink.Kind.CONFIRM,
    )
    assert post_without_token(strict, "/platforma/profil/usun-konto", {}).status_code == 403
    assert post_without_token(strict, f"/konto/usun/{token}", {}).status_code == 403
    assert AccountDeletionLink.objects.count() == 1
    assert User.objects.get().is_active


def test_restore_needs_the_csrf_token(strict):
    user = make_user(is_active=False)
    User.objects.filter(pk=user.pk).update(deletion_marked_at=timezone.now())
    _link, token = AccountDeletionLink.issue(
        lifetime=settings.ACCOUNT_DELETION_GRACE,
        user=user,
        kind=AccountDeletionLink.Kind.RESTORE,
    )
    assert post_without_token(strict, f"/konto/przywroc/{token}", {}).status_code == 403
    assert User.objects.get().is_active is False


@pytest.mark.parametrize(
    ("path", "visitor"),
    [
        ("/p/haslo/nowe/1-abc", "client"),
        ("/konto/przywroc/" + "A" * 43, "client"),
        # The deletion page is for its logged-in owner only.
        ("/konto/usun/" + "A" * 43, "learner"),
    ],
)
def test_checking_links_by_opening_them_is_limited_per_ip(request, client, path, visitor):
    request.getfixturevalue(visitor)
    for _ in range(60):
        assert client.get(path).status_code == 200

    # The link's own page says why it cannot be used now, for a visit and a page load.
    response = client.get(path, headers=inertia_headers())
    assert response.status_code == 429
    assert response.json()["component"].startswith("Accounts/")
    assert response.json()["props"]["error"] == "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    assert client.get(path).status_code == 429
