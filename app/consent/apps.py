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
        from app.consent.cookies import consent_cache_keys
        from app.core.request_cache import cache_companion_register

        cache_companion_register(consent_cache_keys)
        from app.consent.data_export import consent_export
        from app.core.data_export import data_export_register

        # This app's part of a learner's data export.
        data_export_register(section="consent", build=consent_export)
