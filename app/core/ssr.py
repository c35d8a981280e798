"""A page's first HTML from the Inertia SSR process (frontend/ssr.tsx), never at the cost
of the page: when the process is down, slow, fails on the page or answers anything but a
rendered page, the page goes out as before and the browser renders it, and the reason is
logged once for that response, with the page name."""

import hashlib
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import urllib3
from django.conf import settings

from app.core.memory_lru import MemoryLru
from app.core.single_flight import SingleFlight

logger = logging.getLogger(__name__)

# Rendered pages are kept by the hash of their page JSON, within this many bytes of HTML
# per process, the least recently used going first.
CACHE_BYTES = 32 * 1024 * 1024
_BODY_START = '<script data-page="app" type="application/json">'
_APP_ROOT = '<div data-server-rendered="true" id="app">'


@dataclass(frozen=True)
class RenderedPage:
    # Encoded once, when rendered: a page is put together as bytes (app/core/inertia.py).
    head: bytes
    body: bytes
    # How long the SSR process took, for the benchmark; 0 when it came from the cache. A
    # request that waited for another's render of the same page reports that render's.
    seconds: float = 0.0


class _Unusable(Exception):
    """The SSR process answered, but not with a page."""


def _size(page: RenderedPage) -> int:
    return len(page.head) + len(page.body)


_cache: MemoryLru[str, RenderedPage] = MemoryLru(budget=CACHE_BYTES, size_of=_size)
# Pages being rendered by a request of this process, by cache key. A page many visitors
# open at once (the login page after a deploy, a team page its managers open together) is
# sent to the SSR process once: the process renders one page at a time, so every copy
# would make the others later, past the timeout under load, and none of them kept.
_renders: SingleFlight[RenderedPage | None] = SingleFlight()
_pools: dict[str, urllib3.HTTPConnectionPool] = {}
# After a refused connection the process is taken as down for a moment: pages do not each
# wait for it, and the outage is logged once rather than once per page.
_down_until = 0.0


def _pool(url: str) -> urllib3.HTTPConnectionPool:
    pool = _pools.get(url)
    if pool is None:
        parts = urlsplit(url)
        pool = urllib3.HTTPConnectionPool(
            parts.hostname or "127.0.0.1", parts.port or 80, maxsize=16, block=False
        )
        _pools[url] = pool
    return pool


def _cache_key(identity: Sequence[bytes]) -> str:
    # The page JSON holds the component, props, URL, language and asset version: the same
    # JSON always renders to the same HTML. Its identity (PageResponse.identity) is the
    # JSON, or what stands for it one to one.
    key = hashlib.sha256(f"{settings.INERTIA_VERSION}\0".encode())
    for part in identity:
        key.update(part)
    return key.hexdigest()


def cache_clear() -> None:
    global _down_until
    _cache.clear()
    _down_until = 0.0


def _parse(raw: bytes) -> RenderedPage:
    try:
        answer = json.loads(raw)
    except ValueError as error:
        raise _Unusable("the answer is not JSON") from error
    head = answer.get("head") if isinstance(answer, dict) else None
    body = answer.get("body") if isinstance(answer, dict) else None
    if not isinstance(head, list) or not all(isinstance(tag, str) for tag in head):
        raise _Unusable("the answer has no list of head tags")
    if not isinstance(body, str) or not body.startswith(_BODY_START) or _APP_ROOT not in body:
        raise _Unusable("the answer has no rendered page")
    if not any(tag.startswith("<title") for tag in head):
        head = ["<title>Platforma</title>", *head]
    try:
        return RenderedPage(head="".join(head).encode(), body=body.encode())
    except UnicodeEncodeError as error:
        # A lone surrogate (JSON may escape one): no page can be written with it.
        raise _Unusable("the answer is not text") from error


def _failure(response: urllib3.BaseHTTPResponse) -> str:
    try:
        return str(json.loads(response.data).get("error") or response.status)
    except (ValueError, AttributeError):
        return f"status {response.status}"


def page_render(
    *, component: str, page_json: bytes, reusable: bool, identity: Sequence[bytes] = ()
) -> RenderedPage | None:
    """The page rendered by the SSR process, or None when the browser must render it.

    `reusable`: the page may be shown again as it is (no flash message, no form errors), so
    its HTML is kept and reused for the next request with the same page JSON. The key is the
    whole JSON (`identity`, when given, stands for it one to one): an anonymous page is
    reused for every visitor of it, an account's page only when the same account sees the
    very same data again (another account's page JSON always differs, if only by the name
    in its menu)."""
    if not settings.SSR_ENABLED:
        return None
    if not reusable:
        return _rendered(component=component, page_json=page_json)
    key = _cache_key(identity or (page_json,))
    cached = _cache.get(key)
    if cached is not None:
        return cached
    # A request of this process rendering the very same page already is waited for (at
    # most what a page waits for the SSR process), not sent again.
    return _renders.run(
        key,
        lambda: _rendered_and_kept(key, component=component, page_json=page_json),
        wait=settings.SSR_TIMEOUT_SECONDS,
    )


def _rendered_and_kept(key: str, *, component: str, page_json: bytes) -> RenderedPage | None:
    kept = _cache.get(key)
    if kept is not None:
        # Rendered and kept by a request that ended just before this one's turn.
        return kept
    rendered = _rendered(component=component, page_json=page_json)
    if rendered is not None:
        _cache.put(key, RenderedPage(rendered.head, rendered.body))
    return rendered


def _rendered(*, component: str, page_json: bytes) -> RenderedPage | None:
    """The page as the SSR process renders it, or None (the reason logged)."""
    global _down_until
    if time.monotonic() < _down_until:
        logger.debug("SSR skipped for %s: the SSR process was unreachable", component)
        return None
    timeout = settings.SSR_TIMEOUT_SECONDS
    started = time.perf_counter()
    try:
        # Each wait (connecting, each read) is capped: a slow process costs the page at
        # most about the timeout before the browser renders it.
        response = _pool(settings.SSR_URL).urlopen(
            "POST",
            "/render",
            body=page_json,
            headers={"Content-Type": "application/json"},
            timeout=urllib3.Timeout(connect=timeout, read=timeout),
            retries=False,
        )
    except urllib3.exceptions.HTTPError as error:
        # (A refused connection is a NewConnectionError, itself a kind of TimeoutError.)
        if isinstance(error, urllib3.exceptions.TimeoutError) and not isinstance(
            error, urllib3.exceptions.NewConnectionError
        ):
            logger.warning("SSR of %s took over %s s; rendered in the browser", component, timeout)
            return None
        _down_until = time.monotonic() + settings.SSR_RETRY_SECONDS
        logger.warning(
            "SSR of %s failed (process unreachable: %s); rendered in the browser",
            component,
            type(error).__name__,
        )
        return None
    if response.status != 200:
        logger.warning(
            "SSR of %s failed: %s; rendered in the browser", component, _failure(response)
        )
        return None
    try:
        rendered = _parse(response.data)
    except _Unusable as error:
        logger.warning("SSR of %s unusable: %s; rendered in the browser", component, error)
        return None
    return RenderedPage(rendered.head, rendered.body, time.perf_counter() - started)
