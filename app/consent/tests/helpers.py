import importlib

from django.apps import apps

# The data migrations that make the purposes and services, in order.
DEFINITION_MIGRATIONS = [
    ("0002_purposes_and_services", "create"),
    ("0003_essential_purpose_text", "shorten"),
]


def restore_consent_definition() -> None:
    """End-to-end tests empty the database between tests; put the migrated purposes and
    services back."""
    for module, function in DEFINITION_MIGRATIONS:
        migration = importlib.import_module(f"app.consent.migrations.{module}")
        getattr(migration, function)(apps, None)
