from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.module_loading import autodiscover_modules

from app.core.routes import render_routes
from app.core.typegen import render_typescript

FRONTEND = Path(settings.BASE_DIR) / "frontend"


def generated_files() -> dict[Path, str]:
    """Each generated TypeScript file with the content the Python definitions give it."""
    autodiscover_modules("props")
    return {
        FRONTEND / "types" / "generated.ts": render_typescript(),
        FRONTEND / "routes.ts": render_routes(),
    }


class Command(BaseCommand):
    help = (
        "Write the TypeScript page-prop types and named routes from the Python definitions "
        "(--check: verify)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Fail if a file is out of date.")

    def handle(self, *args, check: bool = False, **options):
        for target, expected in generated_files().items():
            name = target.relative_to(settings.BASE_DIR)
            if check:
                current = target.read_text() if target.exists() else ""
                if current != expected:
                    raise CommandError(
                        f"{name} is out of date: run `python manage.py generate_types`."
                    )
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(expected)
            self.stdout.write(f"Wrote {name}")
        if check:
            self.stdout.write("Page-prop types and routes are up to date.")
