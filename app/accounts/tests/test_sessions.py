"""Sessions live in the database only and load with their account and its roles in one
query (app/accounts/sessions.py): a logout, a new password, a role taken away or an
account switched off holds on the very next request, whatever the cache holds or drops."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user, login, logout
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.cache import cache
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from app.accounts.models import Session, User
from app.accounts.sessions import SessionStore, account_of
from app.accounts.tests.factories import make_user
from app.core.request_cache import request_cache_scope
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit
from app.teams.tests.factories import make_team

pytestmark = pytest.mark.django_db


def test_a_live_session_loads_with_its_data_and_expiry():
    store = SessionStore()
    store["cart"] = [1, 2]
    store.set_expiry(3600)
    store.save()

    loaded = SessionStore(session_key=store.session_key)

    assert loaded["cart"] == [1, 2]
    assert loaded.session_key == store.session_key
    assert 3500 < loaded.get_expiry_age() <= 3600


def test_an_expired_or_unknown_session_loads_empty():
    store = SessionStore()
    store["cart"] = [1]
    store.save()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )

    expired = SessionStore(session_key=store.session_key)

    assert expired.load() == {}
    assert expired.session_key is None
    assert SessionStore(session_key="x" * 32).load() == {}


@pytest.mark.parametrize(
    "cookie", ['"abcdefgh\\000ijklmnop"', "ABCDEFGHIJKLMNOP", "abc-def_ghi.jklmnop", "x" * 5000]
)
def test_a_session_cookie_no_key_was_made_of_leads_to_the_login_page(client, cookie):
    # A quoted cookie's escapes can carry any character, a NUL among them, which
    # PostgreSQL's text refuses: it is no session, never an error.
    response = client.get("/platforma", HTTP_COOKIE=f"sessionid={cookie}")

    assert response.status_code == 302
    assert response["Location"] == "/login?returnUrl=%2Fplatforma"


def test_a_logged_in_session_keeps_its_account_beside_it(client):
    user = make_user()
    client.force_login(user)
    assert Session.objects.get(session_key=client.session.session_key).account_id == user.pk


def test_the_session_its_account_and_roles_are_one_query(client):
    manager = make_user(first_name="Marta", roles=[Role.MANAGER, Role.AUTHOR])
    client.force_login(manager)
    visit(client, "/platforma")  # the shell's entry is built once

    with CaptureQueriesContext(connection) as queries:
        props = page_of(visit(client, "/platforma"))["props"]

    assert len(queries) == 1
    assert '"accounts_session"' in queries[0]["sql"]
    assert props["auth"]["user"]["first_name"] == "Marta"
    assert sorted(props["auth"]["user"]["roles"]) == sorted([Role.AUTHOR, Role.MANAGER])


class _DroppingCache:
    """A cache that answers from what it held and silently drops every write: the worst a
    flaky Redis can do."""

    def __init__(self, monkeypatch):
        for name in ("set", "delete", "set_many", "delete_many", "add"):
            monkeypatch.setattr(cache, name, lambda *args, **kwargs: None)


@pytest.fixture
def dropping_cache(monkeypatch):
    """Filled first by the page visits of the test, then frozen by `freeze()`."""

    class Freezer:
        def freeze(self):
            _DroppingCache(monkeypatch)

    return Freezer()


def _logged_in_everywhere(client, user: User) -> None:
    client.force_login(user)
    assert visit(client, "/platforma/profil").status_code == 200


def test_a_logout_holds_though_the_cache_drops_every_write(client, dropping_cache):
    user = make_user()
    _logged_in_everywhere(client, user)
    copied = client.cookies["sessionid"].value
    dropping_cache.freeze()

    post_json(client, "/logout", {})

    client.cookies["sessionid"] = copied
    assert visit(client, "/platforma/profil").status_code in (302, 409)


def test_a_new_password_holds_though_the_cache_drops_every_write(client, dropping_cache):
    user = make_user()
    _logged_in_everywhere(client, user)
    dropping_cache.freeze()

    user.set_password("zupelnie-nowe-haslo")
    user.save()

    assert visit(client, "/platforma/profil").status_code in (302, 409)


def test_a_switched_off_account_holds_though_the_cache_drops_every_write(client, dropping_cache):
    user = make_user()
    _logged_in_everywhere(client, user)
    dropping_cache.freeze()

    User.objects.filter(pk=user.pk).update(is_active=False)

    assert visit(client, "/platforma/profil").status_code in (302, 409)


def test_a_role_taken_away_holds_though_the_cache_drops_every_write(client, dropping_cache):
    manager = make_user(roles=[Role.MANAGER])
    team = make_team(managers=[manager])
    client.force_login(manager)
    assert visit(client, "/manager").status_code == 200
    assert visit(client, f"/manager/zespol/{team.pk}").status_code == 200
    dropping_cache.freeze()

    manager.roles.remove(Role.MANAGER)

    assert visit(client, "/manager").status_code == 403
    assert visit(client, f"/manager/zespol/{team.pk}").status_code == 403


def test_a_manager_taken_off_a_team_no_longer_sees_it(client, dropping_cache):
    manager = make_user(roles=[Role.MANAGER])
    team = make_team(managers=[manager])
    client.force_login(manager)
    assert visit(client, f"/manager/zespol/{team.pk}").status_code == 200
    dropping_cache.freeze()

    team.managers.remove(manager)

    assert visit(client, f"/manager/zespol/{team.pk}").status_code == 404


def test_every_session_of_an_account_ends_at_once(client):
    from app.accounts.services import user_end_sessions

    user = make_user()
    client.force_login(user)
    other = type(client)()
    other.force_login(user)

    user_end_sessions(user=user)

    assert not Session.objects.filter(account_id=user.pk).exists()
    assert visit(client, "/platforma/profil").status_code in (302, 409)
    assert visit(other, "/platforma/profil").status_code in (302, 409)


@pytest.mark.django_db(transaction=True)
def test_sessions_of_the_old_table_move_over_so_nobody_is_logged_out():
    from importlib import import_module

    from django.apps import apps

    moving = import_module("app.accounts.migrations.0007_sessions_and_cache_generation")
    user = make_user()
    store = SessionStore()
    data = store.encode({"_auth_user_id": str(user.pk), "cart": [1]})
    expires = timezone.now() + timedelta(days=1)
    with connection.schema_editor() as editor:
        editor.execute(
            "CREATE TABLE django_session (session_key varchar(40) PRIMARY KEY,"
            " session_data text NOT NULL, expire_date timestamp with time zone NOT NULL)"
            if connection.vendor == "postgresql"
            else "CREATE TABLE django_session (session_key varchar(40) PRIMARY KEY,"
            " session_data text NOT NULL, expire_date datetime NOT NULL)"
        )
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO django_session VALUES (%s, %s, %s)",
            ["k" * 32, data, connection.ops.adapt_datetimefield_value(expires)],
        )

    with connection.schema_editor() as editor:
        moving.copy_sessions(apps, editor)

    moved = Session.objects.get(session_key="k" * 32)
    assert moved.account_id == user.pk
    assert abs((moved.expire_date - expires).total_seconds()) < 1
    assert SessionStore(session_key="k" * 32)["cart"] == [1]
    assert "django_session" not in connection.introspection.table_names()


def test_stored_data_changed_by_one_character_is_checked_afresh(client):
    """The process remembers the data it verified (app/accounts/sessions.py); data that
    differs is another entry, its signature checked anew, and forged data logs no one in."""
    client.force_login(make_user())
    assert visit(client, "/platforma").status_code == 200
    session = Session.objects.get(session_key=client.session.session_key)
    signature_start = session.session_data.rindex(":") + 1
    flipped = "A" if session.session_data[signature_start] != "A" else "B"
    forged = (
        session.session_data[:signature_start]
        + flipped
        + session.session_data[signature_start + 1 :]
    )
    Session.objects.filter(pk=session.pk).update(session_data=forged)

    response = client.get("/platforma")

    assert response.status_code == 302
    assert response["Location"].startswith("/login?returnUrl=")


def test_a_decoded_session_is_the_requests_own_to_change():
    store = SessionStore()
    store["cart"] = [1, 2]
    store.save()
    data = Session.objects.get(session_key=store.session_key).session_data

    first = store.decode(data)
    first["cart"].append(3)
    first["new"] = True

    assert store.decode(data) == {"cart": [1, 2]}


def test_the_account_of_a_request_is_the_one_its_session_read_or_what_replaced_it(client):
    ola, ewa = make_user(first_name="Ola"), make_user(first_name="Ewa")
    client.force_login(ola)
    request = RequestFactory().get("/platforma")
    with request_cache_scope():
        request.session = SessionStore(client.session.session_key)
        request.user = SimpleLazyObject(lambda: get_user(request))
        account = account_of(request)
        # The account itself, not Django's lazy stand-in for it.
        assert type(account) is User
        assert account.pk == ola.pk
        login(request, ewa, backend=settings.AUTHENTICATION_BACKENDS[0])
        assert account_of(request) is ewa
        # Logged in again as Ola, with another copy of her account: that copy.
        ola_again = User.objects.get(pk=ola.pk)
        login(request, ola_again, backend=settings.AUTHENTICATION_BACKENDS[0])
        assert account_of(request) is ola_again
        logout(request)
        assert not account_of(request).is_authenticated


@pytest.mark.parametrize("password", ["argon2$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA", "zażółć"])
def test_the_session_hash_is_djangos_under_each_secret(settings, password):
    # Sessions made before the hash was taken here (and by Django's own login) stay valid.
    user = User(password=password)
    for secret in ("first-secret-" + "x" * 40, "second-secret-" + "y" * 40):
        settings.SECRET_KEY = secret
        assert user.get_session_auth_hash() == AbstractBaseUser.get_session_auth_hash(user)
    assert user.get_session_auth_hash() != User(password=password + "!").get_session_auth_hash()


def test_a_session_from_before_a_secret_rotation_holds_through_the_fallback(client, settings):
    user = make_user()
    client.force_login(user)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "rotated-secret-" + "z" * 40

    assert visit(client, "/platforma/profil").status_code == 200
    user.set_password("a-new-password-42")
    user.save()
    assert visit(client, "/platforma/profil").status_code == 302
