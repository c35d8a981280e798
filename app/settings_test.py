"""Test settings: Platforma's settings with what a test process needs changed."""

from app.settings import *  # noqa: F403
from app.settings import STORAGES

# The live server of the end-to-end tests serves static files by their plain names.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
# Tests decide per case whether a task goes to a real worker (see conftest.py).
CELERY_TASK_ALWAYS_EAGER = True
# Pages are rendered in the browser, except in the server-rendering tests, which start
# their own SSR process.
SSR_ENABLED = False
