"""The Content-Security-Policy's tracking hosts, worked out once from the settings."""

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from django.utils.csp import CSP

TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def with_tracking_hosts(
    policy: Mapping[str, Any], *, tag_manager: bool, recorder_ingest_url: str
) -> dict[str, Any]:
    """`policy` admitting exactly the tag manager (when configured) and the recorder's
    ingest host (when configured): one host each, never a wildcard."""
    extra: dict[str, list[str]] = {}
    if tag_manager:
        # gtm.js itself, its noscript iframe and pixel, and its preview/debug calls.
        for directive in ("script-src", "img-src", "frame-src", "connect-src"):
            extra.setdefault(directive, []).append(TAG_MANAGER_ORIGIN)
    ingest = origin_of(recorder_ingest_url)
    if ingest:
        extra.setdefault("connect-src", []).append(ingest)
        # The recorder compresses and sends from a worker it creates from a blob.
        extra.setdefault("worker-src", []).append("blob:")
    merged = {directive: list(sources) for directive, sources in policy.items()}
    for directive, sources in extra.items():
        # A directive the policy lacks fell back to default-src: it starts from there, so
        # admitting a host never shuts out the site itself.
        merged.setdefault(directive, list(policy.get("default-src", [CSP.SELF])))
        merged[directive] += [source for source in sources if source not in merged[directive]]
    return merged
