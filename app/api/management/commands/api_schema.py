import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from app.api.api import api

DOCUMENT = Path(settings.BASE_DIR) / "app" / "api" / "openapi.json"


def openapi_document() -> str:
    """The OpenAPI document of the app's API as the code defines it, as stored."""
    schema = api.get_openapi_schema()
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


class Command(BaseCommand):
    help = (
        "Write the OpenAPI document of the mobile app's API to app/api/openapi.json "
        "(--check: fail when it differs from the code)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Fail if the file is out of date.")

    def handle(self, *args, check: bool = False, **options):
        expected = openapi_document()
        base = Path(settings.BASE_DIR)
        name = DOCUMENT.relative_to(base) if DOCUMENT.is_relative_to(base) else DOCUMENT
        if check:
            current = DOCUMENT.read_text() if DOCUMENT.exists() else ""
            if current != expected:
                raise CommandError(f"{name} is out of date: run `python manage.py api_schema`.")
            self.stdout.write("The API's OpenAPI document is up to date.")
            return
        DOCUMENT.write_text(expected)
        self.stdout.write(f"Wrote {name}")
