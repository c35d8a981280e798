"""The tags that load the frontend build into the Inertia layout."""

import logging
import re
from functools import cache

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django_vite.core.asset_loader import DjangoViteAssetLoader

from app.core.compression import gzip_segment_register
from app.core.inline_style import ENTRY, entry_stylesheets

register = template.Library()
# The layout's context variable saying the page links the stylesheet instead of carrying it.
STYLESHEET_LINKED = "stylesheet_linked"
logger = logging.getLogger(__name__)


@cache
def _built_entry_tags(linked: bool) -> SafeString:
    # A build's manifest does not change while the process runs, so its tags are computed
    # once: django-vite would otherwise re-derive them on every page (~150 µs). Every
    # visitor's first load carries them, the stylesheet written in: compressed once too (an
    # account's, which link it, are a few hundred bytes: not worth keeping compressed).
    tags = _entry_tags(linked=linked)
    if not linked:
        gzip_segment_register("frontend entry", tags.encode())
    return tags


def _entry_tags(*, linked: bool) -> SafeString:
    loader = DjangoViteAssetLoader.instance()
    stylesheets = entry_stylesheets(settings.VITE_MANIFEST)
    if stylesheets:
        # With the stylesheet in the page (or in the browser's cache), the first paint
        # needs nothing else: the scripts (React taking over the server's HTML) are fetched
        # at once, at low priority, so the paint never waits on them
        # (app/core/inline_style.py).
        tags = loader.generate_vite_asset(ENTRY, fetchpriority="low")
        found = (
            _stylesheets_linked(tags, stylesheets)
            if linked
            else _stylesheets_written_in(tags, stylesheets)
        )
        if found is not None:
            return mark_safe(found)  # noqa: S308
        # django-vite puts the attribute on every tag it writes, links included: a
        # stylesheet left linked must not come at low priority.
        logger.warning(
            "A stylesheet of the build could not be %s",
            "linked at its priority" if linked else "written into the page",
        )
    return mark_safe(loader.generate_vite_asset(ENTRY))  # noqa: S308


def _stylesheet_links(tags: str, stylesheets: dict[str, str]) -> list[re.Match[str]] | None:
    """django-vite's link to each stylesheet, in the order of `stylesheets`; None when one
    is not found, or when the tags link a stylesheet besides them (test_inline_style.py
    fails if django-vite's link changes)."""
    links = []
    for file in stylesheets:
        href = re.escape(static(f"dist/{file}"))
        link = re.search(rf'<link\b[^>]*\brel="stylesheet"[^>]*\bhref="{href}"[^>]*>', tags)
        if link is None:
            return None
        links.append(link)
    if tags.count('rel="stylesheet"') != len(links):
        return None
    return links


def _stylesheets_written_in(tags: str, stylesheets: dict[str, str]) -> str | None:
    """django-vite's tags with each stylesheet's link replaced by its text, followed by a
    prefetch of the file: pages of a logged-in account link it (`_stylesheets_linked`),
    and find it in the browser's cache. None when a stylesheet would stay linked."""
    links = _stylesheet_links(tags, stylesheets)
    if links is None:
        return None
    # Replaced from the last in the tags to the first: the earlier ones stay where found.
    replaced = zip(links, stylesheets.values(), strict=True)
    for link, text in sorted(replaced, key=lambda pair: pair[0].start(), reverse=True):
        tags = f"{tags[: link.start()]}<style>{text}</style>{tags[link.end() :]}"
    prefetches = "".join(
        f'<link rel="prefetch" href="{static(f"dist/{file}")}" as="style">' for file in stylesheets
    )
    return tags + prefetches


def _stylesheets_linked(tags: str, stylesheets: dict[str, str]) -> str | None:
    """django-vite's tags with each stylesheet's link at its default priority (the paint
    waits on it) and the scripts' at low; None when a link is not found."""
    links = _stylesheet_links(tags, stylesheets)
    if links is None:
        return None
    for link in sorted(links, key=lambda found: found.start(), reverse=True):
        tag = link.group(0).replace(' fetchpriority="low"', "")
        tags = f"{tags[: link.start()]}{tag}{tags[link.end() :]}"
    return tags


@register.simple_tag(takes_context=True)
def frontend_entry(context) -> SafeString:
    if not settings.DJANGO_VITE["default"]["dev_mode"]:
        # An account's browser has the stylesheet cached: every visitor's page prefetched
        # it, the login page among them (app/core/inline_style.py).
        return _built_entry_tags(bool(context.get(STYLESHEET_LINKED)))
    # The dev server's React refresh preamble is an inline script: it needs the CSP nonce.
    loader = DjangoViteAssetLoader.instance()
    nonce = {"nonce": str(context.get("csp_nonce", ""))}
    return mark_safe(  # noqa: S308
        loader.generate_vite_ws_client(**nonce)
        + loader.generate_vite_react_refresh_url(**nonce)
        + loader.generate_vite_asset(ENTRY, **nonce)
    )


@register.simple_tag
def error_reporting_meta() -> SafeString:
    """Where the browser reports its errors (SENTRY_DSN_FRONTEND), read by main.tsx; no
    tag, and no reporting code loaded, without one."""
    if not settings.SENTRY_DSN_FRONTEND:
        return mark_safe("")
    return format_html(
        '<meta name="sentry-dsn" content="{}" data-environment="{}">',
        settings.SENTRY_DSN_FRONTEND,
        settings.SENTRY_ENVIRONMENT,
    )
