"""Reads of the shell: the active alert (cached), site pages, notifications."""

from datetime import timedelta

from django.core.cache import cache
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import get_language

from app.accounts.models import User
from app.shell.models import Alert, Notification, SitePage

ALERT_CACHE_KEY = "shell:active-alert"
ALERT_CACHE_SECONDS = 60


def active_alert() -> Alert | None:
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


def forget_active_alert() -> None:
    cache.delete(ALERT_CACHE_KEY)


def site_page(*, slug: str) -> SitePage | None:
    return SitePage.objects.filter(slug=slug).first()


def site_page_title(page: SitePage) -> str:
    return page.title_en if get_language() == "en" else page.title_pl


def site_page_body(page: SitePage) -> str:
    return page.body_en if get_language() == "en" else page.body_pl


def unread_notification_count(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def recent_notifications(*, user: User, limit: int = 20) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user).order_by("-created_at")[:limit]
