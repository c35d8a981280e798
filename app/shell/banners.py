"""The info banner area (SPEC §2): banners other apps contribute for a logged-in learner.

An app adds banners with a module `banners.py` defining `info_banners(user) -> list[InfoBanner]`
(e.g. an account waiting for deletion, a pending team invitation).
"""

from collections.abc import Callable
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


def info_banners(user: User) -> list[InfoBanner]:
    return [banner for provider in _providers() for banner in provider(user)]
