"""What the pages of e-mailed links share: a refused link is the page's own content."""

from collections.abc import Callable

from django.http import HttpRequest

from app.accounts.ratelimits import link_check_rate_limit
from app.core.errors import ApplicationError


def link_refusal(request: HttpRequest, *, check: Callable[[], object]) -> ApplicationError | None:
    """Why the page's link cannot be used, checked as the page opens: too many links
    checked by this visitor lately, or the link's own refusal; None when it can be used.

    The page shows the reason instead of its form (docs/behaviour.md#link-refusals), so the
    refusal is its content here, not an error answer."""
    try:
        link_check_rate_limit(request)
        check()
    except ApplicationError as refused:
        return refused
    return None


def link_page_status(refusal: ApplicationError | None) -> int:
    """The page's status: 429 when the visitor checked too many links, else 200 (a used
    or expired link is what the page says, not a failure of the request)."""
    return 429 if refusal is not None and refusal.status == 429 else 200


def refusal_message(refusal: ApplicationError | None) -> str | None:
    return refusal.message if refusal is not None else None
