from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "app.core"
    label = "core"

    def ready(self) -> None:
        # Registers the deploy checks.
        from app.core import checks  # noqa: F401
