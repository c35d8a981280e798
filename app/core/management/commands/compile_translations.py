from django.core.management.base import BaseCommand

from app.core.translations import (
    TRANSLATED_LOCALES,
    compile_catalogues,
    platform_app_dirs,
    sync_catalogue,
)


class Command(BaseCommand):
    help = (
        "Compile the apps' locale/*/LC_MESSAGES/django.po into .mo files (Babel; no system "
        "gettext). --sync first adds the code's new texts to each app's English catalogue."
    )

    def add_arguments(self, parser):
        parser.add_argument("--sync", action="store_true", help="Update the catalogues first.")

    def handle(self, *args, sync: bool = False, **options):
        if sync:
            for label in platform_app_dirs():
                for locale in TRANSLATED_LOCALES:
                    path = sync_catalogue(label, locale)
                    if path:
                        self.stdout.write(f"Updated {path}")
        for path in compile_catalogues():
            self.stdout.write(f"Compiled {path}")
