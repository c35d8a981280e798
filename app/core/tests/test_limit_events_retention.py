"""The limits' per-day counts of accounts (core.LimitEvent) go with the daily clean-up once
their day is LIMIT_EVENTS_RETENTION ago, never while an institution's area still shows
them."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core.models import LimitEvent
from app.core.tasks import clear_expired_records
from app.vouchers.selectors import LIMIT_EVENT_DAYS

pytestmark = pytest.mark.django_db


def test_the_counts_are_kept_longer_than_the_institutions_area_shows_them():
    retention = settings.LIMIT_EVENTS_RETENTION
    assert retention == timedelta(days=90)
    assert retention >= timedelta(days=LIMIT_EVENT_DAYS)


def test_days_past_the_retention_go_and_the_rest_stay():
    user = make_user()
    today = timezone.localdate()
    kept_days = settings.LIMIT_EVENTS_RETENTION.days
    for days_ago, kind in [
        (0, LimitEvent.Kind.REFUSED),
        (LIMIT_EVENT_DAYS, LimitEvent.Kind.SLOWED),
        (kept_days, LimitEvent.Kind.REFUSED),
        (kept_days + 1, LimitEvent.Kind.SLOWED),
        (kept_days + 400, LimitEvent.Kind.REFUSED),
    ]:
        LimitEvent.objects.create(
            day=today - timedelta(days=days_ago), user=user, kind=kind, count=3
        )

    first, second = clear_expired_records(), clear_expired_records()

    assert first["core.LimitEvent"] == 2
    assert second["core.LimitEvent"] == 0
    assert sorted((today - event.day).days for event in LimitEvent.objects.all()) == [
        0,
        LIMIT_EVENT_DAYS,
        kept_days,
    ]
