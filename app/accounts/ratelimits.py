"""Rate limits of pages that check an e-mailed link when they are opened."""

from collections.abc import Callable

from allauth.core.internal import ratelimit as allauth_ratelimit
from django.http import HttpRequest

from app.core.errors import ApplicationError, too_many_attempts

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


def link_refusal(request: HttpRequest, *, check: Callable[[], object]) -> ApplicationError | None:
    """Why a page's link cannot be used, checked as the page opens: too many links checked
    by this visitor lately, or the link's own refusal (what `check` raises); None when it
    can be used. The page shows the reason instead of its form: the refusal is its
    content, not an error answer (docs/behaviour.md#link-refusals)."""
    try:
        link_check_rate_limit(request)
        check()
    except ApplicationError as refused:
        return refused
    return None
