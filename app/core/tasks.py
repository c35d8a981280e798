"""Tasks every part of the platform shares."""

import logging
import socket
from smtplib import SMTPException
from typing import Any

from celery import current_app, shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from app.core import services
from app.core.emails import render_email
from app.core.models import EmailOutbox
from app.core.redis_cache import outage

logger = logging.getLogger(__name__)


@shared_task(name="core.ping")
def ping() -> str:
    """Answers with the worker's host name: a health check that a worker consumes tasks."""
    hostname = socket.gethostname()
    logger.info("Ping answered by %s", hostname)
    return hostname


@shared_task(name="core.clear_expired_records")
def clear_expired_records() -> dict[str, int]:
    """Celery beat runs this daily (CELERY_BEAT_SCHEDULE): expired sessions, spent links
    and invitations, e-mails sent a while ago and old per-day counts of the limits are
    deleted (services.expired_records_clear). Safe to run twice or after a crash half way."""
    return services.expired_records_clear()


@shared_task(
    name="core.send_templated_email",
    autoretry_for=(OSError, SMTPException),
    retry_backoff=True,
    max_retries=6,
)
def send_templated_email(*, template: str, to: str, language: str, context: dict, key: str) -> str:
    """Send the e-mail `key` once, through its outbox row (kept for tasks queued before
    the outbox: a retried or redelivered one finds it sent)."""
    row, _created = EmailOutbox.objects.get_or_create(
        key=key,
        defaults={"template": template, "to": to, "language": language, "context": context},
    )
    if row.sent_at is not None:
        return "already sent"
    return send_outbox_email.run(row.pk)


def _send(row: EmailOutbox) -> None:
    message = render_email(template=row.template, language=row.language, context=row.context)
    message.to = [row.to]
    message.send()


@shared_task(
    name="core.send_outbox_email",
    autoretry_for=(OSError, SMTPException),
    retry_backoff=True,
    max_retries=6,
)
def send_outbox_email(outbox_id: int) -> str:
    """Send the outbox row `outbox_id`, once: a row another worker is sending (locked) or
    has sent is left alone, so a redelivered task, a retry and the drain never send it
    twice. A failed attempt is counted (the drain gives up after EMAIL_OUTBOX_MAX_ATTEMPTS)
    and raised."""
    failure: Exception | None = None
    with transaction.atomic():
        row = (
            EmailOutbox.objects.select_for_update(skip_locked=True)
            .filter(pk=outbox_id, sent_at__isnull=True)
            .first()
        )
        if row is None:
            return "sent or being sent"
        try:
            _send(row)
        except Exception as error:
            # Only the attempt is kept; the row stays locked until this commits.
            EmailOutbox.objects.filter(pk=row.pk).update(attempts=F("attempts") + 1)
            failure = error
        else:
            # The record of what was sent: its content is needed no more.
            row.sent_at = timezone.now()
            row.context = {}
            row.attempts += 1
            row.save(update_fields=["sent_at", "context", "attempts"])
    if failure is not None:
        raise failure
    return "sent"


@shared_task(name="core.drain_email_outbox")
def drain_email_outbox() -> int:
    """Celery beat runs this every EMAIL_OUTBOX_DRAIN_INTERVAL: e-mails whose task never
    ran (the broker was down when they were asked for, a worker died and the task was
    lost) are sent now. Returns how many were sent."""
    since = timezone.now() - settings.EMAIL_OUTBOX_DRAIN_DELAY
    waiting = EmailOutbox.objects.filter(
        sent_at__isnull=True,
        created_at__lte=since,
        attempts__lt=settings.EMAIL_OUTBOX_MAX_ATTEMPTS,
    ).values_list("pk", flat=True)[: settings.EMAIL_OUTBOX_DRAIN_BATCH]
    sent = 0
    for outbox_id in list(waiting):
        try:
            sent += send_outbox_email.run(outbox_id) == "sent"
        except Exception:
            # The mail server is away too, or this one e-mail cannot be rendered: the
            # others still go, and the next drain tries again (counted attempts).
            logger.warning("E-mail %s not sent yet", outbox_id, exc_info=True)
    return sent


def _enqueue(outbox_id: int) -> None:
    if outage.down:
        # The cache just found Redis (the broker too) down: trying to publish would only
        # keep the request waiting on connection retries. The drain sends it later.
        logger.warning("E-mail %s left in the outbox: Redis unavailable", outbox_id)
        return
    try:
        send_outbox_email.apply_async((outbox_id,), retry=False)
    except Exception:
        # The broker is down: the row waits in the outbox for the drain.
        logger.warning("E-mail %s left in the outbox: broker unavailable", outbox_id, exc_info=True)


def send_email(*, template: str, to: str, language: str, context: dict[str, Any], key: str) -> None:
    """Queue an e-mail to go out once the current transaction commits.

    The e-mail is written to the outbox in the current transaction, and its task is
    enqueued once that commits; if the broker is down then, the periodic drain sends it.
    `key` names this one e-mail (e.g. "password-reset:<user>:<time>"): whatever happens to
    the task, an e-mail with the same key is sent at most once. `context` must be plain
    JSON data: it is stored in the outbox.
    """
    row, _created = EmailOutbox.objects.get_or_create(
        key=key,
        defaults={"template": template, "to": to, "language": language, "context": context},
    )
    transaction.on_commit(lambda: _enqueue(row.pk), robust=True)


def task_enqueue_on_commit(name: str, **kwargs: Any) -> None:
    """Enqueue the task registered as `name` with `kwargs` once the current transaction
    commits (Celery's delay_on_commit). Services enqueue their app's tasks by name: the
    tasks module imports the services, so the services cannot import it. Each app's
    AppConfig.ready imports its tasks, so they are registered in every process."""
    current_app.tasks[name].delay_on_commit(**kwargs)
