"""Benchmark settings (scripts/bench puts scripts/ on PYTHONPATH): Platforma's settings,
its own database, and rate limits raised so that repeated logins measure the login, not
the limiter."""

from app.settings import *  # noqa: F403
from app.settings import MIDDLEWARE, RATE_LIMITS, SQLITE_OPTIONS, VAR_DIR

ROOT_URLCONF = "bench_urls"
MIDDLEWARE = ["bench_urls.QueryCountMiddleware", *MIDDLEWARE]
if not DATABASE_URL:  # noqa: F405
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "bench.sqlite3"),
            "OPTIONS": SQLITE_OPTIONS,
            "CONN_MAX_AGE": 600,
        }
    }
RATE_LIMITS = {action: "1000000/m/ip,1000000/m/user,1000000/m/key" for action in RATE_LIMITS}
