"""One record of sent e-mails: the outbox. EmailLog's recent rows (those the outbox would
still keep, EMAIL_OUTBOX_RETENTION) that the outbox lacks become sent outbox rows, so a
task redelivered for them still finds them sent; then EmailLog goes."""

from datetime import timedelta

from django.db import migrations
from django.utils import timezone

# settings.EMAIL_OUTBOX_RETENTION when this was written; older sent rows the daily
# clean-up would delete at once.
RETENTION = timedelta(days=7)


def move_recent_sent_rows(apps, schema_editor):
    EmailLog = apps.get_model("core", "EmailLog")
    EmailOutbox = apps.get_model("core", "EmailOutbox")
    known = set(EmailOutbox.objects.values_list("key", flat=True))
    recent = EmailLog.objects.filter(
        sent_at__isnull=False, sent_at__gte=timezone.now() - RETENTION
    ).exclude(key__in=known)
    for log in recent.iterator(chunk_size=1000):
        row = EmailOutbox.objects.create(
            key=log.key,
            template=log.template,
            to=log.to,
            language=log.language,
            context={},
            sent_at=log.sent_at,
            attempts=1,
        )
        # created_at is set on insert; the record keeps when the e-mail was asked for.
        EmailOutbox.objects.filter(pk=row.pk).update(created_at=log.created_at)


def move_back(apps, schema_editor):
    EmailLog = apps.get_model("core", "EmailLog")
    EmailOutbox = apps.get_model("core", "EmailOutbox")
    for row in EmailOutbox.objects.filter(sent_at__isnull=False).iterator(chunk_size=1000):
        EmailLog.objects.get_or_create(
            key=row.key,
            defaults={
                "template": row.template,
                "to": row.to,
                "language": row.language,
                "sent_at": row.sent_at,
            },
        )


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0005_cachegeneration"),
    ]

    operations = [
        migrations.RunPython(move_recent_sent_rows, move_back),
        migrations.DeleteModel(name="EmailLog"),
    ]
