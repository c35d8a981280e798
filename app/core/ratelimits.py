"""Limits on guessing secrets (voucher codes, the secrets of e-mailed links) and quotas of
costly actions, on top of `rate_limit` (app.core.errors).

Quotas count what an action does, not the requests that ask for it: one request that
e-mails 200 people uses 200 units (quotas_consume).

A limit checked with a dry run and counted after the answer can be sidestepped: parallel
requests all pass the check before any of them is counted, and a path that answers
without counting (a GET that shows whether a link is valid) is free. So every path that
tells whether a secret exists counts one guess *before* looking, GET included, against
the one limit of that kind of secret; a guess that found something is taken back, so
only misses use the limit up.
"""

import time
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from allauth.core.internal import ratelimit as allauth_ratelimit
from allauth.core.internal.ratelimit import RateLimitUsage, cache_lock, get_cache_key
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from app.core.errors import ApplicationError, too_many_attempts


class GuessAttempt:
    """One counted guess; `refund()` takes it back once the guess found what it sought."""

    def __init__(self, usage: RateLimitUsage) -> None:
        self._usage = usage

    def refund(self) -> None:
        self._usage.rollback()


def guess_attempt(
    request: HttpRequest,
    *,
    action: str,
    message: str | None = None,
    fields: Mapping[str, str] | None = None,
) -> GuessAttempt:
    """Count one guess at a secret against settings.ACCOUNT_RATE_LIMITS[action] (per
    account when logged in, per IP always), before the secret is looked up and whatever
    the method; raises ApplicationError (429, "rate_limited"; `fields` on the form page)
    once the guesses are used up."""
    user: Any = request.user if request.user.is_authenticated else None
    rates = settings.ACCOUNT_RATE_LIMITS.get(action, "")
    if user is None:
        # A visitor without an account is counted by address only.
        rates = ",".join(rate for rate in rates.split(",") if not rate.endswith("/user"))
    usage = allauth_ratelimit.consume(
        request,
        app="allauth.account",
        action=action,
        config={action: rates},
        user=user,
        limit_get=True,
    )
    if usage is None:
        if fields:
            text = message or next(iter(fields.values()))
            raise ApplicationError(text, code="rate_limited", status=429, fields=fields)
        raise too_many_attempts(message)
    return GuessAttempt(usage)


@dataclass(frozen=True)
class QuotaUse:
    """`amount` units of the quota settings.ACCOUNT_RATE_LIMITS[action] (rates per user
    or per key only), of `user` or of `key`."""

    action: str
    amount: int
    user: Any = None
    key: str | None = None


class QuotaExceeded(Exception):
    """A quota has fewer units left than asked for; `use` is the one, `left` how many."""

    def __init__(self, use: QuotaUse, left: int) -> None:
        super().__init__(use.action)
        self.use = use
        self.left = left


def quotas_consume(*, uses: Sequence[QuotaUse]) -> None:
    """Use every unit of `uses` at once, or none: raises QuotaExceeded (with the first use
    that does not fit) and changes nothing. Counted like allauth's limits, in the same
    cache entries, so a plain rate_limit of the same action shares them."""
    slots = []
    for use in uses:
        if use.amount <= 0:
            continue
        for rate in allauth_ratelimit.get_rates(
            app="allauth.account", action=use.action, config=settings.ACCOUNT_RATE_LIMITS
        ):
            # No request: a quota is per account or per key, never per address.
            cache_key = get_cache_key(
                None,  # type: ignore[arg-type]
                app="allauth.account",
                action=use.action,
                rate=rate,
                key=use.key,
                user=use.user,
            )
            slots.append((use, rate, cache_key))
    with ExitStack() as locks:
        for cache_key in sorted({slot[2] for slot in slots}):
            if not locks.enter_context(cache_lock(cache_key)):
                raise QuotaExceeded(slots[0][0], 0)
        now = time.time()
        histories: dict[str, list[float]] = {}
        for use, rate, cache_key in slots:
            history = histories.get(cache_key)
            if history is None:
                history = [t for t in cache.get(cache_key, []) if t > now - rate.duration]
            left = rate.amount - len(history)
            if use.amount > left:
                raise QuotaExceeded(use, max(left, 0))
            histories[cache_key] = [now] * use.amount + history
        for _use, rate, cache_key in slots:
            cache.set(cache_key, histories[cache_key], rate.duration)
