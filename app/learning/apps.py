from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearningConfig(AppConfig):
    name = "app.learning"
    label = "learning"
    # The admin panel's heading over this app's models.
    verbose_name = _("Nauka: kursy, egzaminy i ścieżki")

    def ready(self) -> None:
        from app.learning import signals  # noqa: F401 - connects the receivers
        from app.learning.cache import connect_signals

        connect_signals()
        from app.accounts.selectors import learner_pages_register
        from app.learning.urls import urlpatterns

        # Session links may open the learner pages (accounts cannot look them up itself).
        learner_pages_register(patterns=urlpatterns)
        from app.core.data_export import data_export_register
        from app.learning.data_export import learning_export

        # This app's part of a learner's data export.
        data_export_register(section="learning", build=learning_export)
