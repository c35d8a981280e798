"""The daily clean-up: expired sessions, spent links and invitations, and e-mails sent a
while ago go; the rest stays."""

from datetime import timedelta

import pytest
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.test import Client
from django.utils import timezone

from app.accounts.models import AccountDeletionLink, Session, SessionLink
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.models import DataExport, EmailOutbox
from app.core.tasks import clear_expired_records
from app.core.tests.helpers import post_json
from app.teams.models import Invitation
from app.teams.tests.factories import make_invitation, make_team

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(days=31)


def logged_in_session(email: str) -> str:
    make_user(email=email)
    client = Client()
    post_json(client, "/login", {"login": email, "login_password": DEFAULT_PASSWORD})
    key = client.session.session_key
    assert key is not None
    return key


def test_the_job_runs_daily_from_celery_beat():
    entry = settings.CELERY_BEAT_SCHEDULE["core.clear_expired_records"]
    assert entry == {"task": "core.clear_expired_records", "schedule": 24 * 3600}


def test_old_rows_go_and_live_ones_stay():
    now = timezone.now()
    old = now - LONG_AGO
    user = make_user()
    team = make_team()

    # Sessions: one expired (and allauth's record of it), one alive.
    expired_key = logged_in_session("stara@example.com")
    alive_key = logged_in_session("nowa@example.com")
    Session.objects.filter(session_key=expired_key).update(expire_date=now - timedelta(seconds=1))

    # Links: used long ago, expired long ago, used or expired lately, still valid.
    def link(**fields):
        created, _token = SessionLink.issue(lifetime=timedelta(hours=72), user=user, path="x")
        SessionLink.objects.filter(pk=created.pk).update(**fields)
        return created.pk

    used_long_ago = link(used_at=old)
    expired_long_ago = link(expires_at=old)
    used_lately = link(used_at=now - timedelta(days=2))
    valid = link()
    deletion, _token = AccountDeletionLink.issue(
        lifetime=timedelta(hours=24), user=user, kind=AccountDeletionLink.Kind.CONFIRM
    )
    AccountDeletionLink.objects.filter(pk=deletion.pk).update(expires_at=old)

    # Invitations: accepted, withdrawn and expired long ago, and an open one.
    invitations = {}
    for state in ("used", "revoked", "expired", "open", "expired lately"):
        invitation, _token = make_invitation(team=team, email=f"{state[:4]}{len(invitations)}@x.pl")
        invitations[state] = invitation.pk
    Invitation.objects.filter(pk=invitations["used"]).update(used_at=old)
    Invitation.objects.filter(pk=invitations["revoked"]).update(revoked_at=old)
    Invitation.objects.filter(pk=invitations["expired"]).update(expires_at=old)
    Invitation.objects.filter(pk=invitations["expired lately"]).update(
        expires_at=now - timedelta(days=1)
    )

    # Data exports hold a person's data: they go as soon as their link stops working.
    export_used_lately, _token = DataExport.issue(
        lifetime=timedelta(hours=48), user=user, request_key="used", content={}
    )
    DataExport.objects.filter(pk=export_used_lately.pk).update(used_at=now - timedelta(days=2))
    export_valid, _token = DataExport.issue(
        lifetime=timedelta(hours=48), user=user, request_key="valid", content={}
    )

    cleared = clear_expired_records()

    assert not Session.objects.filter(session_key=expired_key).exists()
    assert Session.objects.filter(session_key=alive_key).exists()
    assert not UserSession.objects.filter(session_key=expired_key).exists()
    assert UserSession.objects.filter(session_key=alive_key).exists()
    assert sorted(SessionLink.objects.values_list("pk", flat=True)) == [used_lately, valid]
    assert not AccountDeletionLink.objects.exists()
    assert sorted(Invitation.objects.values_list("pk", flat=True)) == sorted(
        [invitations["open"], invitations["expired lately"]]
    )
    assert cleared == {
        "sessions": 1,
        "user sessions": 1,
        "accounts.SessionLink": 2,
        "accounts.AccountDeletionLink": 1,
        "teams.Invitation": 3,
        "core.DataExport": 1,
        "accounts.AppToken": 0,
        "core.EmailOutbox": 0,
        "core.LimitEvent": 0,
    }
    assert list(DataExport.objects.all()) == [export_valid]
    assert used_long_ago not in SessionLink.objects.values_list("pk", flat=True)
    assert expired_long_ago not in SessionLink.objects.values_list("pk", flat=True)


def test_sent_emails_go_after_a_week_and_unsent_ones_stay():
    # Sent a minute either side of the week the outbox keeps them.
    now = timezone.now()
    week = timedelta(days=7)

    def outbox_row(key: str, *, created: timedelta, sent: timedelta | None) -> None:
        row = EmailOutbox.objects.create(
            key=key, template="password_reset", to=f"{key}@example.com", language="pl"
        )
        EmailOutbox.objects.filter(pk=row.pk).update(
            created_at=now - created, sent_at=None if sent is None else now - sent
        )

    outbox_row("sent-long-ago", created=week * 2, sent=week + timedelta(minutes=1))
    outbox_row("sent-lately", created=week * 2, sent=week - timedelta(minutes=1))
    outbox_row("never-sent", created=week * 5, sent=None)

    cleared = clear_expired_records()

    assert cleared["core.EmailOutbox"] == 1
    assert sorted(EmailOutbox.objects.values_list("key", flat=True)) == [
        "never-sent",
        "sent-lately",
    ]


def test_a_second_run_finds_nothing_to_do():
    user = make_user()
    link, _token = SessionLink.issue(lifetime=timedelta(hours=1), user=user, path="x")
    SessionLink.objects.filter(pk=link.pk).update(expires_at=timezone.now() - LONG_AGO)

    first, second = clear_expired_records(), clear_expired_records()

    assert first["accounts.SessionLink"] == 1
    assert set(second.values()) == {0}


def test_a_logged_in_visitor_keeps_the_session(client):
    make_user(email="ola@example.com")
    post_json(client, "/login", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD})

    clear_expired_records()

    assert client.get("/platforma").status_code == 200
