"""Failed logins: who is refused, who is slowed down, and when the owner is told
(docs/behaviour.md#failed-logins; SECURITY.md states the rates).

Successful logins are never counted against anyone: a classroom behind one school
address logs in together. Failures are counted where the harm is:
- **one account from one client address** ("login_failed", 5 per 5 minutes): the guess is
  counted before the password is checked and given back when it was right; once used up,
  that address is refused for that account (429, the real seconds left), on /login,
  /thehero_piwnica and the app's API alike. Its owner elsewhere still gets in (and a
  session link never asks for a password), so nobody can lock anyone out;
- **one account from everywhere** (ACCOUNT_LOGIN_SLOWDOWN): after a few failures each
  login of the account waits a little before its password is checked (a guessing spread
  over many addresses is slowed, the owner still gets in), and at "alert" failures the
  owner gets an e-mail, at most once an hour;
- **one client address, whatever the account** (LOGIN_ADDRESS_SLOWDOWN): credential
  stuffing from one address (many accounts, a guess or two each) gets "free" failures in
  a window (more than a classroom's typos), and "per_success" more for every account
  that logged in from the address in the window (a school's classes add up; an attacker
  logs in to few); every further failure is answered only after a delay doubling up to
  "max" seconds, and while the address is that slow at most "in_flight" of its attempts
  are handled at once (the rest are refused at once, 429), so one address gets at most
  in_flight / max guesses a second. A right password is never delayed by it, and a
  browser that has logged in to the account before (app/accounts/known_devices.py) is
  never held up by it, whatever others at its address do.
The counters live in the shared cache (Redis: one round trip to begin an attempt, one to
end it); without it logins answer 503 (limits fail closed).
"""

import hashlib
import math
import time
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from app.accounts.models import User
from app.accounts.services.mail import account_email_send
from app.core.models import EmailOutbox, LimitEvent
from app.core.ratelimits import Client, Counted, RateLimited, counters_add, limit_count
from app.core.services import limit_event_record

ALERT_TEMPLATE = "login_attempts"
ALERT_INTERVAL = timedelta(hours=1)
# The count of an address's logins in flight lives this long after the last one began: far
# longer than any login takes (its delays are at most seconds).
IN_FLIGHT_TTL = 60
# Replaced in tests, which measure the delays instead of waiting them out.
sleep = time.sleep


def _digest(value: str) -> str:
    return hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]


def _window(seconds: int) -> tuple[int, int]:
    """The current window of `seconds` and the seconds until it ends."""
    now = time.time()
    index = int(now // seconds)
    return index, max(1, math.ceil((index + 1) * seconds - now))


def _account_failures_key(email: str) -> tuple[str, int]:
    window = int(settings.ACCOUNT_LOGIN_SLOWDOWN["window"])
    index, ttl = _window(window)
    return f"rl:login-account:{_digest(email)}:{index}", ttl


def _address_failures_key(address: str) -> tuple[str, int]:
    window = int(settings.LOGIN_ADDRESS_SLOWDOWN["window"])
    index, ttl = _window(window)
    return f"rl:login-address:{address}:{index}", ttl


def _address_logins_key(address: str) -> tuple[str, int]:
    window = int(settings.LOGIN_ADDRESS_SLOWDOWN["window"])
    index, ttl = _window(window)
    return f"rl:login-address-ok:{address}:{index}", ttl


def _account_logins_key(address: str, email: str) -> tuple[str, int]:
    window = int(settings.LOGIN_ADDRESS_SLOWDOWN["window"])
    index, ttl = _window(window)
    return f"rl:login-address-ok:{address}:{_digest(email)}:{index}", ttl


def _in_flight_key(address: str) -> str:
    return f"rl:login-in-flight:{address}"


def address_free_failures(*, logins: int) -> int:
    """The failures an address makes before it is slowed down, when `logins` different
    accounts logged in from it within the window."""
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    credit = min(int(rules["credit_max"]), int(rules["per_success"]) * max(0, logins))
    return int(rules["free"]) + credit


def doubling_delay(*, failures: int, free: int, base: float, ceiling: float) -> float:
    """Seconds to wait after `failures`: none for the first `free`, then `base` doubling
    with each further failure up to `ceiling`."""
    over = failures - free
    if over <= 0:
        return 0.0
    return float(min(ceiling, base * 2 ** (over - 1)))


def account_delay(*, failures: int) -> float:
    rules = settings.ACCOUNT_LOGIN_SLOWDOWN
    return doubling_delay(
        failures=failures, free=int(rules["free"]), base=rules["base"], ceiling=rules["max"]
    )


def address_delay(*, failures: int, free: int) -> float:
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    return doubling_delay(failures=failures, free=free, base=rules["base"], ceiling=rules["max"])


def _refused(message: str, *, retry_after: int, email: str) -> RateLimited:
    _record(email=email, kind=LimitEvent.Kind.REFUSED)
    return RateLimited(message, retry_after=retry_after)


def _record(*, email: str, kind: str) -> None:
    user_id = User.objects.filter(email__iexact=email.strip()).values_list("pk", flat=True).first()
    if user_id is not None:
        limit_event_record(user_id=user_id, kind=kind)


@dataclass
class LoginAttempt:
    """One login being checked: its guess counted for its account from its client address,
    and its place among the address's attempts in flight. End it with `succeeded()` or
    `failed()` (exactly one of them)."""

    client: Client
    email: str
    guess: Counted
    # A browser that logged in to the account before: not held up by the address.
    known_device: bool = False
    _ended: bool = field(default=False)

    def succeeded(self) -> None:
        """The password was right: the guess is given back, and the account counts among
        those that logged in from the address (each account once a window, however often
        it logs in)."""
        account_logins, ttl = _account_logins_key(self.client.address, self.email)
        if self._end(refund=True, counted=[(account_logins, 1, ttl)]) == [1]:
            logins_key, logins_ttl = _address_logins_key(self.client.address)
            counters_add([(logins_key, 1, logins_ttl)])

    def abandoned(self) -> None:
        """The check broke off (an error, not an answer): the guess is given back."""
        self._end(refund=True)

    def failed(self) -> float:
        """The password was wrong: counted for the account and the address; the answer is
        held back as long as the address's failures ask (and the owner told when the
        account is being hammered). Returns the seconds held back."""
        account_key, account_ttl = _account_failures_key(self.email)
        address_key, address_ttl = _address_failures_key(self.client.address)
        logins_key, logins_ttl = _address_logins_key(self.client.address)
        account_failures, address_failures, logins = counters_add(
            [
                (account_key, 1, account_ttl),
                (address_key, 1, address_ttl),
                (logins_key, 0, logins_ttl),
            ]
        )
        if account_failures >= settings.ACCOUNT_LOGIN_SLOWDOWN["alert"]:
            _alert_owner(email=self.email, failures=account_failures)
        delay = 0.0
        if not self.known_device:
            delay = address_delay(
                failures=address_failures, free=address_free_failures(logins=logins)
            )
        if delay:
            _record(email=self.email, kind=LimitEvent.Kind.SLOWED)
            sleep(delay)
        self._end(refund=False)
        return delay

    def _end(
        self, *, refund: bool, counted: list[tuple[str, int, int]] | None = None
    ) -> list[int] | None:
        """End the attempt once (None when it had ended): its place in flight given back,
        with `counted` in the same round trip; returns the new values of `counted`."""
        if self._ended:
            return None
        self._ended = True
        if refund:
            self.guess.refund()
        items = list(counted or [])
        if not self.known_device:
            items.append((_in_flight_key(self.client.address), -1, IN_FLIGHT_TTL))
        return counters_add(items)[: len(counted or [])] if items else []


def login_attempt_begin(*, client: Client, email: str, known_device: bool = False) -> LoginAttempt:
    """Count a login of `email` from `client` before its password is checked, and wait as
    long as the account's recent failures ask; raises RateLimited (429, nothing counted)
    when the account was guessed too often from this address, or when the address is
    being slowed down and already has its most attempts in flight (never for a
    `known_device`, a browser that logged in to the account before)."""
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    account_key, account_ttl = _account_failures_key(email)
    address_key, address_ttl = _address_failures_key(client.address)
    logins_key, logins_ttl = _address_logins_key(client.address)
    in_flight = _in_flight_key(client.address)
    account_failures, address_failures, logins, flying = counters_add(
        [
            (account_key, 0, account_ttl),
            (address_key, 0, address_ttl),
            (logins_key, 0, logins_ttl),
            (in_flight, 0 if known_device else 1, IN_FLIGHT_TTL),
        ],
        # Not a window: it lives as long as logins keep coming, longer than any of them.
        kept_alive={in_flight},
    )
    free = address_free_failures(logins=logins)
    if not known_device and address_failures >= free and flying > rules["in_flight"]:
        counters_add([(in_flight, -1, IN_FLIGHT_TTL)])
        raise _refused(
            _("Zbyt wiele nieudanych prób logowania z tego adresu. Spróbuj ponownie za chwilę."),
            retry_after=math.ceil(address_delay(failures=address_failures + 1, free=free)) or 1,
            email=email,
        )
    try:
        guess = limit_count(
            action="login_failed",
            client=client,
            key=f"{client.address}|{email.strip().lower()}",
            message=_("Zbyt wiele nieudanych prób logowania. Spróbuj ponownie później."),
        )
    except RateLimited:
        if not known_device:
            counters_add([(in_flight, -1, IN_FLIGHT_TTL)])
        _record(email=email, kind=LimitEvent.Kind.REFUSED)
        raise
    delay = account_delay(failures=account_failures)
    if delay:
        sleep(delay)
    return LoginAttempt(client=client, email=email, guess=guess, known_device=known_device)


def account_failures(*, email: str) -> int:
    """Failed logins of the account `email` from every address within the window."""
    key, _ttl = _account_failures_key(email)
    return int(cache.get(key, 0))


def _alert_owner(*, email: str, failures: int) -> None:
    # The cache answers most repeats; the outbox holds the hour even without it.
    if not cache.add(
        f"rl:login-alert:{_digest(email)}", 1, timeout=int(ALERT_INTERVAL.total_seconds())
    ):
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
    account_email_send(
        user=user,
        template=ALERT_TEMPLATE,
        context={
            "failures": failures,
            "minutes": settings.ACCOUNT_LOGIN_SLOWDOWN["window"] // 60,
            "reminder_url": f"{settings.SITE_URL}{reverse('accounts:password_reminder')}",
        },
        key=f"{ALERT_TEMPLATE}:{user.pk}:{int(now.timestamp())}",
    )
