"""What the pages of e-mailed links share: a refused link is the page's own content
(app.accounts.ratelimits.link_refusal says why)."""

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse

from app.core.errors import ApplicationError
from app.core.inertia import render_page


def link_page(
    request: HttpRequest,
    component: str,
    props: Mapping[str, Any],
    refusal: ApplicationError | None,
) -> HttpResponse:
    """An e-mailed link's page, refused or not: 429 with the real seconds left in
    Retry-After when the visitor checked too many links (the limit's `retry_after`), else
    200 (a used or expired link is what the page says, not a failure of the request)."""
    limited = refusal is not None and refusal.status == 429
    response = render_page(request, component, props, status=429 if limited else 200)
    if limited and refusal is not None and refusal.retry_after:
        response["Retry-After"] = str(refusal.retry_after)
    return response


def refusal_message(refusal: ApplicationError | None) -> str | None:
    return refusal.message if refusal is not None else None
