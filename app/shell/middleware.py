"""The one middleware that shares props with every Inertia page, each lazily."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from app.accounts.cache import account_cache_key, account_cached
from app.accounts.models import User
from app.accounts.props import auth_props
from app.accounts.sessions import account_of
from app.core.admin_site import ADMIN_HOME
from app.core.frozen import Frozen
from app.core.header import header_type_for
from app.core.inertia import pop_errors, share_props
from app.core.page_json import Encoded
from app.shell.banners import info_banners_timed
from app.shell.menus import menu_props
from app.shell.props import (
    MobileOs,
    ShellProps,
    Viewer,
    app_banner_of,
    viewer_of,
)
from app.shell.selectors import notification_count_unread


def shell_props(request: HttpRequest) -> Encoded:
    return _shell_props_encoded(
        viewer_of(account_of(request)), header_type_for(request), app_banner_of(request)
    )


@cache
def _shell_props_encoded(viewer: Viewer, header_type: str, app_banner: MobileOs | None) -> Encoded:
    # Everything else in it is the same on every page of a deployment (the admin's address
    # is a URL reversed), and these three take a handful of values (three viewers, the
    # views' header types, three banners): each combination is encoded once per process.
    props: ShellProps = {
        "viewer": viewer,
        "header_type": header_type,
        "is_production": settings.IS_PRODUCTION,
        "support_email": settings.SUPPORT_EMAIL,
        "social_links": [
            {"network": link["network"], "url": link["url"]} for link in settings.SOCIAL_LINKS
        ],
        "app_links": {
            "android": settings.APP_STORE_LINKS["android"],
            "ios": settings.APP_STORE_LINKS["ios"],
        },
        "languages": [code for code, _name in settings.LANGUAGES],
        "admin_url": str(ADMIN_HOME),
        "app_banner": app_banner,
    }
    return Encoded(props)


@receiver(setting_changed)
def _forget_shell_props(**kwargs: Any) -> None:
    # Tests change the settings the props are read from.
    _shell_props_encoded.cache_clear()


@dataclass(frozen=True, slots=True, kw_only=True)
class AccountShell(Frozen):
    """What the shell shows a logged-in account on every page: its `auth` prop, its menu,
    and for learners the bell's count and the banners, each kept as the page JSON it is
    written as. Encoded once when the entry is built, and never changed after (Frozen), so
    a process's copy is handed to each page as it is: neither unpickled nor encoded again
    on every page (about 5% of a logged-in page's instructions)."""

    auth: Encoded
    menu: Encoded
    unread: int
    banners: Encoded
    # The moment the banners go out of date by themselves (an invitation expiring).
    valid_until: datetime | None


def _account_shell_build(user: User) -> AccountShell:
    learner = viewer_of(user) == "learner"
    banners, valid_until = info_banners_timed(user) if learner else ([], None)
    return AccountShell(
        auth=Encoded(auth_props(user)),
        menu=Encoded(menu_props(user)),
        unread=notification_count_unread(user=user) if learner else 0,
        banners=Encoded(banners),
        valid_until=valid_until,
    )


def account_shell(request: HttpRequest) -> AccountShell | None:
    """The account's shell state, from the per-account cache: it changes far more rarely
    than pages are opened (the account, its roles, notifications and invitations move it)."""
    user = account_of(request)
    if not isinstance(user, User):
        return None
    return account_cached(
        user=user,
        name=_shell_name(),
        build=lambda: _account_shell_build(user),
        valid_until=lambda state: state.valid_until,
    )


def _shell_name() -> str:
    # The banners are worded in the page's language.
    return f"shell:{get_language()}"


def shell_cache_keys(request: HttpRequest) -> list[str]:
    """The cache key of the account's shell, fetched with whatever else the page reads from
    the cache first (app/core/request_cache.py): one round trip for both."""
    user = getattr(request, "user", None)
    if not isinstance(user, User):
        return []
    return [account_cache_key(user=user, name=_shell_name())]


# A visitor's (no account): the same on every page.
_VISITOR_AUTH = Encoded(auth_props(AnonymousUser()))
_NO_BANNERS = Encoded([])


def _auth(state: AccountShell | None) -> Encoded:
    # An account's from its shell; a visitor (no account) has none.
    return state.auth if state else _VISITOR_AUTH


def _menu(state: AccountShell | None) -> Encoded | None:
    return state.menu if state else None


def _unread(state: AccountShell | None) -> int:
    return state.unread if state else 0


def _banners(state: AccountShell | None) -> Encoded:
    return state.banners if state else _NO_BANNERS


# Props that apps above the shell share with every page, by name: each registers its
# builder from its AppConfig.ready (the shell never imports them).
_registered_props: dict[str, Callable[[HttpRequest], Any]] = {}


def shared_prop_register(name: str, builder: Callable[[HttpRequest], Any]) -> None:
    _registered_props[name] = builder


def shared_props_registered() -> frozenset[str]:
    return frozenset(_registered_props)


class SharedPropsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # The account's shell state is read once per page, for the props that show it.
        state = cache(lambda: account_shell(request))
        share_props(  # noqa: S604 ("shell" is a prop name, not a subprocess flag)
            request,
            auth=lambda: _auth(state()),
            locale=get_language,
            errors=lambda: pop_errors(request),
            shell=lambda: shell_props(request),
            menu=lambda: _menu(state()),
            notifications_unread=lambda: _unread(state()),
            info_banners=lambda: _banners(state()),
            **{
                name: (lambda builder=builder: builder(request))
                for name, builder in _registered_props.items()
            },
        )
        return self.get_response(request)
