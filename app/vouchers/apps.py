from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VouchersConfig(AppConfig):
    name = "app.vouchers"
    label = "vouchers"
    # The admin panel's heading over this app's models.
    verbose_name = _("Vouchery")
