"""Tasks every part of the platform shares."""

import logging
import socket
from smtplib import SMTPException
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from app.core import services
from app.core.emails import render_email
from app.core.models import EmailLog

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
    and invitations are deleted (services.expired_records_clear). Safe to run twice or
    after a crash half way."""
    return services.expired_records_clear()


@shared_task(
    name="core.send_templated_email",
    autoretry_for=(OSError, SMTPException),
    retry_backoff=True,
    max_retries=6,
)
def send_templated_email(*, template: str, to: str, language: str, context: dict, key: str) -> str:
    """Send the e-mail `key` once: a retried or redelivered task finds it sent."""
    with transaction.atomic():
        log, _created = EmailLog.objects.select_for_update().get_or_create(
            key=key, defaults={"template": template, "to": to, "language": language}
        )
        if log.sent_at is not None:
            return "already sent"
        message = render_email(template=template, language=language, context=context)
        message.to = [to]
        message.send()
        log.sent_at = timezone.now()
        log.save(update_fields=["sent_at"])
    return "sent"


def send_email(*, template: str, to: str, language: str, context: dict[str, Any], key: str) -> None:
    """Queue an e-mail to go out once the current transaction commits.

    `key` names this one e-mail (e.g. "password-reset:<user>:<time>"): whatever happens to
    the task, an e-mail with the same key is sent at most once. `context` must be plain
    JSON data: the task gets it through the broker.
    """
    send_templated_email.delay_on_commit(
        template=template, to=to, language=language, context=context, key=key
    )
