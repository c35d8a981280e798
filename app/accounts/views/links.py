"""What the pages of e-mailed links share: a refused link is the page's own content
(app.accounts.ratelimits.link_refusal says why)."""

from app.core.errors import ApplicationError


def link_page_status(refusal: ApplicationError | None) -> int:
    """The page's status: 429 when the visitor checked too many links, else 200 (a used
    or expired link is what the page says, not a failure of the request)."""
    return 429 if refusal is not None and refusal.status == 429 else 200


def refusal_message(refusal: ApplicationError | None) -> str | None:
    return refusal.message if refusal is not None else None
