"""Failed logins: who gets blocked, who gets slowed down, and when the owner is told.

allauth counts failed logins per address ("login_failed" …/key in ACCOUNT_RATE_LIMITS)
and then refuses that address to everyone: anyone who knows an e-mail could lock its
owner (an admin too) out, on /login and /thehero_piwnica alike. Here:
- blocking counts failures per (address, client): the client hammering an address is
  refused, the owner from their own network still gets in (and a session link always
  does, it never asks for a password);
- failures of an address from all clients together only slow its logins down: a growing
  delay before the password is checked, and the answer still comes;
- once an address collects ACCOUNT_LOGIN_SLOWDOWN["alert"] failures, its owner gets an
  e-mail, at most once an hour.
The counters live in the cache, which production shares between processes (the deploy
check platforma.E001 refuses it otherwise).
"""

import hashlib
import time
from datetime import timedelta

from allauth.core.internal.ratelimit import get_ip
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from app.accounts.models import User
from app.core.models import EmailOutbox
from app.core.tasks import send_email

ALERT_TEMPLATE = "login_attempts"
ALERT_INTERVAL = timedelta(hours=1)
# Replaced in tests, which measure the delays instead of waiting them out.
sleep = time.sleep


def _address_key(email: str, suffix: str) -> str:
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    return f"platforma:login-{suffix}:{digest}"


def client_scoped_key(request: HttpRequest, address_key: str) -> str:
    """allauth's per-address key of failed logins, narrowed to the client asking."""
    return f"{address_key}:{get_ip(request)}"


def address_failures(*, email: str) -> int:
    """Failed logins of `email` from every client within the slow-down window."""
    return int(cache.get(_address_key(email, "failures"), 0))


def login_delay(*, failures: int) -> float:
    """Seconds a login of an address with `failures` recent failures waits: none for the
    first few, then doubling up to the ceiling (ACCOUNT_LOGIN_SLOWDOWN)."""
    rules = settings.ACCOUNT_LOGIN_SLOWDOWN
    over = failures - rules["free"]
    if over <= 0:
        return 0.0
    return float(min(rules["max"], rules["base"] * 2 ** (over - 1)))


def login_slow_down(*, email: str) -> float:
    """Wait before checking a password of `email`, as long as its failures ask; returns
    the seconds waited."""
    delay = login_delay(failures=address_failures(email=email))
    if delay:
        sleep(delay)
    return delay


def login_failure_record(*, email: str) -> int:
    """Count one failed login of `email` (from any client) and tell the owner once the
    address is being hammered; returns the failures within the window."""
    rules = settings.ACCOUNT_LOGIN_SLOWDOWN
    key = _address_key(email, "failures")
    # The window starts at the first failure; incr is atomic in Redis.
    cache.add(key, 0, timeout=rules["window"])
    try:
        failures = cache.incr(key)
    except ValueError:
        # The window closed between the two calls.
        cache.set(key, 1, timeout=rules["window"])
        failures = 1
    if failures >= rules["alert"]:
        _alert_owner(email=email, failures=failures)
    return failures


def _alert_owner(*, email: str, failures: int) -> None:
    # The cache answers most repeats; the outbox (the record of e-mails) holds the hour
    # even without it.
    if not cache.add(_address_key(email, "alert"), 1, timeout=int(ALERT_INTERVAL.total_seconds())):
        return
    user = User.objects.filter(email__iexact=email.strip(), is_active=True).first()
    if user is None:
        return
    now = timezone.now()
    recent = EmailOutbox.objects.filter(
        template=ALERT_TEMPLATE, to=user.email, created_at__gte=now - ALERT_INTERVAL
    )
    if recent.exists():
        return
    key = f"{ALERT_TEMPLATE}:{user.pk}:{int(now.timestamp())}"
    # Its outbox row is written now, not when the task runs: the next failure already
    # sees the hour taken.
    send_email(
        template=ALERT_TEMPLATE,
        to=user.email,
        language=user.language,
        context={
            "first_name": user.shown_first_name,
            "failures": failures,
            "minutes": settings.ACCOUNT_LOGIN_SLOWDOWN["window"] // 60,
            "reminder_url": f"{settings.SITE_URL}{reverse('accounts:password_reminder')}",
        },
        key=key,
    )
