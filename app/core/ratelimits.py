"""Limits on guessing secrets (voucher codes, the secrets of e-mailed links) and quotas of
costly actions, on top of `rate_limit` (app.core.errors).

A limit checked with a dry run and counted after the answer can be sidestepped: parallel
requests all pass the check before any of them is counted, and a path that answers
without counting (a GET that shows whether a link is valid) is free. So every path that
tells whether a secret exists counts one guess *before* looking, GET included, against
the one limit of that kind of secret; a guess that found something is taken back, so
only misses use the limit up.
"""

from collections.abc import Mapping
from typing import Any

from allauth.core.internal import ratelimit as allauth_ratelimit
from allauth.core.internal.ratelimit import RateLimitUsage
from django.conf import settings
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
