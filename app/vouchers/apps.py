from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VouchersConfig(AppConfig):
    name = "app.vouchers"
    label = "vouchers"
    # The admin panel's heading over this app's models.
    verbose_name = _("Vouchery")

    def ready(self) -> None:
        from app.core.data_export import data_export_register
        from app.vouchers import tasks  # noqa: F401  (its services enqueue them by name)
        from app.vouchers.data_export import vouchers_export

        data_export_register(section="vouchers", build=vouchers_export)
