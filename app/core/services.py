"""Writes every part of the platform shares: the daily clean-up of expired records."""

from datetime import datetime
from importlib import import_module

from allauth.usersessions.models import UserSession
from django.apps import apps
from django.conf import settings
from django.db import connection
from django.utils import timezone

from app.core.models import LimitEvent
from app.core.tokens import OneTimeToken


def expired_records_clear(*, now: datetime | None = None) -> dict[str, int]:
    """Delete what can no longer be used: expired sessions and allauth's records of
    sessions that are gone, and every e-mailed secret (session links, deletion and
    restore links, team invitations: each OneTimeToken model) used, withdrawn or expired
    more than EXPIRED_RECORDS_RETENTION ago, and the rows a model's `stale_rows(now=…)`
    names (app sessions idle past their limit, e-mails of the outbox sent more than
    EMAIL_OUTBOX_RETENTION ago, the limits' per-day counts of accounts older than
    LIMIT_EVENTS_RETENTION). Returns how many rows of each went; a second run deletes
    nothing (idempotent)."""
    now = now or timezone.now()
    cleared: dict[str, int] = {}
    # The platform's session engine keeps every session in the database.
    sessions = import_module(settings.SESSION_ENGINE).SessionStore.get_model_class().objects
    cleared["sessions"] = sessions.filter(expire_date__lte=now).delete()[0]
    gone = UserSession.objects.exclude(session_key__in=sessions.values("session_key"))
    cleared["user sessions"] = gone.delete()[0]
    cutoff = now - settings.EXPIRED_RECORDS_RETENTION
    for model in apps.get_models():
        if issubclass(model, OneTimeToken):
            deleted = model._default_manager.filter(model.spent_before(cutoff)).delete()
            cleared[model._meta.label] = deleted[0]
        elif callable(stale := getattr(model, "stale_rows", None)):
            # Secrets that end by disuse (the mobile app's sessions) say which rows are over.
            cleared[model._meta.label] = stale(now=now).delete()[0]
    return cleared


def limit_event_record(*, user_id: int, kind: str) -> None:
    """Count one event of `kind` (LimitEvent.Kind) for the account `user_id` today, in one
    statement whoever else counts at the same moment."""
    table = connection.ops.quote_name(LimitEvent._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (day, user_id, kind, count) VALUES (%s, %s, %s, 1)"  # noqa: S608
            f" ON CONFLICT (day, user_id, kind) DO UPDATE SET count = {table}.count + 1",
            [timezone.localdate(), user_id, kind],
        )
