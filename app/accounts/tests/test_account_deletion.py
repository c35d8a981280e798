"""Account deletion: the request, the confirmation, the undo and the purge."""

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.core.files.base import ContentFile
from django.test import Client
from django.utils import timezone

from app.accounts import services
from app.accounts.models import AccountDeletionLink, Session, SessionLink, User
from app.accounts.services import account_erase
from app.accounts.tasks import purge_deleted_accounts
from app.accounts.tests.factories import make_user, mark_for_deletion
from app.accounts.tests.helpers import (
    DELETION_REQUEST,
    commit,
    confirm,
    confirmation_path,
    links_in,
    log_in_with_password,
    scheduled,
)
from app.core.models import EmailOutbox
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.models import Certificate, Favourite, Note
from app.learning.tests.factories import grant, make_course
from app.shell.models import Notification
from app.shell.services import notification_create
from app.teams.models import Invitation
from app.teams.tests.factories import make_invitation, make_team

pytestmark = pytest.mark.django_db

REQUEST_PAGE = DELETION_REQUEST
SCHEDULED = "Twoje konto zostanie usunięte w ciągu 24 godzin"


# --- Asking for the deletion -----------------------------------------------------------------


def test_request_page_needs_login(client):
    response = client.get(REQUEST_PAGE)
    assert response.headers["Location"] == "/login?returnUrl=%2Fplatforma%2Fprofil%2Fusun-konto"


def test_request_page_props(client, learner):
    page = page_of(visit(client, REQUEST_PAGE))
    assert page["component"] == "Accounts/DeletionRequest"
    assert {k: page["props"][k] for k in ("email", "sent", "submit_url")} == {
        "email": learner.email,
        "sent": False,
        "submit_url": REQUEST_PAGE,
    }


def test_request_emails_a_confirmation_link_and_changes_nothing_else(client):
    user = make_user(email="ola@example.com", first_name="ola")
    client.force_login(user)

    response = commit(post_json, client, REQUEST_PAGE, {})

    assert response.headers["Location"] == REQUEST_PAGE
    assert page_of(visit(client, REQUEST_PAGE))["props"]["sent"] is True
    [message] = mail.outbox
    assert message.subject == "Potwierdź usunięcie konta na Platformie"
    assert message.body.startswith("Cześć Ola,")
    [url] = links_in(message)
    assert url.startswith(f"{settings.SITE_URL}/konto/usun/")
    link = AccountDeletionLink.objects.get()
    assert (link.user, link.kind) == (user, "confirm")
    assert abs(link.expires_at - link.created_at - timedelta(hours=24)) < timedelta(seconds=1)
    user.refresh_from_db()
    assert (user.is_active, user.deletion_marked_at) == (True, None)


def test_requests_are_limited_per_user(client, learner):
    for _ in range(4):
        commit(post_json, client, REQUEST_PAGE, {})
    assert len(mail.outbox) == 3
    assert page_of(visit(client, REQUEST_PAGE))["props"]["errors"] == {
        "form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    }


def test_the_request_is_a_post(client, learner):
    assert client.put(REQUEST_PAGE).status_code == 405
    assert AccountDeletionLink.objects.count() == 0


# --- Confirming ------------------------------------------------------------------------------


def test_confirmation_page_shows_the_name_and_does_not_use_the_link(client):
    user = make_user(email="ola@example.com", first_name="anna maria", last_name="kowalska")
    client.force_login(user)
    path = confirmation_path(client)

    page = page_of(visit(client, path))

    assert page["component"] == "Accounts/AccountDeletion"
    assert {k: page["props"][k] for k in ("first_name", "last_name", "error", "submit_url")} == {
        "first_name": "Anna Maria",
        "last_name": "Kowalska",
        "error": None,
        "submit_url": path,
    }
    assert AccountDeletionLink.objects.get().used_at is None
    user.refresh_from_db()
    assert user.is_active


def test_confirming_locks_the_account_ends_every_session_and_logs_out(client):
    user = make_user(email="ola@example.com", first_name="ola")
    log_in_with_password(client, "ola@example.com")
    phone = Client()
    log_in_with_password(phone, "ola@example.com")
    assert UserSession.objects.filter(user=user).count() == 2
    path = confirmation_path(client)
    mail.outbox.clear()

    response = confirm(client, path)

    assert response.status_code == 302
    assert response.headers["Location"] == "/login"
    assert SESSION_KEY not in client.session
    user.refresh_from_db()
    assert user.is_active is False
    assert user.deletion_marked_at is not None
    assert UserSession.objects.filter(user=user).count() == 0
    assert not Session.objects.filter(session_key__in=[phone.session.session_key]).exists()
    assert visit(phone, "/platforma").status_code == 302
    # The message survives the logout and shows on /login once.
    assert page_of(visit(client, "/login"))["flash"] == {
        "messages": [{"level": "success", "message": SCHEDULED}]
    }
    assert "messages" not in page_of(visit(client, "/login")).get("flash", {})
    # The e-mail offers the undo link, valid until the purge.
    [message] = mail.outbox
    assert message.subject == "Twoje konto na Platformie zostanie usunięte"
    [undo] = links_in(message)
    assert undo.startswith(f"{settings.SITE_URL}/konto/przywroc/")
    restore = AccountDeletionLink.objects.get(kind="restore")
    assert abs(restore.expires_at - user.deletion_marked_at - settings.ACCOUNT_DELETION_GRACE) < (
        timedelta(seconds=1)
    )


def test_a_locked_account_cannot_log_in(client):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    confirm(client, confirmation_path(client))

    log_in_with_password(client, "ola@example.com")

    assert SESSION_KEY not in client.session
    assert page_of(visit(client, "/login"))["props"]["errors"] == {
        "form": "To konto czeka na usunięcie. Aby je zachować, użyj linku z e-maila"
        " potwierdzającego usunięcie."
    }


def test_someone_elses_link_is_refused_and_changes_nothing(client):
    owner = make_user(email="ola@example.com")
    client.force_login(owner)
    path = confirmation_path(client)
    intruder = make_user(email="ktos@example.com")
    other = Client()
    other.force_login(intruder)

    assert page_of(visit(other, path))["props"]["error"] == (
        "Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta."
    )
    response = confirm(other, path)

    assert response.headers["Location"] == path
    assert page_of(visit(other, path))["props"]["errors"] == {
        "form": "Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta."
    }
    for user in (owner, intruder):
        user.refresh_from_db()
        assert (user.is_active, user.deletion_marked_at) == (True, None)
    assert AccountDeletionLink.objects.get().used_at is None


def test_a_used_link_is_refused(client):
    user = make_user(email="ola@example.com")
    client.force_login(user)
    path = confirmation_path(client)
    confirm(client, path)
    services.account_restore(token=links_in(mail.outbox[-1])[0].rsplit("/", 1)[1])
    client.force_login(User.objects.get())

    response = confirm(client, path)

    assert response.headers["Location"] == path
    assert page_of(visit(client, path))["props"]["error"] == (
        "Ten link usunięcia konta został już wykorzystany."
    )
    assert User.objects.get().is_active


def test_an_expired_link_is_refused(client, learner):
    path = confirmation_path(client)
    AccountDeletionLink.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    confirm(client, path)

    assert page_of(visit(client, path))["props"]["errors"] == {
        "form": "Ten link usunięcia konta wygasł. Poproś o nowy na stronie profilu."
    }
    assert User.objects.get().is_active


@pytest.mark.parametrize("token", ["abc", "A" * 43, "%00", "x" * 3000])
def test_forged_links_are_refused(client, learner, token):
    response = confirm(client, f"/konto/usun/{token}")
    assert response.status_code == 302
    assert User.objects.get().is_active


def test_confirmations_are_limited_per_user(client, learner):
    for _ in range(10):
        confirm(client, "/konto/usun/" + "A" * 43)
    confirm(client, "/konto/usun/" + "A" * 43)
    assert page_of(visit(client, "/konto/usun/" + "A" * 43))["props"]["errors"] == {
        "form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    }


# --- Undo -------------------------------------------------------------------------------------


def test_opening_the_undo_link_changes_nothing(client):
    user = make_user(email="ola@example.com")
    undo = scheduled(client, user)

    page = page_of(visit(client, undo))

    assert page["component"] == "Accounts/AccountRestore"
    assert page["props"]["error"] is None
    user.refresh_from_db()
    assert user.is_active is False


def test_undo_restores_the_account(client):
    user = make_user(email="ola@example.com")
    undo = scheduled(client, user)

    response = post_json(client, undo, {})

    assert response.headers["Location"] == "/login?form=login"
    user.refresh_from_db()
    assert (user.is_active, user.deletion_marked_at) == (True, None)
    assert page_of(visit(client, "/login?form=login"))["flash"] == {
        "messages": [
            {
                "level": "success",
                "message": "Twoje konto zostało przywrócone. Możesz się zalogować.",
            }
        ]
    }
    assert log_in_with_password(client, "ola@example.com").headers["Location"] == "/platforma"
    # Nothing is purged later.
    assert services.accounts_purge_due(now=timezone.now() + timedelta(days=2)) == 0


def test_undo_works_once(client):
    undo = scheduled(client, make_user(email="ola@example.com"))
    post_json(client, undo, {})
    assert page_of(visit(client, undo))["props"]["error"] == (
        "Ten link przywrócenia konta został już wykorzystany."
    )


def test_undo_after_the_purge_is_refused(client):
    user = make_user(email="ola@example.com")
    undo = scheduled(client, user)
    assert services.accounts_purge_due(now=timezone.now() + timedelta(hours=24)) == 1

    post_json(client, undo, {})

    assert page_of(visit(client, undo))["props"]["errors"] == {
        "form": "Ten link przywrócenia konta jest nieprawidłowy."
    }
    user.refresh_from_db()
    assert user.is_active is False and user.anonymised_at is not None


def test_restore_attempts_are_limited_per_ip(client):
    for _ in range(10):
        post_json(client, "/konto/przywroc/" + "A" * 43, {})
    post_json(client, "/konto/przywroc/" + "A" * 43, {})
    assert page_of(visit(client, "/konto/przywroc/" + "A" * 43))["props"]["errors"] == {
        "form": "Zbyt wiele prób. Spróbuj ponownie za chwilę."
    }


# --- The purge --------------------------------------------------------------------------------


def test_the_purge_removes_the_personal_data_and_keeps_the_row(
    settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    user = make_user(
        email="ola@example.com",
        first_name="Ola",
        last_name="Nowak",
        is_shop_user=True,
        is_student=True,
        supervision=True,
        is_profile_public=True,
        newsletter=True,
        terms_accepted_at=timezone.now(),
        language="en",
    )
    user.avatar.save("ola.png", ContentFile(b"png"))
    avatar_path = tmp_path / user.avatar.name
    EmailAddress.objects.create(user=user, email="ola@example.com", primary=True, verified=True)
    # Sent while a learner's: accounts with a role get no session links.
    services.session_link_issue(user=user, path="moje_kursy")
    services.user_grant_roles(user=user, codes=[Role.AUTHOR])
    EmailOutbox.objects.create(
        key="k", template="t", to="ola@example.com", language="en", sent_at=timezone.now()
    )
    client = Client()
    log_in_with_password(client, "ola@example.com")
    old = (user.pk, user.customer_id, user.date_joined)
    mark_for_deletion(user, hours_ago=23.5)

    with django_capture_on_commit_callbacks(execute=True):
        assert purge_deleted_accounts() == 1

    user.refresh_from_db()
    assert (user.pk, user.date_joined, user.language) == (old[0], old[2], "en")
    assert user.customer_id != old[1]
    assert user.email.endswith("@usuniete.invalid") and "ola" not in user.email
    assert (user.first_name, user.last_name, user.avatar.name) == ("", "", "")
    assert not user.has_usable_password()
    assert not user.roles.exists()
    flags = ("is_active", "is_shop_user", "is_student", "supervision", "is_profile_public")
    assert [getattr(user, flag) for flag in flags] == [False] * len(flags)
    assert (user.newsletter, user.terms_accepted_at, user.last_login) == (False, None, None)
    assert user.anonymised_at is not None
    assert not avatar_path.exists()
    assert not EmailAddress.objects.filter(user=user).exists()
    assert not SessionLink.objects.filter(user=user).exists()
    assert not AccountDeletionLink.objects.filter(user=user).exists()
    assert not UserSession.objects.filter(user=user).exists()
    # What was sent keeps no trace of the person.
    assert set(EmailOutbox.objects.values_list("to", flat=True)) == {user.email}
    assert visit(client, "/platforma").status_code == 302


def test_the_purge_waits_for_the_grace_period_and_touches_nobody_else():
    due = make_user()
    recent = make_user()
    bystander = make_user(email="zostaje@example.com", first_name="Zostaje")
    blocked = make_user(is_active=False)
    mark_for_deletion(due, hours_ago=23.01)
    mark_for_deletion(recent, hours_ago=22.9)

    assert purge_deleted_accounts() == 1

    for user in (due, recent, bystander, blocked):
        user.refresh_from_db()
    assert due.anonymised_at is not None
    assert recent.anonymised_at is None and recent.first_name == "Ola"
    assert bystander.email == "zostaje@example.com" and bystander.is_active
    assert blocked.anonymised_at is None and blocked.first_name == "Ola"
    assert purge_deleted_accounts() == 0


def test_grace_period_and_job_interval_keep_the_24_hour_promise():
    # Due after the grace; found by the next run, or by the one after when an undo held
    # the row at that moment.
    latest_purge = settings.ACCOUNT_DELETION_GRACE + 2 * settings.ACCOUNT_PURGE_INTERVAL
    assert latest_purge < timedelta(hours=24)
    schedule = settings.CELERY_BEAT_SCHEDULE["accounts.purge_deleted_accounts"]
    assert schedule["task"] == "accounts.purge_deleted_accounts"
    assert schedule["schedule"] == settings.ACCOUNT_PURGE_INTERVAL.total_seconds()


@pytest.mark.django_db
def test_anonymising_scrubs_what_other_apps_keep_about_the_person():
    learner = make_user(email="ola@example.com", first_name="Ola", last_name="Nowak")
    other = make_user(email="jan@example.com")
    course = grant(learner, make_course()).course
    Note.objects.create(user=learner, course=course, text="moje notatki")
    Favourite.objects.create(user=learner, course=course)
    Certificate.objects.create(user=learner, course=course, participant_name="Ola Nowak")
    notification_create(user=learner, message="Witaj")
    notification_create(user=other, message="Cudze")
    team = make_team(name="Zespół", managers=[learner])
    make_invitation(team=team, email="ola@example.com")
    make_invitation(team=team, email="jan@example.com")

    assert account_erase(user=learner) is True

    assert not Note.objects.filter(user=learner).exists()
    assert not Favourite.objects.filter(user=learner).exists()
    assert list(
        Certificate.objects.filter(user=learner).values_list("participant_name", flat=True)
    ) == [""]
    assert list(Notification.objects.values_list("message", flat=True)) == ["Cudze"]
    assert not Invitation.objects.filter(email="ola@example.com").exists()
    assert Invitation.objects.filter(email="jan@example.com").exists()
    assert not team.managers.filter(pk=learner.pk).exists()
    assert account_erase(user=learner) is False
