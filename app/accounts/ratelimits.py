"""Rate limits of pages that check an e-mailed link when they are opened."""

from allauth.core.internal import ratelimit as allauth_ratelimit
from django.http import HttpRequest

from app.core.errors import too_many_attempts

LINK_CHECK = "link_check"


def link_check_rate_limit(request: HttpRequest) -> None:
    """Count one link checked by this visitor (ACCOUNT_RATE_LIMITS "link_check", per IP);
    raises ApplicationError (429, "rate_limited") once the limit is used up.

    allauth's public consume() never limits a GET, but the pages of reset and restore
    links say on a GET whether a link is valid, so guessing links through them must be
    limited too; hence allauth's own limiter with limit_get."""
    allowed = allauth_ratelimit.consume(
        request, app="allauth.account", action=LINK_CHECK, limit_get=True
    )
    if allowed is None:
        raise too_many_attempts()
