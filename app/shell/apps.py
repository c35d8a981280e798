from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ShellConfig(AppConfig):
    name = "app.shell"
    label = "shell"
    verbose_name = _("Serwis: komunikaty, strony i powiadomienia")

    def ready(self) -> None:
        from app.core.request_cache import cache_companion_register
        from app.shell import signals  # noqa: F401 - connects the receivers
        from app.shell.middleware import shell_cache_keys

        cache_companion_register(shell_cache_keys)
