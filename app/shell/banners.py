"""The info banner area (docs/behaviour.md#info-banners): banners other apps add for a learner.

An app adds banners with a module `banners.py` defining `info_banners(user) -> list[InfoBanner]`
(e.g. an account waiting for deletion, a pending team invitation). A banner that goes out
of date by itself at a known moment (an invitation expiring) says so with
`banner_valid_until(moment)`, so cached banners are kept no longer.
"""

from collections.abc import Callable
from contextvars import ContextVar
from datetime import datetime
from functools import cache

from django.apps import apps
from django.utils.module_loading import import_string, module_has_submodule

from app.accounts.models import User
from app.shell.props import InfoBanner

Provider = Callable[[User], list[InfoBanner]]


@cache
def _providers() -> tuple[Provider, ...]:
    return tuple(
        import_string(f"{config.name}.banners.info_banners")
        for config in apps.get_app_configs()
        if config.name.startswith("app.")
        and config.name != "app.shell"
        and module_has_submodule(config.module, "banners")
    )


_valid_until: ContextVar[list[datetime] | None] = ContextVar("banner_valid_until", default=None)


def banner_valid_until(moment: datetime) -> None:
    """The banner being built shows only until `moment`."""
    moments = _valid_until.get()
    if moments is not None:
        moments.append(moment)


def info_banners(user: User) -> list[InfoBanner]:
    return [banner for provider in _providers() for banner in provider(user)]


def info_banners_timed(user: User) -> tuple[list[InfoBanner], datetime | None]:
    """The user's banners, and the first moment one of them goes out of date (or None)."""
    moments: list[datetime] = []
    token = _valid_until.set(moments)
    try:
        banners = info_banners(user)
    finally:
        _valid_until.reset(token)
    return banners, min(moments, default=None)
