"""Second factors on the admin side: seen in the user list and on the change form, reset
by an admin within the role hierarchy (its sessions and app tokens end, its owner is
e-mailed), never on its own account nor a peer's or a higher role's."""

import pytest
from allauth.mfa.models import Authenticator
from django.contrib import admin
from django.core import mail

from app.accounts import services
from app.accounts.models import AppToken, Session, User
from app.accounts.tests.factories import make_user
from app.accounts.tests.mfa_helpers import recovery_codes_enrol, totp_enrol
from app.api.tests.helpers import token_of
from app.core.errors import ApplicationError
from app.core.models import EmailOutbox
from app.core.roles import Role

pytestmark = pytest.mark.django_db

USERS = "/admin/accounts/user/"


def enrolled(email: str, roles=()) -> User:
    user = make_user(email=email, roles=roles)
    totp_enrol(user)
    recovery_codes_enrol(user)
    return user


def logged_in_elsewhere(client_class, user: User) -> tuple[str, str]:
    """A browser session and an app token of `user`."""
    browser = client_class()
    browser.force_login(user)
    return browser.session.session_key, token_of(user)


def reset(client, *targets: User, follow: bool = False):
    return client.post(
        USERS,
        {"action": "reset_second_factor", "_selected_action": [t.pk for t in targets]},
        follow=follow,
    )


def test_the_list_shows_which_accounts_have_a_factor(client):
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))
    enrolled("z-factor@example.com")
    make_user(email="a-none@example.com")

    page = client.get(USERS)

    assert page.status_code == 200
    assert "drugi składnik" in page.content.decode()
    shown = {user.email: user.has_factor for user in page.context["cl"].result_list}
    assert shown == {
        "a-none@example.com": False,
        "admin@example.com": False,
        "z-factor@example.com": True,
    }


def test_the_change_form_lists_the_factors_without_secrets(client):
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))
    user = enrolled("ola@example.com")
    secret = Authenticator.objects.get(user=user, type="totp").data["secret"]

    html = client.get(f"{USERS}{user.pk}/change/").content.decode()

    assert "aplikacja uwierzytelniająca, kody zapasowe: 10 z 10" in html
    assert secret not in html
    plain = make_user(email="bez@example.com")
    assert "brak" in client.get(f"{USERS}{plain.pk}/change/").content.decode()


def test_allauths_own_screen_of_factors_is_not_in_the_panel(client):
    client.force_login(make_user(roles=[Role.SUPER_ADMIN]))

    assert not admin.site.is_registered(Authenticator)
    assert "/admin/mfa/" not in client.get("/admin/").content.decode()


def test_an_admin_resets_a_learners_factor(client, django_capture_on_commit_callbacks):
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))
    ola = enrolled("ola@example.com")
    session_key, token = logged_in_elsewhere(type(client), ola)
    other = enrolled("other@example.com")

    with django_capture_on_commit_callbacks(execute=True):
        response = reset(client, ola, follow=True)

    assert "Zresetowane drugie składniki logowania: 1." in response.content.decode()
    assert not Authenticator.objects.filter(user=ola).exists()
    assert Authenticator.objects.filter(user=other).count() == 2
    assert not Session.objects.filter(session_key=session_key).exists()
    assert not AppToken.objects.filter(user=ola).exists()
    assert services.app_token_authenticate(token=token) is None
    [message] = mail.outbox
    assert message.to == ["ola@example.com"]
    assert message.subject == "Drugi składnik logowania został wyłączony"
    assert "administrator Platformy wyłączył drugi składnik" in message.body
    assert EmailOutbox.objects.get().template == "mfa_reset"


@pytest.mark.parametrize(
    ("actor_role", "target_role"),
    [
        (Role.ADMIN, Role.ADMIN),
        (Role.ADMIN, Role.SUPER_ADMIN),
        (Role.SUPER_ADMIN, Role.SUPER_ADMIN),
    ],
)
def test_a_peers_or_a_higher_roles_factor_is_not_reset(client, actor_role, target_role):
    client.force_login(make_user(email="actor@example.com", roles=[actor_role]))
    target = enrolled("target@example.com", roles=[target_role])
    session_key, token = logged_in_elsewhere(type(client), target)

    response = reset(client, target, follow=True)

    html = response.content.decode()
    assert "Zresetowane drugie składniki logowania: 0." in html
    assert "Pominięte konta z rolą równą Twojej albo wyższą: 1." in html
    assert Authenticator.objects.filter(user=target).count() == 2
    assert Session.objects.filter(session_key=session_key).exists()
    assert services.app_token_authenticate(token=token) == target
    assert not EmailOutbox.objects.exists()


def test_a_super_admin_resets_an_admins_factor(client):
    client.force_login(make_user(roles=[Role.SUPER_ADMIN]))
    admin = enrolled("admin@example.com", roles=[Role.ADMIN])

    reset(client, admin)

    assert not Authenticator.objects.filter(user=admin).exists()


@pytest.mark.parametrize("role", [Role.ADMIN, Role.SUPER_ADMIN])
def test_nobody_resets_their_own_factor(client, role):
    me = enrolled("me@example.com", roles=[role])
    client.force_login(me)

    reset(client, me)

    assert Authenticator.objects.filter(user=me).count() == 2
    assert not EmailOutbox.objects.exists()
    with pytest.raises(ApplicationError) as refused:
        services.mfa_reset(actor=me, target=me)
    assert (refused.value.status, refused.value.code) == (403, "not_allowed")


def test_the_service_refuses_a_peer_and_anyone_without_an_admin_role():
    admin = make_user(roles=[Role.ADMIN])
    peer = enrolled("peer@example.com", roles=[Role.ADMIN])
    author = make_user(roles=[Role.AUTHOR])
    learner = enrolled("ola@example.com")

    for actor, target in [(admin, peer), (author, learner)]:
        with pytest.raises(ApplicationError):
            services.mfa_reset(actor=actor, target=target)

    assert Authenticator.objects.count() == 4


def test_an_account_without_a_factor_is_left_as_it_is(client):
    client.force_login(make_user(roles=[Role.ADMIN]))
    ola = make_user(email="ola@example.com")
    _session_key, token = logged_in_elsewhere(type(client), ola)

    response = reset(client, ola, follow=True)

    assert "Zresetowane drugie składniki logowania: 0." in response.content.decode()
    assert services.app_token_authenticate(token=token) == ola
    assert not EmailOutbox.objects.exists()


def test_the_mail_says_when_the_role_requires_a_new_factor(
    settings, django_capture_on_commit_callbacks
):
    settings.MFA_REQUIRED_ROLES = ["ADMIN"]
    boss = make_user(roles=[Role.SUPER_ADMIN])
    admin = enrolled("admin@example.com", roles=[Role.ADMIN])
    admin.language = "en"
    admin.save(update_fields=["language"])

    with django_capture_on_commit_callbacks(execute=True):
        assert services.mfa_reset(actor=boss, target=admin) == 2

    [message] = mail.outbox
    assert message.subject == "Your second login factor was removed"
    assert "your role requires one" in message.body
    assert services.account_needs_enrolment(user=admin)
