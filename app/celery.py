"""The Celery application of Platforma; configured from Django settings (CELERY_*)."""

import os
from typing import Any

from celery import Celery, signals

from app.core.logging import connect_celery_signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "app.settings")

app = Celery("platforma")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Tasks carry the id of the request that queued them into their log lines.
connect_celery_signals()


@signals.setup_logging.connect
def use_django_logging(**kwargs: Any) -> None:
    """A receiver here stops Celery from configuring logging itself: the worker and beat
    log through Django's LOGGING (JSON lines with the request id) once Django is set up."""
