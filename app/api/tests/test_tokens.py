"""The app's tokens: how they authenticate, expire and are revoked."""

from datetime import timedelta

import pytest
from allauth.account.forms import default_token_generator
from allauth.account.utils import user_pk_to_url_str
from django.test import Client
from django.utils import timezone

from app.accounts import services as account_services
from app.accounts.models import AccountDeletionLink, AppToken, User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.api.tests.helpers import TOKEN_HEADER, error_of, get_api, post_api, token_of
from app.core.services import expired_records_clear
from app.core.tokens import token_digest

pytestmark = pytest.mark.django_db

USER = "/api/app/user"


def assert_refused(client: Client, token: str) -> None:
    response = get_api(client, USER, token=token)
    assert response.status_code == 401
    assert error_of(response) == {
        "message": "Zostałeś wylogowany z platformy",
        "code": "unauthenticated",
    }


def test_a_call_without_a_token_is_refused_with_401(client: Client):
    response = get_api(client, USER)

    assert response.status_code == 401
    assert error_of(response)["code"] == "unauthenticated"


@pytest.mark.parametrize("token", ["", "nie-token", "x" * 43, "ł" * 10, "a" * 5000])
def test_malformed_and_unknown_tokens_are_refused_with_401(client: Client, token: str):
    make_user()

    assert_refused(client, token)


def test_the_session_cookie_does_not_authenticate_an_app_call(client: Client):
    user = make_user()
    client.force_login(user)

    assert get_api(client, USER).status_code == 401


def test_the_token_is_stored_only_as_its_digest_and_has_256_bits():
    user = make_user()
    _stored, token = account_services.app_token_issue(user=user)
    _other, second = account_services.app_token_issue(user=user)

    assert len(token) == 43 and token != second
    assert not AppToken.objects.filter(digest=token).exists()


def test_a_token_idle_longer_than_the_setting_expires(client: Client, settings):
    settings.API_TOKEN_IDLE_DAYS = 30
    token = token_of(make_user())
    AppToken.objects.update(last_used_at=timezone.now() - timedelta(days=30, seconds=1))

    assert_refused(client, token)
    assert not AppToken.objects.exists()


def test_use_keeps_a_token_alive(client: Client, settings):
    token = token_of(make_user())
    AppToken.objects.update(last_used_at=timezone.now() - timedelta(days=29))

    assert get_api(client, USER, token=token).status_code == 200

    assert AppToken.objects.get().last_used_at > timezone.now() - timedelta(minutes=1)


def test_logout_revokes_only_that_token(client: Client):
    user = make_user()
    token, other = token_of(user), token_of(user)

    response = client.post("/api/app/logout", headers={TOKEN_HEADER: token})

    assert response.status_code == 204
    assert response.content == b""
    assert_refused(client, token)
    assert get_api(client, USER, token=other).status_code == 200


def test_a_password_reset_revokes_every_token(client: Client):
    user = make_user()
    token = token_of(user)
    reset_key = f"{user_pk_to_url_str(user)}-{default_token_generator.make_token(user)}"
    response = client.post(f"/p/haslo/nowe/{reset_key}", {"password": "nowe-haslo-9"})

    assert response.status_code == 302
    assert_refused(client, token)


def test_a_password_changed_in_the_admin_panel_revokes_every_token(client: Client):
    admin = make_user(roles=["SUPER_ADMIN"])
    user = make_user()
    token = token_of(user)
    client.force_login(admin)

    response = client.post(
        f"/admin/accounts/user/{user.pk}/password/",
        {"password1": "inne-haslo-77", "password2": "inne-haslo-77", "usable_password": "true"},
    )

    assert response.status_code == 302
    assert_refused(Client(), token)


def test_saving_an_account_without_changing_its_password_keeps_its_tokens(client: Client):
    user = make_user()
    token = token_of(user)
    user.first_name = "Inna"
    user.save()

    assert get_api(client, USER, token=token).status_code == 200


def test_confirming_the_deletion_revokes_every_token(client: Client):
    user = make_user()
    token = token_of(user)
    _link, secret = AccountDeletionLink.issue(
        lifetime=timedelta(hours=1), user=user, kind="confirm"
    )
    client.force_login(user)

    client.post(f"/konto/usun/{secret}")

    assert_refused(Client(), token)


def test_a_token_of_an_erased_account_is_refused(client: Client):
    user = make_user()
    token = token_of(user)

    account_services.account_erase(user=user)

    assert_refused(client, token)


def test_a_token_of_a_deactivated_account_is_refused(client: Client):
    user = make_user()
    token = token_of(user)
    user.is_active = False
    user.save()

    assert_refused(client, token)


def test_a_deactivated_accounts_tokens_are_deleted_and_stay_gone_when_it_is_reactivated(
    client: Client,
):
    user = make_user()
    token = token_of(user)
    loaded = User.objects.get(pk=user.pk)
    loaded.is_active = False
    loaded.save()

    assert not AppToken.objects.filter(user=user).exists()
    loaded.is_active = True
    loaded.save()
    assert_refused(client, token)
    # A new login gets a new token, which works.
    assert get_api(client, USER, token=token_of(loaded)).status_code == 200


def test_an_admin_action_ends_the_app_sessions_of_chosen_accounts(client: Client):
    admin = make_user(roles=["ADMIN"])
    user, other = make_user(), make_user()
    token, kept = token_of(user), token_of(other)
    client.force_login(admin)

    response = client.post(
        "/admin/accounts/user/",
        {"action": "end_app_sessions", "_selected_action": [user.pk]},
    )

    assert response.status_code == 302
    assert_refused(Client(), token)
    assert get_api(Client(), USER, token=kept).status_code == 200


def test_an_admin_cannot_end_the_sessions_of_a_peer(client: Client):
    admin, peer = make_user(roles=["ADMIN"]), make_user(roles=["ADMIN"])
    token = token_of(peer)
    client.force_login(admin)

    client.post(
        "/admin/accounts/user/", {"action": "end_app_sessions", "_selected_action": [peer.pk]}
    )

    assert get_api(Client(), USER, token=token).status_code == 200


def test_login_again_after_logout_gives_a_new_working_token(client: Client):
    make_user(email="ola@example.com")
    first = post_api(
        client, "/api/public/login", {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
    ).json()["value"]
    client.post("/api/app/logout", headers={TOKEN_HEADER: first})

    second = post_api(
        client, "/api/public/login", {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
    ).json()["value"]

    assert second != first
    assert get_api(client, USER, token=second).status_code == 200


def test_the_daily_clean_up_deletes_idle_tokens_only():
    user = make_user()
    idle, live = token_of(user), token_of(user)
    AppToken.objects.filter(digest=token_digest(idle)).update(
        last_used_at=timezone.now() - timedelta(days=31)
    )

    cleared = expired_records_clear()

    assert cleared["accounts.AppToken"] == 1
    assert list(AppToken.objects.values_list("digest", flat=True)) == [token_digest(live)]
    assert expired_records_clear()["accounts.AppToken"] == 0


def test_an_admin_sees_app_sessions_and_deletes_one_to_log_it_out(client: Client):
    client.force_login(make_user(roles=["ADMIN"]))
    token = token_of(make_user(email="ola@example.com"))
    session = AppToken.objects.get()

    listing = client.get("/admin/accounts/apptoken/")
    deleted = client.post(f"/admin/accounts/apptoken/{session.pk}/delete/", {"post": "yes"})

    assert listing.status_code == 200
    assert "ola@example.com" in listing.content.decode()
    assert token not in listing.content.decode()
    assert deleted.status_code == 302
    assert_refused(Client(), token)


def test_an_admin_cannot_delete_the_app_session_of_a_peer(client: Client):
    client.force_login(make_user(roles=["ADMIN"]))
    token = token_of(make_user(roles=["ADMIN"]))
    session = AppToken.objects.get()

    response = client.post(f"/admin/accounts/apptoken/{session.pk}/delete/", {"post": "yes"})

    assert response.status_code == 403
    assert get_api(Client(), USER, token=token).status_code == 200
