"""Test settings: Platforma's settings with what a test process needs changed."""

import os
from urllib.parse import urlsplit

# Parallel test processes (pytest-xdist) each keep their caches, rate limits and task
# queue in a Redis database of their own: one test's cache.clear() must not empty the
# counters of a test running beside it. Set before the settings read REDIS_URL.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER.startswith("gw") and os.environ.get("REDIS_URL"):
    _redis = urlsplit(os.environ["REDIS_URL"])
    _index = int(_redis.path.lstrip("/") or 0) + 1 + int(_WORKER[2:])
    os.environ["REDIS_URL"] = _redis._replace(path=f"/{_index}").geturl()

from app.settings import *  # noqa: E402, F403
from app.settings import PASSWORD_HASHERS, STORAGES  # noqa: E402

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
# Each test client loads the middleware afresh, and whitenoise would list every static
# file through the finders each time (~0.1 s): a test that logs in a thousand clients
# spent most of its minute there. Files are looked up when asked for instead (the same
# files and headers: the end-to-end tests' live server serves static files before it).
WHITENOISE_AUTOREFRESH = True
# Passwords are hashed cheaply in the test process (app/accounts/tests/hashers.py). Tests
# whose servers run with production's settings, and the test of production's parameters,
# use production's hashers (PRODUCTION_PASSWORD_HASHERS, conftest.py).
PRODUCTION_PASSWORD_HASHERS = PASSWORD_HASHERS
PASSWORD_HASHERS = ["app.accounts.tests.hashers.QuickArgon2idPasswordHasher", *PASSWORD_HASHERS]
# Django empties the database after each test that commits; the test backend does it with
# DELETE rather than TRUNCATE (app/core/tests/postgresql/base.py).
if DATABASES["default"]["ENGINE"] == "app.core.postgresql":  # noqa: F405
    DATABASES["default"]["ENGINE"] = "app.core.tests.postgresql"  # noqa: F405
