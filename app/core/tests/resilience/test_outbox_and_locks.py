"""The outbox's own defences (a failed send is tried again, a row another worker holds is
left to it), and a crowd at a used-up voucher not queueing on its row lock."""

from datetime import timedelta
from smtplib import SMTPServerDisconnected
from unittest import mock

import psycopg
import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.test.utils import CaptureQueriesContext

from app.accounts.tests.factories import make_user
from app.core.errors import ApplicationError
from app.core.models import EmailOutbox
from app.core.tasks import drain_email_outbox, send_outbox_email
from app.core.tests.resilience.server import database_url
from app.learning.tests.factories import make_course
from app.vouchers.services import voucher_redeem
from app.vouchers.tests.factories import make_voucher

pytestmark = pytest.mark.resilience


def waiting_email(key: str) -> EmailOutbox:
    return EmailOutbox.objects.create(
        key=key,
        template="session_link",
        to="ola@example.com",
        language="pl",
        context={"first_name": "Ola", "url": "https://platforma.example/session/1", "hours": 72},
    )


@pytest.mark.django_db
def test_an_email_the_mail_server_refused_is_sent_by_the_next_drain(settings):
    settings.EMAIL_OUTBOX_DRAIN_DELAY = timedelta(0)
    row = waiting_email("refused-once")
    original = EmailMultiAlternatives.send
    with mock.patch.object(
        EmailMultiAlternatives, "send", side_effect=SMTPServerDisconnected("gone"), autospec=True
    ):
        assert drain_email_outbox() == 0

    row.refresh_from_db()
    assert (row.sent_at, row.attempts) == (None, 1)
    assert mail.outbox == []
    assert EmailMultiAlternatives.send is original

    assert drain_email_outbox() == 1
    row.refresh_from_db()
    assert row.sent_at is not None
    assert row.attempts == 2
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_a_row_another_worker_is_sending_is_left_to_it(services):
    row = waiting_email("held")
    holder = psycopg.connect(database_url())
    try:
        holder.execute("SELECT id FROM core_emailoutbox WHERE id = %s FOR UPDATE", [row.pk])
        assert send_outbox_email(row.pk) == "sent or being sent"
        assert mail.outbox == []
    finally:
        holder.rollback()
        holder.close()
    assert send_outbox_email(row.pk) == "sent"
    assert send_outbox_email(row.pk) == "sent or being sent"
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_used_up_voucher_is_refused_without_waiting_for_its_row_lock(services):
    voucher = make_voucher(product=make_course(lessons=1), seats=1)
    voucher_redeem(user=make_user(), code=voucher.code)

    with CaptureQueriesContext(connection) as queries, pytest.raises(ApplicationError) as refused:
        voucher_redeem(user=make_user(), code=voucher.code)

    assert refused.value.code == "used_up"
    assert not [q["sql"] for q in queries.captured_queries if "FOR UPDATE" in q["sql"]]
