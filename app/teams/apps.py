from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "app.teams"
    label = "teams"

    def ready(self) -> None:
        from app.teams import signals  # noqa: F401 - connects the receivers
