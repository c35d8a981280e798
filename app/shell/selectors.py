"""Reads of the shell: the active alert (cached), site pages, notifications."""

from datetime import datetime, timedelta

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils import timezone

from app.accounts.models import User
from app.core.versioned_cache import shared_generation, shared_generation_bump, versioned_cached
from app.shell.models import Alert, Notification, SitePage

ALERTS = "alerts"
ALERT_CACHE_SECONDS = 60


def active_alert_get() -> Alert | None:
    """The alert to show now; cached until an admin saves one (the "alerts" generation)
    or the current alert ends or the next one starts."""
    return versioned_cached(
        generations=(shared_generation(ALERTS),),
        entry_key="shell:active-alert",
        build=_active_alert_timed,
        valid_until=lambda found: found[1],
    )[0]


def _active_alert_timed() -> tuple[Alert | None, datetime]:
    now = timezone.now()
    alert = Alert.objects.active(now).first()
    # Kept no longer than until the current alert ends or the next one starts.
    boundaries = [now + timedelta(seconds=ALERT_CACHE_SECONDS)]
    if alert and alert.ends_at:
        boundaries.append(alert.ends_at)
    upcoming = (
        Alert.objects.filter(is_published=True, starts_at__gt=now)
        .order_by("starts_at")
        .values_list("starts_at", flat=True)
        .first()
    )
    if upcoming:
        boundaries.append(upcoming)
    return alert, max(min(boundaries), now + timedelta(seconds=1))


def alert_preview_get() -> Alert | None:
    """The alert an author or admin previews: the newest one not shown yet (unpublished,
    or published to start later), else the one shown now; never cached."""
    now = timezone.now()
    waiting = (
        Alert.objects.filter(Q(is_published=False) | Q(starts_at__gt=now))
        .exclude(ends_at__lte=now)
        .order_by("-starts_at", "-pk")
        .first()
    )
    return waiting or Alert.objects.active(now).first()


def active_alert_forget() -> None:
    """Every process reads the alert to show anew (with the change's transaction)."""
    shared_generation_bump(ALERTS)


def site_page_get(*, slug: str) -> SitePage:
    """The site page at /p/<slug>; raises Http404 when there is none."""
    page = SitePage.objects.filter(slug=slug).first()
    if page is None:
        raise Http404
    return page


def notification_count_unread(*, user: User) -> int:
    """How many of the user's notifications are unread (the bell's badge)."""
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def notification_list_recent(*, user: User, limit: int = 20) -> QuerySet[Notification]:
    """The user's latest notifications, the newest first."""
    return Notification.objects.filter(user=user).order_by("-created_at")[:limit]
