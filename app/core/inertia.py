"""Inertia helpers: rendering a page with a status, and the form `errors` prop."""

from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.translation import get_language
from inertia import InertiaResponse
from inertia.http import PropsResolver
from inertia.prop_classes import CallableProp

from app.core.ssr import RenderedPage, page_render
from app.core.templatetags.tracking import REQUEST_HEAD_SLOT
from app.core.tracking import tracking_head
from app.core.typegen import page_names

ERRORS_SESSION_KEY = "_platforma_errors"
FORM_ERROR_KEY = "form"


class _PropsResolver(PropsResolver):
    """inertia-django's resolver, made cheap for full page renders.

    The library re-reads request headers for every nested prop and walks every nested
    dict looking for lazy props. Platforma's props are plain data below the top level
    (lazy, deferred or once props are only ever top-level), so a full render takes
    top-level plain values as they are; partial reloads keep the library's full walk.
    """

    @cached_property
    def _partial(self) -> bool:
        return super()._is_partial()

    def _is_partial(self) -> bool:
        return self._partial

    def _resolve_prop(self, prop: Any, path: str, parent_resolved: bool = False) -> Any:
        if self._partial or isinstance(prop, CallableProp) or "." in path:
            return super()._resolve_prop(prop, path, parent_resolved)
        return prop() if callable(prop) else prop


_PAGE_SLOT = "\x00platforma-page\x00"


@lru_cache(maxsize=len(settings.LANGUAGES))
def _layout_around_page(language: str) -> tuple[str, str, str]:
    # With a built frontend the layout differs only by language, so it is rendered once
    # per language; the request's head (nonce, consent) and the page JSON go between its
    # three parts.
    html = render_to_string(
        "inertia.html", {"inertia_layout": settings.INERTIA_LAYOUT, "page": _PAGE_SLOT}
    )
    head, rest = html.split(REQUEST_HEAD_SLOT)
    before, after = rest.split(_PAGE_SLOT)
    return head, before, after


_HEAD_SLOT = "\x00platforma-head\x00"


@lru_cache(maxsize=len(settings.LANGUAGES))
def _layout_around_rendered_page(language: str) -> tuple[str, str, str, str]:
    # The same, for a page the SSR process rendered: its <head> tags and its HTML go in.
    html = render_to_string(
        "inertia_ssr_page.html",
        {"inertia_layout": settings.INERTIA_LAYOUT, "head": _HEAD_SLOT, "body": _PAGE_SLOT},
    )
    request_head, rest = html.split(REQUEST_HEAD_SLOT)
    before, rest = rest.split(_HEAD_SLOT)
    between, after = rest.split(_PAGE_SLOT)
    return request_head, before, between, after


class PageResponse(InertiaResponse):
    _ssr_reusable = False
    _ssr: RenderedPage | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._ssr is not None:
            self.headers["Server-Timing"] = f"ssr;dur={self._ssr.seconds * 1000:.1f}"

    def page_data(self) -> dict[str, Any]:
        page = super().page_data()
        # Server-rendered HTML the same page JSON may get again: no flash, no form errors.
        self._ssr_reusable = settings.INERTIA_SSR_ENABLED and not (
            page.get("flash") or page["props"].get("errors")
        )
        return page

    def resolve_props(self) -> tuple[dict[str, Any], dict[str, Any]]:
        shadowed = self.props.keys() & self.request.inertia.keys()
        if shadowed:
            # A page prop named like a shared one would silently replace it on that page.
            raise ImproperlyConfigured(f"{self.component} props shadow shared props: {shadowed}")
        props = {**self.request.inertia, **self.props}
        return _PropsResolver(self.request, self.component, props).resolve()

    def build_first_load(self, data: Any) -> str:
        if settings.DJANGO_VITE["default"]["dev_mode"] or self.template_data:
            return super().build_first_load(data)
        self._ssr = page_render(
            component=self.component, page_json=data, reusable=self._ssr_reusable
        )
        if self._ssr is not None:
            head, before, between, after = _layout_around_rendered_page(get_language())
            request_head = tracking_head(self.request)
            return f"{head}{request_head}{before}{self._ssr.head}{between}{self._ssr.body}{after}"
        head, before, after = _layout_around_page(get_language())
        return f"{head}{tracking_head(self.request)}{before}{data}{after}"


def render_page(
    request: HttpRequest,
    component: str,
    props: Mapping[str, Any] | None = None,
    *,
    status: int = 200,
) -> InertiaResponse:
    """Render `frontend/pages/<component>.tsx` with whitelisted props; the page's props
    type must be registered with `@page_props(component)`."""
    if component not in page_names():
        raise ImproperlyConfigured(f"{component} has no @page_props type")
    return PageResponse(request, component, dict(props or {}), status=status)


def form_errors(form: forms.BaseForm) -> dict[str, str]:
    """The first message of each invalid field; errors of the whole form under "form"."""
    errors = {}
    for field, messages in form.errors.items():
        key = FORM_ERROR_KEY if field == NON_FIELD_ERRORS else field
        errors[key] = str(messages[0])
    return errors


def stash_errors(request: HttpRequest, errors: Mapping[str, str]) -> None:
    """The `errors` the form page receives once, on the visitor's next page."""
    request.session[ERRORS_SESSION_KEY] = dict(errors)


def pop_errors(request: HttpRequest) -> dict[str, str]:
    if ERRORS_SESSION_KEY not in request.session:
        return {}
    return request.session.pop(ERRORS_SESSION_KEY)


@receiver(setting_changed)
def _forget_layout(**kwargs: Any) -> None:
    # Tests change the settings the layout is rendered from (the tag manager, the layout).
    _layout_around_page.cache_clear()
