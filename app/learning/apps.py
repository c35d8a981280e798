from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "app.learning"
    label = "learning"

    def ready(self) -> None:
        from app.learning import signals  # noqa: F401 - connects the receivers
        from app.learning.cache import connect_signals

        connect_signals()
