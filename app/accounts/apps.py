from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "app.accounts"
    label = "accounts"
    # The admin panel's heading over users and session links.
    verbose_name = _("Użytkownicy")

    def ready(self) -> None:
        from app.accounts import tasks  # noqa: F401  (its services enqueue them by name)
        from app.accounts.cache import connect_signals
        from app.accounts.data_export import account_export
        from app.core.data_export import data_export_register

        data_export_register(section="account", build=account_export)
        # Cached accounts are forgotten whenever the account, its roles or addresses change.
        connect_signals()
