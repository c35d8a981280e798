from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ShellConfig(AppConfig):
    name = "app.shell"
    label = "shell"
    verbose_name = _("Serwis: komunikaty, strony i powiadomienia")

    def ready(self) -> None:
        from app.shell import signals  # noqa: F401 - connects the receivers
