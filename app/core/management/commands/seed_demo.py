from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.module_loading import import_string, module_has_submodule


class Command(BaseCommand):
    help = (
        "Load Platforma's demo data: each app's demo.seed(), in INSTALLED_APPS order. "
        "Running it again changes nothing. Refuses to run under production settings."
    )

    def handle(self, *args, **options):
        if settings.IS_PRODUCTION:
            raise CommandError("seed_demo refuses to run with production settings.")
        with transaction.atomic():
            for config in apps.get_app_configs():
                if module_has_submodule(config.module, "demo"):
                    for line in import_string(f"{config.name}.demo.seed")():
                        self.stdout.write(line)
