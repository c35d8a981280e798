"""The tags that load the frontend build into the Inertia layout."""

import re
from functools import cache

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django_vite.core.asset_loader import DjangoViteAssetLoader

from app.core.inline_style import ENTRY, entry_stylesheets

register = template.Library()


@cache
def _built_entry_tags() -> SafeString:
    # A build's manifest does not change while the process runs, so its tags are computed
    # once: django-vite would otherwise re-derive them on every page (~150 µs).
    stylesheets = entry_stylesheets(settings.VITE_MANIFEST)
    # With the stylesheet in the page, the first paint needs nothing else: the scripts
    # (React taking over the server's HTML) are fetched at once, at low priority, so the
    # paint never waits on them (app/core/inline_style.py). django-vite puts the
    # attribute on every tag it writes, the stylesheet's link too, which is why it is
    # only given when the stylesheets are written into the page.
    attributes = {"fetchpriority": "low"} if stylesheets else {}
    tags = DjangoViteAssetLoader.instance().generate_vite_asset(ENTRY, **attributes)
    for file, text in stylesheets.items():
        # django-vite links each stylesheet; the page gets its text instead.
        # test_inline_style.py fails if the link is no longer found.
        href = re.escape(static(f"dist/{file}"))
        link = re.search(rf'<link\b[^>]*\brel="stylesheet"[^>]*\bhref="{href}"[^>]*>', tags)
        if link is not None:
            tags = f"{tags[: link.start()]}<style>{text}</style>{tags[link.end() :]}"
    return mark_safe(tags)  # noqa: S308


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
