"""The move of the sent e-mails' record from EmailLog to the outbox (core 0006)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("core", "0005_cachegeneration")]
AFTER = [("core", "0006_sent_emails_in_the_outbox")]


@pytest.mark.django_db(transaction=True)
def test_recent_sent_emails_the_outbox_lacks_become_sent_outbox_rows():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    EmailLog = apps.get_model("core", "EmailLog")
    EmailOutbox = apps.get_model("core", "EmailOutbox")
    now = timezone.now()
    sent = {"template": "t", "to": "ola@example.com", "language": "pl"}
    EmailLog.objects.create(key="recent", sent_at=now - timedelta(days=1), **sent)
    EmailLog.objects.create(key="old", sent_at=now - timedelta(days=30), **sent)
    EmailLog.objects.create(key="never-sent", **sent)
    EmailLog.objects.create(key="in-outbox", sent_at=now, **sent)
    EmailOutbox.objects.create(key="in-outbox", context={"url": "x"}, **sent)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Outbox = apps.get_model("core", "EmailOutbox")

    assert sorted(Outbox.objects.values_list("key", flat=True)) == ["in-outbox", "recent"]
    moved = Outbox.objects.get(key="recent")
    assert (moved.to, moved.context, moved.sent_at) == ("ola@example.com", {}, now - timedelta(1))
    # The row the outbox already had is left as it was (still owed, if unsent).
    assert Outbox.objects.get(key="in-outbox").sent_at is None
    with pytest.raises(LookupError):
        apps.get_model("core", "EmailLog")
