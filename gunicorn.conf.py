"""Gunicorn's settings for `./scripts/serve` (and `gunicorn -c gunicorn.conf.py app.wsgi`).

Each value can be changed from the environment; see "Serving for real" in the README.
"""

import os


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


wsgi_app = "app.wsgi:application"
bind = os.environ.get("BIND", "127.0.0.1:8000")

# A process per core (plus one, so a core is not left idle while a process waits on the
# database) and a few threads each for requests waiting on PostgreSQL or Redis.
workers = int(os.environ.get("WEB_CONCURRENCY", str(_cores() + 1)))
threads = int(os.environ.get("WEB_THREADS", "4"))
# Threaded workers whose request line and headers must arrive in HTTP_HEADER_TIMEOUT
# seconds (slow clients get 408 instead of holding a thread): app/core/http_worker.py.
worker_class = "app.core.http_worker.HeaderTimeoutWorker"

# A worker stuck this long on one request is killed and replaced.
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_TIMEOUT", "30"))
# Behind a load balancer connections are reused; idle ones close after this.
keepalive = int(os.environ.get("WEB_KEEPALIVE", "5"))
# Bounded requests: the longest URL the platform has is far below 4 KiB, and no browser
# sends a hundred headers. Bodies are bounded by Django (MAX_REQUEST_BODY_BYTES).
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# Workers are replaced now and then, so a slow leak never grows without bound.
max_requests = int(os.environ.get("WEB_MAX_REQUESTS", "5000"))
max_requests_jitter = max_requests // 10
# The heartbeat file of each worker in memory, not on a possibly slow disk.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None  # noqa: S108
# The load balancers whose X-Forwarded-Proto is believed: the same TRUSTED_PROXIES whose
# X-Forwarded-For the platform believes (app/core/requests.py); none when unset.
forwarded_allow_ips = os.environ.get("TRUSTED_PROXIES", "")
proc_name = "platforma-web"
# No run-time control socket: one path per user would be shared by every instance on
# the machine, and the supervisor (scripts/serve.py) already starts and stops it.
control_socket_disable = True

# Django writes one line per request with its request id (app/core/logging.py), so
# gunicorn's own access log would only repeat it; its error log uses the same format.
accesslog = None
# (and does not gather each request's access-log fields only to drop them). With this
# logger, setting `accesslog` (or statsd_host, whose logger gunicorn picks only in place of
# its default one) writes nothing: the request's line is Django's.
logger_class = "app.core.http_worker.ErrorLogger"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
_format = os.environ.get("LOG_FORMAT", "json")
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "app.core.logging.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {
        "error_console": {
            "class": "logging.StreamHandler",
            "formatter": _format if _format in ("json", "text") else "json",
            "stream": "ext://sys.stderr",
        }
    },
    "loggers": {
        "gunicorn.error": {
            "level": loglevel.upper(),
            "handlers": ["error_console"],
            "propagate": False,
        },
        "gunicorn.access": {"level": "WARNING", "handlers": []},
    },
    "root": {"level": "WARNING", "handlers": []},
}
