"""The tags that put the tag manager and the session recorder on the page."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from app.core import tracking

register = template.Library()

# The layout rendered without a request (cached per language by app.core.inertia) gets
# this slot, filled per request: a nonce or a consent cookie must never be cached.
REQUEST_HEAD_SLOT = "\x00platforma-request-head\x00"


@register.simple_tag(takes_context=True)
def tracking_head(context) -> SafeString:
    request = context.get("request")
    if request is None:
        return mark_safe(REQUEST_HEAD_SLOT)  # noqa: S308
    return tracking.tracking_head(request)


@register.simple_tag
def tag_manager_noscript() -> SafeString:
    return tracking.tag_manager_noscript()
