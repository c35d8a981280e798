from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "app.accounts"
    label = "accounts"
    # The admin panel's heading over users and session links.
    verbose_name = _("Użytkownicy")

    def ready(self) -> None:
        from app.accounts.cache import connect_signals

        # Cached accounts are forgotten whenever the account, its roles or addresses change.
        connect_signals()
