"""Rate limits of pages that check an e-mailed link when they are opened."""

from allauth.core.internal import ratelimit as allauth_ratelimit
from django.http import HttpRequest

LINK_CHECK = "link_check"


def consume_link_check(request: HttpRequest) -> bool:
    """Whether this visitor may have one more link checked (ACCOUNT_RATE_LIMITS
    "link_check", per IP). allauth's public consume() never limits a GET, but the pages
    of reset and restore links say on a GET whether a link is valid, so guessing links
    through them must be limited too; hence allauth's own limiter with limit_get."""
    return (
        allauth_ratelimit.consume(request, app="allauth.account", action=LINK_CHECK, limit_get=True)
        is not None
    )
