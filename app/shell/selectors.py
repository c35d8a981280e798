"""Reads of the shell: the active alert (cached), site pages, notifications."""

from datetime import timedelta

from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils import timezone

from app.accounts.models import User
from app.shell.models import Alert, Notification, SitePage

ALERT_CACHE_KEY = "shell:active-alert"
ALERT_CACHE_SECONDS = 60


def active_alert_get() -> Alert | None:
    """The alert to show now; cached, and forgotten whenever an admin saves one."""
    cached = cache.get(ALERT_CACHE_KEY)
    if cached is not None:
        return cached["alert"]
    now = timezone.now()
    alert = Alert.objects.active(now).first()
    # Keep the answer no longer than until the current alert ends or the next one starts.
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
    timeout = max(1, int((min(boundaries) - now).total_seconds()))
    cache.set(ALERT_CACHE_KEY, {"alert": alert}, timeout)
    return alert


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
    """Drop the cached alert, so the next visitor reads the one to show now."""
    cache.delete(ALERT_CACHE_KEY)


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
