"""The tags that load the frontend build into the Inertia layout."""

from functools import cache

from django import template
from django.conf import settings
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django_vite.core.asset_loader import DjangoViteAssetLoader

register = template.Library()
ENTRY = "frontend/main.tsx"


@cache
def _built_entry_tags() -> SafeString:
    # A build's manifest does not change while the process runs, so its tags are computed
    # once: django-vite would otherwise re-derive them on every page (~150 µs).
    return mark_safe(DjangoViteAssetLoader.instance().generate_vite_asset(ENTRY))  # noqa: S308


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
