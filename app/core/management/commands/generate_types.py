from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.module_loading import autodiscover_modules

from app.core.typegen import render_typescript

TARGET = Path(settings.BASE_DIR) / "frontend" / "types" / "generated.ts"


class Command(BaseCommand):
    help = "Write the TypeScript page-prop types from the Python TypedDicts (--check: verify)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Fail if the file is out of date.")

    def handle(self, *args, check: bool = False, **options):
        autodiscover_modules("props")
        expected = render_typescript()
        if check:
            current = TARGET.read_text() if TARGET.exists() else ""
            if current != expected:
                raise CommandError(
                    f"{TARGET.relative_to(settings.BASE_DIR)} is out of date: "
                    "run `python manage.py generate_types`."
                )
            self.stdout.write("Page-prop types are up to date.")
            return
        TARGET.parent.mkdir(parents=True, exist_ok=True)
        TARGET.write_text(expected)
        self.stdout.write(f"Wrote {TARGET.relative_to(settings.BASE_DIR)}")
