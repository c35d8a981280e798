from django.apps import AppConfig


class VouchersConfig(AppConfig):
    name = "app.vouchers"
    label = "vouchers"
