"""Rate limits and quotas: every limit of the platform is counted here, one way
(docs/behaviour.md#limits lists them and why).

A rate reads as in settings.RATE_LIMITS: "10/m/ip,5/5m/key,30/h/user" — an amount per
period (s, m, h, d, optionally with a count: "5m") per client address, per account or
per key (an e-mail address, a team). Each rate is counted in fixed windows of its period
in the shared cache, atomically (Redis in production, in one round trip for all the rates
of a check); a refusal's Retry-After is exactly the time until the full window ends.

An attempt is counted *before* the action is done, so parallel requests cannot all pass a
check made before any of them was counted; what should not count (a guess at a secret
that found what it sought) is given back with `Counted.refund()`.

A limit that cannot be counted (Redis away) refuses the action: the cache raises
CacheUnavailable, which the platform answers with 503.

allauth's limiter is not used: its public `consume` never limits a GET, cannot give an
attempt back and says nothing of the time left, and its internals may change in any
release (RATE_LIMITS = False switches it off, so nothing is counted twice).
"""

import hashlib
import math
import re
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from typing import TYPE_CHECKING, Any, Literal

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from app.core.errors import ApplicationError, default_message
from app.core.models import LimitEvent
from app.core.requests import client_address
from app.core.services import limit_event_record

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

Per = Literal["ip", "user", "key"]
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_RATE = re.compile(r"^(\d+)/(\d*)([smhd])/(ip|user|key)$")
# Counter keys start so (app/core/redis_cache.py refuses to treat them as mere copies).
KEY_PREFIX = "rl:"


@dataclass(frozen=True)
class Rate:
    amount: int
    seconds: int
    per: Per


@lru_cache(maxsize=256)
def parse_rates(spec: str) -> tuple[Rate, ...]:
    """The rates of a spec like "10/m/ip,5/5m/key"; raises ValueError on a malformed one."""
    rates = []
    for part in filter(None, (item.strip() for item in spec.split(","))):
        found = _RATE.match(part)
        if found is None:
            raise ValueError(f"Malformed rate: {part!r}")
        amount, count, unit, per = found.groups()
        rates.append(Rate(int(amount), int(count or 1) * _PERIODS[unit], per))  # type: ignore[arg-type]
    return tuple(rates)


def rates_of(action: str) -> tuple[Rate, ...]:
    return parse_rates(settings.RATE_LIMITS.get(action, ""))


@dataclass(frozen=True)
class Client:
    """Who is asking, as the limits count them: the address the request came from (behind
    the trusted proxies, app/core/requests.py) and the account, if logged in."""

    address: str
    user_id: int | None = None


def client_of(request: HttpRequest) -> Client:
    """The request's Client, resolved once per request."""
    found = getattr(request, "_platforma_client", None)
    if found is None:
        user = getattr(request, "user", None)
        user_id = user.pk if user is not None and user.is_authenticated else None
        found = Client(address=client_address(request), user_id=user_id)
        request._platforma_client = found  # type: ignore[attr-defined]
    return found


def _identity(rate: Rate, client: Client, key: str | None) -> str | None:
    if rate.per == "ip":
        return client.address or None
    if rate.per == "user":
        return str(client.user_id) if client.user_id is not None else None
    if key is None:
        return None
    return hashlib.sha256(key.strip().lower().encode()).hexdigest()[:32]


@dataclass(frozen=True)
class _Slot:
    rate: Rate
    key: str
    ttl: int  # seconds until the window ends


def _slots(action: str, rates: Sequence[Rate], client: Client, key: str | None) -> list[_Slot]:
    now = time.time()
    slots = []
    for rate in rates:
        identity = _identity(rate, client, key)
        if identity is None:
            # A per-account rate of a visitor without one, or a per-key rate without a key.
            continue
        window = int(now // rate.seconds)
        ends = (window + 1) * rate.seconds
        slots.append(
            _Slot(
                rate,
                f"{KEY_PREFIX}{action}:{rate.per}:{identity}:{rate.seconds}:{window}",
                max(1, math.ceil(ends - now)),
            )
        )
    return slots


_local_lock = threading.Lock()


def counters_add(
    items: Sequence[tuple[str, int, int]], *, kept_alive: Collection[str] = ()
) -> list[int]:
    """Add each (key, amount, ttl) to its counter and return the new values. A counter is
    created with its ttl when missing, never goes below zero (one given back after its
    window ran out starts the next one at zero), and, for the keys `kept_alive` (counts of
    things in progress, not windows), has its ttl started again by each addition. Redis does
    it in one round trip (app/core/redis_cache.py); a process's own cache (the embedded
    default) under a lock."""
    add_many = getattr(cache, "counters_add", None)
    if add_many is not None:
        return add_many(items, kept_alive=kept_alive)
    with _local_lock:
        values = []
        for key, amount, ttl in items:
            cache.add(key, 0, ttl)
            value = cache.incr(key, amount)
            if value < 0:
                value = cache.incr(key, -value)
            if key in kept_alive:
                cache.touch(key, ttl)
            values.append(value)
        return values


@dataclass
class Counted:
    """An attempt counted against a limit; `refund()` gives it back (once)."""

    _items: list[tuple[str, int, int]] = field(default_factory=list)

    def refund(self) -> None:
        items, self._items = self._items, []
        if items:
            counters_add([(key, -amount, ttl) for key, amount, ttl in items])


class RateLimited(ApplicationError):
    """An action over its limit: 429, with the seconds until it may be tried again."""

    def __init__(
        self, message: str, *, retry_after: int, fields: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message, code="rate_limited", status=429, fields=fields)
        self.retry_after = retry_after


def limit_count(
    *,
    action: str,
    client: Client,
    key: str | None = None,
    amount: int = 1,
    message: str | None = None,
    field: str | None = None,
) -> Counted:
    """Count `amount` attempts of `action` for `client` (and `key`) against every rate of
    settings.RATE_LIMITS[action]; raises RateLimited (429, its message under `field` on
    the form page when given) when one of them is used up, counting nothing then."""
    slots = _slots(action, rates_of(action), client, key)
    if not slots:
        return Counted()
    items = [(slot.key, amount, slot.ttl) for slot in slots]
    values = counters_add(items)
    full = [slot for slot, value in zip(slots, values, strict=True) if value > slot.rate.amount]
    if full:
        counters_add([(key_, -amount, ttl) for key_, amount, ttl in items])
        if client.user_id is not None:
            # Kept per account and day (never the address), for the institution's area.
            limit_event_record(user_id=client.user_id, kind=LimitEvent.Kind.REFUSED)
        text = message or default_message(429)
        raise RateLimited(
            text,
            retry_after=max(slot.ttl for slot in full),
            fields={field: text} if field else None,
        )
    return Counted(items)


def rate_limited(
    action: str,
    *,
    message: "StrOrPromise | None" = None,
    field: str | None = None,
    methods: Sequence[str] | None = None,
) -> Callable:
    """Count every request of a view or an API operation against `action` before it runs
    (whatever the method, or only `methods`), refused with 429 once the limit is used up:
    the one way limits apply at the edge, for Django views and ninja operations alike."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            if methods is None or request.method in methods:
                # A lazy message is translated now, in the request's language.
                text = str(message) if message is not None else None
                limit_count(action=action, client=client_of(request), message=text, field=field)
            return view(request, *args, **kwargs)

        return limited

    return decorate


@dataclass(frozen=True)
class QuotaUse:
    """`amount` units of the quota settings.RATE_LIMITS[action] (rates per account or per
    key only), of the account `user_id` or of `key`."""

    action: str
    amount: int
    user_id: int | None = None
    key: str | None = None


class QuotaExceeded(Exception):
    """A quota has fewer units left than asked for; `use` is the one, `left` how many,
    `retry_after` the seconds until the longest of the full windows ends (a 429's
    Retry-After, as limit_count's)."""

    def __init__(self, use: QuotaUse, left: int, *, retry_after: int) -> None:
        super().__init__(use.action)
        self.use = use
        self.left = left
        self.retry_after = retry_after


def quotas_consume(*, uses: Sequence[QuotaUse]) -> None:
    """Use every unit of `uses` at once, or none: raises QuotaExceeded (with the first use
    that does not fit, and how many units it had left) and changes nothing."""
    counted: list[tuple[QuotaUse, _Slot]] = []
    for use in uses:
        if use.amount <= 0:
            continue
        # A quota is per account or per key, never per address.
        client = Client(address="", user_id=use.user_id)
        rates = [rate for rate in rates_of(use.action) if rate.per != "ip"]
        counted += [(use, slot) for slot in _slots(use.action, rates, client, use.key)]
    if not counted:
        return
    items = [(slot.key, use.amount, slot.ttl) for use, slot in counted]
    values = counters_add(items)
    full = [
        (use, slot, value)
        for (use, slot), value in zip(counted, values, strict=True)
        if value > slot.rate.amount
    ]
    if full:
        counters_add([(key, -amount, ttl) for key, amount, ttl in items])
        use, slot, value = full[0]
        raise QuotaExceeded(
            use,
            max(slot.rate.amount - (value - use.amount), 0),
            retry_after=max(slot.ttl for _use, slot, _value in full),
        )
