from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConsentConfig(AppConfig):
    name = "app.consent"
    label = "consent"
    verbose_name = _("Zgody i prywatność")
