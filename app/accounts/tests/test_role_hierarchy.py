"""Who may change whom (accounts.selectors.user_change_allowed), for every pair of roles,
in the admin panel's change form, password form and actions alike."""

import pytest
from django.contrib.auth import SESSION_KEY

from app.accounts.models import User
from app.accounts.selectors import roles_manageable_by, user_change_allowed
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.roles import AREA_ROLES, Role

LEARNER = "LEARNER"
TARGETS = [LEARNER, *Role]
# Whom an admin may manage (docs/behaviour.md#admin-panel): ADMIN the learners and area roles,
# SUPER_ADMIN also ADMINs; nobody its own level.
MANAGES = {
    Role.ADMIN: {LEARNER, *AREA_ROLES},
    Role.SUPER_ADMIN: {LEARNER, *AREA_ROLES, Role.ADMIN},
}


def account(role: str, pk: int) -> User:
    """An account of `role` without the database: its role codes come with it."""
    user = User(pk=pk, email=f"{role.lower()}@example.com", is_active=True)
    user.__dict__["role_list"] = "" if role == LEARNER else str(role)
    return user


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("actor", TARGETS)
def test_the_rule_for_every_pair_of_roles(actor, target):
    allowed = target in MANAGES.get(actor, set())
    assert user_change_allowed(actor=account(actor, 1), target=account(target, 2)) is allowed


@pytest.mark.parametrize("role", TARGETS)
def test_nobody_changes_their_own_account(role):
    me = account(role, 1)
    assert user_change_allowed(actor=me, target=me) is False


@pytest.mark.parametrize(
    ("actor", "new_roles", "allowed"),
    [
        (Role.ADMIN, {Role.AUTHOR, Role.MANAGER}, True),
        (Role.ADMIN, {Role.ADMIN}, False),
        (Role.ADMIN, {Role.SUPER_ADMIN}, False),
        (Role.SUPER_ADMIN, {Role.ADMIN, Role.CLOUD}, True),
        (Role.SUPER_ADMIN, {Role.SUPER_ADMIN}, False),
        (Role.MANAGER, set(), False),
    ],
)
def test_roles_granted_stay_below_the_actors_own(actor, new_roles, allowed):
    learner = account(LEARNER, 2)
    assert user_change_allowed(actor=account(actor, 1), target=learner, new_roles=new_roles) is (
        allowed
    )


def test_an_inactive_admin_manages_nobody():
    admin = account(Role.SUPER_ADMIN, 1)
    admin.is_active = False
    assert roles_manageable_by(actor=admin) == frozenset()


def test_an_account_with_a_role_above_the_actor_among_others_is_protected():
    target = account(LEARNER, 2)
    target.__dict__["role_list"] = "ADMIN,AUTHOR"
    assert not user_change_allowed(actor=account(Role.ADMIN, 1), target=target)
    assert user_change_allowed(actor=account(Role.SUPER_ADMIN, 1), target=target)


# --- The same rule through the admin panel, every pair -----------------------------------


def _target(role: str) -> User:
    return make_user(email="target@example.com", roles=[] if role == LEARNER else [role])


def _change(client, user: User, **changes):
    data = {
        "email": changes.get("email", user.email),
        "first_name": user.first_name,
        "last_name": user.last_name,
        "is_active": "on",
        "roles": list(user.role_codes),
        "supervision": "on",
    }
    return client.post(f"/admin/accounts/user/{user.pk}/change/", data)


@pytest.mark.django_db
@pytest.mark.parametrize("target_role", TARGETS)
@pytest.mark.parametrize("actor_role", [Role.ADMIN, Role.SUPER_ADMIN])
def test_the_admin_panel_follows_the_rule_for_every_pair(client, actor_role, target_role):
    client.force_login(make_user(email="actor@example.com", roles=[actor_role]))
    target = _target(target_role)
    allowed = target_role in MANAGES[actor_role]

    changed = _change(client, target, email="taken-over@example.com")
    password_page = client.get(f"/admin/accounts/user/{target.pk}/password/")
    password = client.post(
        f"/admin/accounts/user/{target.pk}/password/",
        {"password1": "przejete-haslo-1", "password2": "przejete-haslo-1"},
    )
    deactivate_and_erase = client.post(
        "/admin/accounts/user/", {"action": "erase_accounts", "_selected_action": [target.pk]}
    )

    stored = User.objects.get(pk=target.pk)
    if allowed:
        assert (changed.status_code, password_page.status_code) == (302, 200)
        assert password.status_code == 302
        assert stored.anonymised_at is not None
    else:
        assert (changed.status_code, password_page.status_code) == (403, 403)
        assert password.status_code == 403
        assert deactivate_and_erase.status_code == 302
        assert (stored.email, stored.supervision, stored.anonymised_at) == (
            "target@example.com",
            False,
            None,
        )
        assert stored.check_password(DEFAULT_PASSWORD)
        # The account is still shown, read-only.
        page = client.get(f"/admin/accounts/user/{target.pk}/change/")
        assert page.status_code == 200
        assert 'name="email"' not in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("actor_role", [Role.ADMIN, Role.SUPER_ADMIN])
def test_an_admin_cannot_change_its_own_account_in_the_panel(client, actor_role):
    me = make_user(email="me@example.com", roles=[actor_role])
    client.force_login(me)

    assert _change(client, me, email="other@example.com").status_code == 403
    assert client.get(f"/admin/accounts/user/{me.pk}/password/").status_code == 403
    assert User.objects.get(pk=me.pk).email == "me@example.com"
    assert SESSION_KEY in client.session


@pytest.mark.django_db
def test_skipped_accounts_are_reported(client):
    client.force_login(make_user(roles=[Role.ADMIN]))
    boss = make_user(roles=[Role.SUPER_ADMIN])
    learner = make_user()

    response = client.post(
        "/admin/accounts/user/",
        {"action": "erase_accounts", "_selected_action": [boss.pk, learner.pk]},
        follow=True,
    )

    html = response.content.decode()
    assert "Zanonimizowane konta: 1." in html
    assert "Pominięte konta z rolą równą Twojej albo wyższą: 1." in html
    assert User.objects.get(pk=boss.pk).anonymised_at is None
