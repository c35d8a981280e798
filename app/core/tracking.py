"""The tag manager's and the session recorder's part of every page's head.

Consent Mode v2 defaults deny everything before the tag manager's script loads; a choice
the visitor already made (django-cookie-consent's cookie) follows at once, so tags the
visitor accepted run on the first page. Later choices are sent by the browser
(`frontend/tracking/`).
"""

import json
from collections.abc import Collection

from cookie_consent.models import CookieGroup
from cookie_consent.util import get_accepted_cookie_groups, get_cookie_dict_from_request
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csp import get_nonce
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

CONSENT_DENIED = {
    "ad_storage": "denied",
    "ad_user_data": "denied",
    "ad_personalization": "denied",
    "analytics_storage": "denied",
}
# Which Consent Mode signals each purpose (cookie group) grants.
SIGNALS_OF_PURPOSE = {
    "marketing": ("analytics_storage",),
    "advertising": ("ad_storage", "ad_user_data", "ad_personalization"),
}
CONSENT_EVENT = "consent_update"


def consent_update(groups: Collection[CookieGroup]) -> dict[str, str]:
    accepted = {group.varname for group in groups}
    return {
        signal: "granted"
        if any(signal in SIGNALS_OF_PURPOSE.get(v, ()) for v in accepted)
        else "denied"
        for signal in CONSENT_DENIED
    }


def _inline_json(value: object) -> str:
    # JSON inside <script>: "<" escaped so no value can close the element.
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def tracking_head(request: HttpRequest) -> SafeString:
    """The head markup for this request (its CSP nonce and consent cookie): never cached."""
    container_id = settings.GTM_CONTAINER_ID
    recorder = bool(settings.OPENREPLAY_PROJECT_KEY and settings.OPENREPLAY_INGEST_URL)
    if not container_id and not recorder:
        return mark_safe("")
    nonce = get_nonce(request)
    # Read here: the policy names the nonce only once something has used it.
    context: dict[str, object] = {
        "container_id": container_id,
        "nonce": "" if nonce is None else str(nonce),
    }
    if container_id:
        context["defaults"] = _inline_json(CONSENT_DENIED)
        # Reading the groups costs a cache hit; visitors without a choice skip it.
        groups = (
            get_accepted_cookie_groups(request) if get_cookie_dict_from_request(request) else []
        )
        if groups:
            services = sorted(
                {cookie.name for group in groups for cookie in group.cookie_set.all()}
            )
            context["update"] = _inline_json(consent_update(groups))
            context["event"] = _inline_json({"event": CONSENT_EVENT, "consent_services": services})
    if recorder:
        context["recorder"] = {
            "project_key": settings.OPENREPLAY_PROJECT_KEY,
            "ingest_url": settings.OPENREPLAY_INGEST_URL,
        }
    return mark_safe(render_to_string("tracking/head.html", context))  # noqa: S308


def tag_manager_noscript() -> SafeString:
    """The tag manager's iframe for browsers without JavaScript (same on every page)."""
    if not settings.GTM_CONTAINER_ID:
        return mark_safe("")
    return mark_safe(  # noqa: S308
        render_to_string("tracking/noscript.html", {"container_id": settings.GTM_CONTAINER_ID})
    )
