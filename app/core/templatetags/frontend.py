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
logger = logging.getLogger(__name__)


@cache
def _built_entry_tags() -> SafeString:
    # A build's manifest does not change while the process runs, so its tags are computed
    # once: django-vite would otherwise re-derive them on every page (~150 µs). Every first
    # load carries them, the stylesheet written in: compressed once too.
    tags = _entry_tags()
    gzip_segment_register("frontend entry", tags.encode())
    return tags


def _entry_tags() -> SafeString:
    loader = DjangoViteAssetLoader.instance()
    stylesheets = entry_stylesheets(settings.VITE_MANIFEST)
    if stylesheets:
        # With the stylesheet in the page, the first paint needs nothing else: the scripts
        # (React taking over the server's HTML) are fetched at once, at low priority, so
        # the paint never waits on them (app/core/inline_style.py).
        written = _stylesheets_written_in(
            loader.generate_vite_asset(ENTRY, fetchpriority="low"), stylesheets
        )
        if written is not None:
            return mark_safe(written)  # noqa: S308
        # django-vite puts the attribute on every tag it writes, links included: a
        # stylesheet left linked must not come at low priority.
        logger.warning("A stylesheet of the build could not be written into the page")
    return mark_safe(loader.generate_vite_asset(ENTRY))  # noqa: S308


def _stylesheets_written_in(tags: str, stylesheets: dict[str, str]) -> str | None:
    """django-vite's tags with each stylesheet's link replaced by its text; None when a
    stylesheet would stay linked (test_inline_style.py fails if django-vite's link changes)."""
    for file, text in stylesheets.items():
        href = re.escape(static(f"dist/{file}"))
        link = re.search(rf'<link\b[^>]*\brel="stylesheet"[^>]*\bhref="{href}"[^>]*>', tags)
        if link is None:
            return None
        tags = f"{tags[: link.start()]}<style>{text}</style>{tags[link.end() :]}"
    return None if 'rel="stylesheet"' in tags else tags


@register.simple_tag(takes_context=True)
def frontend_entry(context) -> SafeString:
    if not settings.DJANGO_VITE["default"]["dev_mode"]:
        return _built_entry_tags()
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
