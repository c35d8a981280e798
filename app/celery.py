"""The Celery application of Platforma; configured from Django settings (CELERY_*)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "app.settings")

app = Celery("platforma")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
