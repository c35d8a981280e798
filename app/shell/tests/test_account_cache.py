"""What every logged-in page shows about its account (the user, the menu, the bell's count,
the banners) comes from the per-account cache, and every change to it shows on the very
next page."""

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from app.accounts.models import Role
from app.accounts.services import email_mark_verified, user_grant_roles
from app.accounts.tests.factories import make_user
from app.core.roles import Role as RoleCode
from app.core.tests.helpers import page_of, visit
from app.core.versioned_cache import near_entries_forget
from app.learning.services import profile_update
from app.shell.models import Notification
from app.shell.services import notification_create, notification_mark_all_read
from app.teams.services import invitation_accept, invitation_revoke, invitations_send
from app.teams.tests.factories import make_invitation, make_team

pytestmark = pytest.mark.django_db

HOME = "/platforma"


def props(client) -> dict:
    return page_of(visit(client, HOME))["props"]


def banner_messages(client) -> list[str]:
    return [banner["message"] for banner in props(client)["info_banners"]]


def area_keys(client) -> list[str]:
    return [entry["key"] for entry in props(client)["menu"]["areas"]]


@pytest.fixture
def ola(client):
    user = make_user(email="ola@example.com", first_name="Ola")
    email_mark_verified(user=user)
    client.force_login(user)
    return user


def test_a_second_page_reads_only_the_session(client, ola):
    notification_create(user=ola, message="Witaj")
    make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    first = props(client)
    with CaptureQueriesContext(connection) as queries:
        second = props(client)
    # The session itself, with its account, roles (and teams it manages), and nothing else.
    assert len(queries) == 1
    assert ' FROM "accounts_session" ' in queries[0]["sql"]
    assert second["notifications_unread"] == first["notifications_unread"] == 1
    assert second["info_banners"] == first["info_banners"] != []
    assert second["auth"] == first["auth"]


def test_a_new_notification_counts_at_once(client, ola):
    assert props(client)["notifications_unread"] == 0
    notification_create(user=ola, message="Nowy kurs")
    assert props(client)["notifications_unread"] == 1


def test_notifications_marked_read_stop_counting_at_once(client, ola):
    notification_create(user=ola, message="Jeden")
    notification_create(user=ola, message="Dwa")
    assert props(client)["notifications_unread"] == 2
    notification_mark_all_read(user=ola)
    assert props(client)["notifications_unread"] == 0


def test_a_deleted_notification_stops_counting_at_once(client, ola):
    notification_create(user=ola, message="Jeden")
    assert props(client)["notifications_unread"] == 1
    Notification.objects.filter(user=ola).delete()
    assert props(client)["notifications_unread"] == 0


def test_another_accounts_notification_does_not_count(client, ola):
    assert props(client)["notifications_unread"] == 0
    notification_create(user=make_user(), message="Nie dla Oli")
    assert props(client)["notifications_unread"] == 0


def test_an_invitation_sent_shows_at_once(client, ola):
    manager = make_user(roles=[RoleCode.MANAGER])
    team = make_team(name="Analitycy", managers=[manager])
    assert banner_messages(client) == []
    invitations_send(team=team, invited_by=manager, emails=["ola@example.com"])
    assert len(banner_messages(client)) == 1
    assert "„Analitycy”" in banner_messages(client)[0]


def test_a_revoked_invitation_goes_at_once(client, ola):
    invitation, _token = make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    assert len(banner_messages(client)) == 1
    invitation_revoke(invitation=invitation)
    assert banner_messages(client) == []


def test_an_accepted_invitation_goes_at_once(client, ola):
    _invitation, token = make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    assert len(banner_messages(client)) == 1
    invitation_accept(user=ola, token=token)
    assert banner_messages(client) == []


def test_an_invitation_shows_once_the_address_is_verified(client):
    user = make_user(email="jan@example.com")
    client.force_login(user)
    make_invitation(team=make_team(name="Analitycy"), email="jan@example.com")
    assert banner_messages(client) == []
    email_mark_verified(user=user)
    assert len(banner_messages(client)) == 1


def test_a_renamed_team_is_named_anew_at_once(client, ola):
    team = make_team(name="Analitycy")
    make_invitation(team=team, email="ola@example.com")
    assert "„Analitycy”" in banner_messages(client)[0]
    team.name = "Statystycy"
    team.save()
    assert "„Statystycy”" in banner_messages(client)[0]


def test_an_invitation_expiring_is_not_shown_from_the_cache(client, ola):
    # The cached banner would otherwise live ENTRY_TIMEOUT (10 minutes).
    invitation, _token = make_invitation(team=make_team(), email="ola@example.com")
    invitation.expires_at = timezone.now() + timedelta(seconds=2)
    invitation.save()
    assert len(banner_messages(client)) == 1
    time.sleep(max(0.0, (invitation.expires_at - timezone.now()).total_seconds()) + 0.5)
    assert banner_messages(client) == []


def test_an_edited_profile_shows_at_once(client, ola):
    assert props(client)["auth"]["user"]["first_name"] == "Ola"
    profile_update(user=ola, first_name="Aleksandra", last_name="Nowak", is_profile_public=True)
    user = props(client)["auth"]["user"]
    assert (user["first_name"], user["last_name"]) == ("Aleksandra", "Nowak")


def test_a_granted_role_opens_its_area_at_once(client, ola):
    assert area_keys(client) == []
    user_grant_roles(user=ola, codes=[RoleCode.MANAGER])
    assert area_keys(client) == ["manager_panel"]
    assert props(client)["auth"]["user"]["roles"] == [RoleCode.MANAGER]


def test_a_role_taken_away_closes_its_area_at_once(client, ola):
    user_grant_roles(user=ola, codes=[RoleCode.MANAGER])
    assert area_keys(client) == ["manager_panel"]
    ola.roles.remove(Role.objects.get(code=RoleCode.MANAGER))
    assert area_keys(client) == []
    assert props(client)["auth"]["user"]["roles"] == []


def test_a_role_taken_away_from_the_roles_side_closes_its_area_at_once(client, ola):
    user_grant_roles(user=ola, codes=[RoleCode.MANAGER])
    assert area_keys(client) == ["manager_panel"]
    Role.objects.get(code=RoleCode.MANAGER).users.clear()
    assert area_keys(client) == []
    assert props(client)["auth"]["user"]["roles"] == []


def test_a_deleted_role_closes_its_area_at_once(client, ola):
    user_grant_roles(user=ola, codes=[RoleCode.MANAGER])
    assert props(client)["auth"]["user"]["roles"] == [RoleCode.MANAGER]
    Role.objects.filter(code=RoleCode.MANAGER).delete()
    assert area_keys(client) == []
    assert props(client)["auth"]["user"]["roles"] == []


def test_another_node_writes_the_same_shell_from_redis(client, ola):
    # A node that did not build the entry unpickles it from Redis: the same page JSON.
    notification_create(user=ola, message="Witaj")
    make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    built = props(client)
    near_entries_forget()
    read = props(client)
    shown = ("auth", "menu", "notifications_unread", "info_banners", "shell")
    assert [read[name] for name in shown] == [built[name] for name in shown]
    assert read["info_banners"] != [] and read["notifications_unread"] == 1


def test_a_deactivated_account_is_logged_out_at_once(client, ola):
    assert props(client)["auth"]["user"] is not None
    ola.is_active = False
    ola.save()
    response = client.get(HOME)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login")


def test_an_account_marked_for_deletion_is_logged_out_at_once(client, ola):
    from app.accounts.models import AccountDeletionLink
    from app.accounts.services import account_deletion_confirm

    assert props(client)["auth"]["user"] is not None
    _link, token = AccountDeletionLink.issue(
        lifetime=timedelta(hours=1), user=ola, kind=AccountDeletionLink.Kind.CONFIRM
    )
    account_deletion_confirm(user=ola, token=token)
    response = client.get(HOME)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login")


def test_the_banners_follow_the_pages_language(client, ola):
    make_invitation(team=make_team(name="Analitycy"), email="ola@example.com")
    polish = banner_messages(client)
    client.cookies["platforma_language"] = "en"
    english = banner_messages(client)
    assert polish[0].startswith("Masz zaproszenie")
    assert english[0] != polish[0]


def test_a_new_avatar_shows_at_once(client, ola):
    assert props(client)["auth"]["avatar"] is None
    ola.avatar.name = "avatars/0123456789abcdef0123456789abcdef.jpg"
    ola.save(update_fields=["avatar"])
    assert props(client)["auth"]["avatar"] == "/media/avatars/0123456789abcdef0123456789abcdef.jpg"


ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130 Mobile"
DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130"


def shell_of(client, url: str, agent: str) -> dict:
    return page_of(visit(client, url, HTTP_USER_AGENT=agent))["props"]["shell"]


def test_the_shell_follows_each_requests_viewer_header_and_banner(client):
    # Each combination is encoded once per process: one visit never gets another's.
    seen = [
        (shell["viewer"], shell["header_type"], shell["app_banner"])
        for shell in [shell_of(client, "/login", ANDROID), shell_of(client, "/login", DESKTOP)]
    ]
    client.force_login(make_user(email="ewa@example.com"))
    seen.append(tuple(shell_of(client, HOME, ANDROID)[key] for key in ("viewer", "app_banner")))
    client.cookies["download-app-banner"] = "false"
    seen.append(tuple(shell_of(client, HOME, ANDROID)[key] for key in ("viewer", "app_banner")))
    assert seen == [
        ("anonymous", "default", "android"),
        ("anonymous", "default", None),
        ("learner", "android"),
        ("learner", None),
    ]
