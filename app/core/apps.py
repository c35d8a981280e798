from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "app.core"
    label = "core"
