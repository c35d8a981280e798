import importlib

from django.apps import apps


def restore_consent_definition() -> None:
    """End-to-end tests empty the database between tests; put the migrated purposes and
    services back."""
    migration = importlib.import_module("app.consent.migrations.0002_purposes_and_services")
    migration.create(apps, None)
