"""Inertia helpers: rendering a page with a status, the shared props, the first page's
HTML, and the form `errors` prop.

Only inertia-django's public API is used: `InertiaResponse` (as `PageResponse`,
app/core/page_json.py), `share` and its settings. The library builds the page JSON (props
resolved, partial reloads, flash, history encryption); for a first load `PageResponse`
keeps nothing but that JSON, which `render_page` puts into the layout itself: rendered
once per language and reused, with the request's head (CSP nonce, consent) and, when the
SSR process rendered the page (app/core/ssr.py), its HTML.
"""

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.messages import get_messages
from django.core.exceptions import NON_FIELD_ERRORS, ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language
from inertia import share

from app.core.page_json import EncodedProps, PageResponse, as_plain
from app.core.ssr import RenderedPage, page_render
from app.core.templatetags.frontend import STYLESHEET_LINKED
from app.core.templatetags.tracking import REQUEST_HEAD_SLOT
from app.core.tracking import tracking_head
from app.core.typegen import page_names

ERRORS_SESSION_KEY = "_platforma_errors"
FORM_ERROR_KEY = "form"
# The names of the props shared with this request's pages (share_props).
_SHARED = "platforma_shared_props"


def share_props(request: HttpRequest, **builders: Callable[[], Any]) -> None:
    """Share props with every page of this request (inertia-django's `share`), each built
    only when a page is rendered, so redirects and JSON calls pay nothing."""
    setattr(request, _SHARED, {*getattr(request, _SHARED, ()), *builders})
    share(
        request,
        **{name: (lambda build=build: as_plain(build())) for name, build in builders.items()},
    )


_PAGE_SLOT = "\x00platforma-page\x00"


# A layout for each language, the build's stylesheet in it or linked (STYLESHEET_LINKED).
_LAYOUTS = 2 * len(settings.LANGUAGES)


@lru_cache(maxsize=_LAYOUTS)
def _layout_around_page(language: str, linked: bool) -> tuple[bytes, bytes, bytes]:
    # With a built frontend the layout differs only by language and by whether the page
    # links the stylesheet, so it is rendered once for each; the request's head (nonce,
    # consent) and the page JSON go between its three parts. Kept encoded, like the
    # rendered pages (app/core/ssr.py): a page is put together as bytes, never encoding its
    # Polish text again (64 µs for a team page).
    html = render_to_string(
        "inertia_page.html",
        {
            "inertia_layout": settings.INERTIA_LAYOUT,
            "page": _PAGE_SLOT,
            STYLESHEET_LINKED: linked,
        },
    )
    head, rest = html.split(REQUEST_HEAD_SLOT)
    before, after = rest.split(_PAGE_SLOT)
    return head.encode(), before.encode(), after.encode()


_HEAD_SLOT = "\x00platforma-head\x00"


@lru_cache(maxsize=_LAYOUTS)
def _layout_around_rendered_page(language: str, linked: bool) -> tuple[bytes, bytes, bytes, bytes]:
    # The same, for a page the SSR process rendered: its <head> tags and its HTML go in.
    html = render_to_string(
        "inertia_ssr_page.html",
        {
            "inertia_layout": settings.INERTIA_LAYOUT,
            "head": _HEAD_SLOT,
            "body": _PAGE_SLOT,
            STYLESHEET_LINKED: linked,
        },
    )
    request_head, rest = html.split(REQUEST_HEAD_SLOT)
    before, rest = rest.split(_HEAD_SLOT)
    between, after = rest.split(_PAGE_SLOT)
    return request_head.encode(), before.encode(), between.encode(), after.encode()


def _reusable(request: HttpRequest) -> bool:
    """Whether the page about to be rendered may get the same HTML again for the same page
    JSON: not with a flash message or form errors, which show once. Asked before the page
    is built, which uses both up (reading them here costs nothing; parsing the built JSON
    cost up to a third of a millisecond on a large page)."""
    return not (len(get_messages(request)) or ERRORS_SESSION_KEY in request.session)


def _first_load(
    request: HttpRequest,
    component: str,
    page_json: bytes,
    *,
    reusable: bool,
    identity: tuple[bytes, ...],
) -> tuple[bytes, RenderedPage | None]:
    """The HTML of a page opened by the browser (not an Inertia visit)."""
    if settings.DJANGO_VITE["default"]["dev_mode"]:
        # The dev server's tags change with the request: nothing to reuse.
        context = {"inertia_layout": settings.INERTIA_LAYOUT, "page": page_json.decode()}
        return render_to_string("inertia_page.html", context, request).encode(), None
    rendered = None
    if settings.SSR_ENABLED:
        rendered = page_render(
            component=component, page_json=page_json, reusable=reusable, identity=identity
        )
    request_head = tracking_head(request).encode()
    # A visitor's page carries the build's stylesheet, so that its first paint waits on
    # nothing, and has the browser fetch the file when idle; an account's page links it
    # from there, 33 KB (7 KB gzip) lighter (app/core/inline_style.py).
    # (A page answering before the authentication middleware ran has no account.)
    user = getattr(request, "user", None)
    linked = user is not None and user.is_authenticated
    if rendered is not None:
        head, before, between, after = _layout_around_rendered_page(get_language(), linked)
        parts = (head, request_head, before, rendered.head, between, rendered.body, after)
        return b"".join(parts), rendered
    head, before, after = _layout_around_page(get_language(), linked)
    return b"".join((head, request_head, before, page_json, after)), None


def render_page(
    request: HttpRequest,
    component: str,
    props: Mapping[str, Any] | None = None,
    *,
    status: int = 200,
) -> HttpResponse:
    """Render `frontend/pages/<component>.tsx` with whitelisted props; the page's props
    type must be registered with `@page_props(component)`."""
    if component not in page_names():
        raise ImproperlyConfigured(f"{component} has no @page_props type")
    page_props: Mapping[str, Any] = (
        # Kept as it is: written into the page in one piece (PageResponse).
        props
        if isinstance(props, EncodedProps)
        else {name: as_plain(value) for name, value in (props or {}).items()}
    )
    shadowed = page_props.keys() & getattr(request, _SHARED, set())
    if shadowed:
        # A page prop named like a shared one would silently replace it on that page.
        raise ImproperlyConfigured(f"{component} props shadow shared props: {shadowed}")
    first_load = "X-Inertia" not in request.headers
    reusable = first_load and _reusable(request)
    response = PageResponse(request, component, page_props, status=status)
    if first_load:
        # PageResponse's first load is the page JSON alone.
        html, rendered = _first_load(
            request, component, response.content, reusable=reusable, identity=response.identity
        )
        response.content = html
        if rendered is not None:
            response.headers["Server-Timing"] = f"ssr;dur={rendered.seconds * 1000:.1f}"
    return response


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
    _layout_around_rendered_page.cache_clear()
