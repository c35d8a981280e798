"""System checks of the platform's own (`manage.py check --deploy`)."""

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register

# Caches every web process shares. Rate limits, the login slow-down and one-per-hour
# e-mails live in the cache: in a cache of one process each worker counts on its own,
# so an attacker gets the limits times the number of workers and processes.
SHARED_CACHES = frozenset(
    {
        "django.core.cache.backends.redis.RedisCache",
        "app.core.redis_cache.TolerantRedisCache",
        "django.core.cache.backends.memcached.PyMemcacheCache",
        "django.core.cache.backends.memcached.PyLibMCCache",
        "django.core.cache.backends.db.DatabaseCache",
    }
)


@register(Tags.caches, Tags.security, deploy=True)
def shared_cache_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """In production (PLATFORMA_ENV=production) rate limits need Redis: a missing
    REDIS_URL, or a cache that is not shared between processes, is an error."""
    if not settings.IS_PRODUCTION:
        return []
    errors: list[CheckMessage] = []
    if not settings.REDIS_URL:
        errors.append(
            Error(
                "REDIS_URL is not set: Celery, the cache and every rate limit need Redis "
                "in production.",
                hint="Set REDIS_URL, e.g. redis://host:6379/0.",
                id="platforma.E001",
            )
        )
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if backend not in SHARED_CACHES:
        errors.append(
            Error(
                f"The default cache ({backend}) is not shared between processes: rate "
                "limits would be counted per process and multiplied by their number.",
                hint="Use Redis (REDIS_URL) for the default cache.",
                id="platforma.E002",
            )
        )
    return errors
