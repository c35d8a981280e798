from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConsentConfig(AppConfig):
    name = "app.consent"
    label = "consent"
    verbose_name = _("Zgody i prywatność")

    def ready(self) -> None:
        from app.consent import signals
        from app.consent.props import consent_props
        from app.shell.middleware import shared_prop_register

        signals.connect()
        shared_prop_register("consent", consent_props)
