"""Platforma settings: the one place that reads the environment.

With no environment set, Platforma runs embedded: SQLite under var/, Celery tasks run
eagerly in-process, a local-memory cache and e-mails written to var/mail/.
DATABASE_URL and REDIS_URL switch to PostgreSQL and Redis (with a real Celery worker).
PLATFORMA_ENV=production turns on the production hardening checked by `check --deploy`.
"""

import hashlib
import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _
from redis.backoff import NoBackoff
from redis.retry import Retry

from app.core.csp import with_tracking_hosts
from app.core.inline_style import style_hash_sources
from app.core.page_json import PageJsonEncoder

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("PLATFORMA_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


PLATFORMA_ENV = os.environ.get("PLATFORMA_ENV", "development")
IS_PRODUCTION = PLATFORMA_ENV == "production"
DEBUG = env_bool("DJANGO_DEBUG") and not IS_PRODUCTION


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY", "")
    if key or IS_PRODUCTION:
        if len(key) < 50:
            raise RuntimeError("SECRET_KEY must be set to at least 50 random characters.")
        return key
    # Outside production a key is generated once per checkout, so none is ever committed.
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        key_file.write_text(secrets.token_urlsafe(64))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", "" if IS_PRODUCTION else "127.0.0.1,localhost,[::1],testserver"
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "app.core.admin_apps.PlatformaAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "django_vite",
    "inertia",
    "cookie_consent",
    "ninja",
    "corsheaders",
    "app.core",
    "app.accounts",
    "app.learning",
    "app.vouchers",
    "app.teams",
    "app.shell",
    "app.consent",
    "app.api",
]

# zlib's level for pages and JSON answers, made anew on every request: 2 compresses a first
# load in about 40% of level 6's time, for some 13% more bytes (app/core/compression.py).
RESPONSE_GZIP_LEVEL = 2
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages and JSON go out compressed to clients that accept it (static files are
    # compressed ahead by whitenoise), at RESPONSE_GZIP_LEVEL. Against BREACH, each
    # compressed body is padded with random bytes, as Django's GZipMiddleware does, and the
    # CSRF secret travels in the XSRF-TOKEN cookie, never in a page's body (the admin's
    # forms carry a token masked anew in each answer).
    "app.core.compression.CompressionMiddleware",
    # CORS for the mobile app's API (django-cors-headers; CORS_* below).
    "corsheaders.middleware.CorsMiddleware",
    "app.core.middleware.RequestBodyLimitMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # What the request has read: its account (with the session) and its cache entries.
    "app.core.request_cache.RequestCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The app's calls never see the session cookie (app/api/middleware.py).
    "app.api.middleware.ApiMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "app.core.middleware.PrivatePagesMiddleware",
    # request.user is the account itself from here in (no lazy stand-in to call through).
    "app.accounts.middleware.RequestAccountMiddleware",
    # inertia-django's, setting the CSRF cookie only where the browser has none.
    "app.core.inertia_middleware.PlatformaInertiaMiddleware",
    # An account of MFA_REQUIRED_ROLES without a second factor reaches its enrolment only.
    "app.accounts.middleware.MfaEnrolmentMiddleware",
    "app.shell.middleware.SharedPropsMiddleware",
    # Innermost, so it answers an ApplicationError before any other middleware sees it.
    "app.core.errors.ApplicationErrorMiddleware",
]

ROOT_URLCONF = "app.urls"
WSGI_APPLICATION = "app.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Data ----------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
# The embedded default: writes take the lock when their transaction begins (no upgrade
# deadlocks between processes), and readers never wait for a writer (write-ahead log).
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
if DATABASE_URL:
    # Health checks: a connection PostgreSQL dropped (a restart, a cut) is replaced on the
    # next request instead of failing it. Platforma's backend checks the socket first and
    # asks the server only when it has spoken (app/core/postgresql/base.py).
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"]["ENGINE"] = "app.core.postgresql"
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "platforma.sqlite3"),
            "OPTIONS": SQLITE_OPTIONS,
            # A connection kept for the thread's next requests: opening one reads and
            # parses the whole schema again, which costs more than a page's queries.
            "CONN_MAX_AGE": 600,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The statements every request runs on PostgreSQL (its session, the hot reads and the
# voucher's seat) go through `planned_cursor` (app/core/postgresql/base.py, its cursor in
# prepared.py), which prepares each on its connection after this many runs, so PostgreSQL
# plans it once per connection instead of on every request (the session's three-table
# query took 0.19 ms planned each time, 0.06 ms prepared). Django's other statements are
# never prepared nor counted. A pooler in front of PostgreSQL must keep prepared
# statements (PgBouncer 1.22+ with max_prepared_statements); DATABASE_PREPARE_THRESHOLD=off
# turns them off.
_prepare = os.environ.get("DATABASE_PREPARE_THRESHOLD", "").strip().lower()
if _prepare in ("off", "none", "0"):
    DATABASE_PREPARE_THRESHOLD: int | None = None
elif not _prepare:
    DATABASE_PREPARE_THRESHOLD = 5
elif _prepare.isdigit():
    DATABASE_PREPARE_THRESHOLD = int(_prepare)
else:
    raise ImproperlyConfigured(
        f"DATABASE_PREPARE_THRESHOLD must be a number of runs or 'off', not {_prepare!r}"
    )

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            # Errors are misses, except for rate-limit counters (app/core/redis_cache.py).
            "BACKEND": "app.core.redis_cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "platforma",
            # A Redis that went away costs a request at most two seconds, never a hang,
            # and is not retried within the request (the cache backs off on its own).
            "OPTIONS": {
                # Anything in the cache that this release cannot unpickle is a miss.
                "serializer": "app.core.redis_cache.TolerantSerializer",
                "socket_connect_timeout": 2,
                "socket_timeout": 2,
                "retry": Retry(NoBackoff(), 0),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Jobs ------------------------------------------------------------------------------
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The queue this deployment's tasks go through: deployments sharing one Redis (a staging
# beside production, a test cluster beside the test run) each name their own.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "platforma")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker that accepts and never answers must not hold a sender (or a probe) for ever.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_timeout": 5, "socket_connect_timeout": 2}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BEAT_SCHEDULE: dict = {}

# --- Accounts ----------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "app.accounts.backends.PlatformaAuthenticationBackend",
    "app.accounts.backends.RolePermissionBackend",
]
PASSWORD_HASHERS = [
    "app.accounts.hashers.Argon2idPasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "app.accounts.validators.MinimumLengthValidator"},
]
# URL names (ARCHITECTURE.md: code names routes, URL configurations write paths).
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "learning:home"
# Where a login goes without a usable returnUrl: /platforma (docs/behaviour.md#return-url).
DEFAULT_RETURN_URL = "learning:home"

ACCOUNT_ADAPTER = "app.accounts.adapter.AccountAdapter"
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*"]
# Registration e-mails a verification link; unverified accounts use the platform as any
# other, except what only the owner of the address may see (team invitations).
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_LOGOUT_ON_GET = False
# Every limit of the platform, counted by app/core/ratelimits.py: "amount/period/per",
# per client address (ip), account (user) or key (docs/behaviour.md#limits). Successes
# are never counted where a classroom behind one address would be refused by a budget
# sized for one person: secrets guessed right are given back, and the per-address caps
# are sized for a large class (SECURITY.md says why each is what it is).
RATE_LIMITS = {
    # Guessing one account's password from one client address (the key is both): refused
    # for the rest of the window; the owner elsewhere still gets in.
    "login_failed": "5/5m/key",
    # Registrations from one address, against mass sign-ups by bots: a large class with
    # its retries stays far below.
    "signup": "200/h/ip",
    "username_check": "100/m/ip,600/h/ip",
    # Password reminders (learner and admin forms share it): per address, and per e-mail
    # address so nobody can flood one mailbox.
    "reset_password": "30/m/ip,3/15m/key",
    # Setting a new password from the e-mailed link.
    "reset_password_from_key": "20/m/ip",
    # Guessing one-click session links (a link that exists gives its guess back).
    "session_link": "20/m/ip,100/h/ip",
    # Pages and calls that look up an e-mailed link's secret (one that exists gives it back).
    "link_check": "60/m/ip,600/h/ip",
    "account_restore": "10/m/ip",
    # Asking for, and confirming, the deletion of one's own account.
    "account_deletion_request": "3/h/user",
    "account_deletion_confirm": "10/m/user",
    # Guessing voucher codes (a code that exists gives its guess back): per learner as
    # ever, and per address sized for a class's typos (60 random bits a code: the address
    # budget gives a guesser nothing).
    "voucher_failed": "10/m/user,30/h/user,100/m/ip,500/h/ip",
    "invitation_failed": "20/m/user,60/m/ip",
    # Invitation e-mails per manager (each address counts, not each request), and per
    # manager and address (the same person invited again and again).
    "team_invite": "200/h/user,500/d/user",
    "team_invite_address": "3/d/key",
    "team_create": "10/h/user,50/d/user",
    "batch_generate": "10/m/user,100/d/user",
    # Every uploaded picture is decoded: an account cannot keep a worker busy with them.
    "avatar_upload": "5/m/user,30/h/user",
    # Second-factor codes (TOTP or recovery code), on the web and in the app together: per
    # account from every client, and per client whatever the account.
    "mfa_code": "5/5m/user,20/h/user,30/m/ip",
}
# allauth's own limiter is off: every limit is counted once, by app/core/ratelimits.py.
ACCOUNT_RATE_LIMITS = False
# Failed logins of one account from every address together only slow it down: after
# "free" failures within "window" seconds each login of the account waits "base" seconds
# before its password is checked, doubled with each further failure up to "max"; at
# "alert" failures the owner gets an e-mail (at most once an hour).
ACCOUNT_LOGIN_SLOWDOWN = {"window": 15 * 60, "free": 5, "base": 0.25, "max": 2.0, "alert": 10}
# Failed logins from one client address, whatever the account (credential stuffing): the
# first "free" within "window" seconds are answered at once (a class's typos stay far
# below), and "per_success" more for each account that logged in from the address in the
# window, up to "credit_max" more (a school's classes add up); each further one after
# "base" seconds doubled up to "max", and meanwhile at most "in_flight" of the address's
# logins are handled at once, except those of a browser that logged in to the account
# before (app/accounts/login_throttle.py, known_devices.py).
LOGIN_ADDRESS_SLOWDOWN = {
    "window": 15 * 60,
    "free": 50,
    "per_success": 2,
    "credit_max": 250,
    "base": 0.25,
    "max": 3.0,
    "in_flight": 2,
}
# The load balancers in front (addresses or networks, comma-separated): only from them is
# X-Forwarded-For believed, so each visitor (a whole school too) counts as their own
# address, not as the balancer's, and nobody else can claim another address
# (app/core/requests.py client_address). gunicorn believes their X-Forwarded-Proto.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
# Sessions live two weeks; a login rotates the session key (allauth calls Django's login).
SESSION_COOKIE_AGE = 14 * 24 * 3600
# Sessions live in the database only, loaded with their account and its roles in one
# query (app/accounts/sessions.py): nothing that grants access is read from a cache.
SESSION_ENGINE = "app.accounts.sessions"

# --- Account lifecycle: reminders, session links, deletion, admin login -----------------
# allauth's registry of each user's sessions, so a password reset or an account deletion
# can end every session of that user.
INSTALLED_APPS.insert(INSTALLED_APPS.index("allauth.account") + 1, "allauth.usersessions")
# Second factors (TOTP, recovery codes, passkeys): allauth's own, never written by hand.
INSTALLED_APPS.insert(INSTALLED_APPS.index("allauth.usersessions") + 1, "allauth.mfa")
# Roles that may not use the platform without a second factor (comma-separated role names).
MFA_REQUIRED_ROLES = env_list("MFA_REQUIRED_ROLES", "ADMIN,SUPER_ADMIN" if IS_PRODUCTION else "")
# An authenticator app (TOTP), recovery codes and passkeys; a passkey alone logs in
# (/login/klucz). The pages are the platform's own (app/accounts/views/mfa.py).
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes", "webauthn"]
MFA_PASSKEY_LOGIN_ENABLED = True
MFA_ADAPTER = "app.accounts.adapter.MFAAdapter"
MFA_TOTP_ISSUER = "Platforma"
# No drift allowed: allauth keeps a used code for one period, so a code of the current
# step only can never be replayed.
MFA_TOTP_TOLERANCE = 0
# Recovery codes are shown once, right after they are generated.
MFA_RECOVERY_CODES_SHOW_ONCE = True
# Passkeys on http://127.0.0.1 and localhost while developing and testing only.
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = not IS_PRODUCTION
# allauth e-mails the "your password was changed" notice; it e-mails nobody about an
# unknown address (the page answers the same either way, docs/behaviour.md#password-reminders).
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
# A new password is set on the platform's own page; the user then logs in with it.
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
PASSWORD_RESET_TIMEOUT = 24 * 3600
SESSION_LINK_LIFETIME = timedelta(hours=72)
ACCOUNT_DELETION_LINK_LIFETIME = timedelta(hours=24)
# A confirmed deletion can be undone for this long; the purge job then removes the data.
# Grace plus the job's interval stays under the promised 24 hours (docs/behaviour.md#purge).
ACCOUNT_DELETION_GRACE = timedelta(hours=23)
ACCOUNT_PURGE_INTERVAL = timedelta(minutes=15)
CELERY_BEAT_SCHEDULE["accounts.purge_deleted_accounts"] = {
    "task": "accounts.purge_deleted_accounts",
    "schedule": ACCOUNT_PURGE_INTERVAL.total_seconds(),
}
# Expired sessions, and links and invitations that stopped working more than this long
# ago (the admin still shows them to support for a while), are deleted daily.
EXPIRED_RECORDS_RETENTION = timedelta(days=30)
# The per-day counts of accounts slowed down or refused by a limit (core.LimitEvent) are
# deleted by the same daily job once their day is this long ago; an institution's area
# shows the last 30 of those days (app/vouchers/selectors.py, LIMIT_EVENT_DAYS).
LIMIT_EVENTS_RETENTION = timedelta(days=90)
CELERY_BEAT_SCHEDULE["core.clear_expired_records"] = {
    "task": "core.clear_expired_records",
    "schedule": timedelta(days=1).total_seconds(),
}

# --- Web -------------------------------------------------------------------------------
# The largest body any form takes: an avatar (2 MB) with its multipart envelope.
MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024
# The Inertia client sends the CSRF token from this cookie in this header.
CSRF_COOKIE_NAME = "XSRF-TOKEN"
CSRF_HEADER_NAME = "HTTP_X_XSRF_TOKEN"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_FAILURE_VIEW = "app.core.views.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

VITE_DEV_SERVER = os.environ.get("VITE_DEV_SERVER", "")  # e.g. http://127.0.0.1:5173
VITE_MANIFEST = BASE_DIR / "static" / "dist" / ".vite" / "manifest.json"
_vite_sources = [VITE_DEV_SERVER, VITE_DEV_SERVER.replace("http", "ws")] if VITE_DEV_SERVER else []
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE, *_vite_sources],
    # The build's stylesheet is written into a visitor's page, and linked from an account's
    # (app/core/inline_style.py).
    "style-src": [CSP.SELF, CSP.NONCE, *style_hash_sources(VITE_MANIFEST), *_vite_sources],
    "img-src": [CSP.SELF, "data:", "blob:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF, *_vite_sources],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "object-src": [CSP.NONE],
}

if IS_PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Whether a request came over HTTPS is gunicorn's to say (wsgi.url_scheme): it believes
    # X-Forwarded-Proto from TRUSTED_PROXIES only (gunicorn.conf.py), where Django's
    # SECURE_PROXY_SSL_HEADER would believe anyone who sends it.
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# --- Internationalisation ------------------------------------------------------------------
LANGUAGE_CODE = "pl"
LANGUAGES = [("pl", _("Polski")), ("en", _("English"))]
# Each app keeps its English catalogue in app/<app>/locale (see app/core/translations.py).
LOCALE_PATHS: list[Path] = []
TIME_ZONE = "Europe/Warsaw"
USE_I18N = True
USE_TZ = True
LANGUAGE_COOKIE_NAME = "platforma_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"

# --- Static and media --------------------------------------------------------------------
STATIC_URL = "/static/"
# Only production collects static files (`collectstatic`); elsewhere they are served
# from static/ directly.
if IS_PRODUCTION:
    STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))
# A deploy collects into STATIC_ROOT without wiping it: the files of earlier builds are
# served for this many days after the last build that had them (pages opened before the
# deploy still load their chunks from any node), then removed by the next collect.
STATIC_EARLIER_BUILDS_DAYS = float(os.environ.get("STATIC_EARLIER_BUILDS_DAYS", "7"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = VAR_DIR / "media"
STORAGES = {
    # Uploads are written whole or not at all (a full disk leaves no half file).
    "default": {"BACKEND": "app.core.storage.AtomicFileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Every file kept for users (today: avatars) goes through STORAGES["default"]: the local
# disk above for one machine, or, with AWS_STORAGE_BUCKET_NAME, an S3-compatible bucket
# (django-storages) that every node shares. Files there are public by an unguessable name
# (ARCHITECTURE.md, "Uploaded files"): their URLs carry no signature. Anything private
# must never be kept in this storage: it gets a storage of its own with
# AWS_QUERYSTRING_AUTH on and a short AWS_QUERYSTRING_EXPIRE, and is served only by those
# signed URLs. (Data exports are kept in the database, DataExport.content.)
AWS_STORAGE_BUCKET_NAME = os.environ.get("AWS_STORAGE_BUCKET_NAME", "")
if AWS_STORAGE_BUCKET_NAME:
    from app.core.object_storage import client_config, public_origins

    AWS_S3_ENDPOINT_URL = os.environ.get("AWS_S3_ENDPOINT_URL") or None
    AWS_ACCESS_KEY_ID = os.environ.get("AWS_ACCESS_KEY_ID") or None
    AWS_SECRET_ACCESS_KEY = os.environ.get("AWS_SECRET_ACCESS_KEY") or None
    AWS_S3_CUSTOM_DOMAIN = os.environ.get("AWS_S3_CUSTOM_DOMAIN") or None
    AWS_S3_REGION_NAME = os.environ.get("AWS_S3_REGION_NAME") or None
    AWS_S3_ADDRESSING_STYLE = os.environ.get("AWS_S3_ADDRESSING_STYLE") or None
    AWS_QUERYSTRING_AUTH = False
    # Random names are never reused: one upload is never overwritten, so browsers and a
    # CDN may keep it for good (and the storage needs no look-up before a write).
    AWS_S3_FILE_OVERWRITE = True
    AWS_S3_OBJECT_PARAMETERS = {"CacheControl": "public, max-age=31536000, immutable"}
    AWS_S3_CLIENT_CONFIG = client_config(addressing_style=AWS_S3_ADDRESSING_STYLE)
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage"}
    SECURE_CSP["img-src"] = [  # type: ignore[misc]
        *SECURE_CSP["img-src"],
        *public_origins(
            bucket=AWS_STORAGE_BUCKET_NAME,
            endpoint_url=AWS_S3_ENDPOINT_URL,
            custom_domain=AWS_S3_CUSTOM_DOMAIN,
            addressing_style=AWS_S3_ADDRESSING_STYLE,
            region=AWS_S3_REGION_NAME,
        ),
    ]
# Outside production static files are served straight from static/ (no collectstatic step).
WHITENOISE_USE_FINDERS = not IS_PRODUCTION
# Vite already puts a content hash in every built asset name.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+/dist/assets/.+-[0-9A-Za-z_-]{8,}\.\w+$"
DJANGO_VITE = {
    "default": {
        "dev_mode": bool(VITE_DEV_SERVER),
        "dev_server_protocol": VITE_DEV_SERVER.split("://")[0] if VITE_DEV_SERVER else "http",
        "dev_server_host": VITE_DEV_SERVER.split("://")[-1].split(":")[0] or "127.0.0.1",
        "dev_server_port": int(VITE_DEV_SERVER.rsplit(":", 1)[-1]) if VITE_DEV_SERVER else 5173,
        "manifest_path": VITE_MANIFEST,
        "static_url_prefix": "dist",
    }
}

# --- Inertia ---------------------------------------------------------------------------
INERTIA_LAYOUT = "base.html"
# Props below the top level go to the page JSON as they are (app/core/page_json.py).
INERTIA_JSON_ENCODER = PageJsonEncoder
# Pages are server-rendered by app/core/ssr.py (SSR_ENABLED below), not by the library.
INERTIA_SSR_ENABLED = False
# The library's default, named: a setting left out is looked up through an AttributeError
# on every page it renders.
INERTIA_ENCRYPT_HISTORY = False


def _asset_version() -> str:
    """The build's manifest hash: a new frontend build makes open pages reload once."""
    try:
        return hashlib.sha256(VITE_MANIFEST.read_bytes()).hexdigest()[:16]
    except OSError:
        return "unbuilt"


INERTIA_VERSION = _asset_version()

# --- E-mail ----------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Platforma <no-reply@platforma.example>")
SUPPORT_EMAIL = os.environ.get("SUPPORT_EMAIL", "pomoc@platforma.example")
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": int(os.environ.get("EMAIL_PORT", "587")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
            },
        }
    }
else:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "OPTIONS": {"file_path": str(os.environ.get("MAIL_DIR", VAR_DIR / "mail"))},
        }
    }

# --- Product ---------------------------------------------------------------------------------
# Learning, vouchers and teams: how long an e-mailed team invitation stays valid after it
# was (re)sent.
TEAM_INVITATION_DAYS = int(os.environ.get("TEAM_INVITATION_DAYS", "14"))
SHOP_URL = os.environ.get("SHOP_URL", "https://sklep.platforma.example/")
# Footer links; SOCIAL_LINKS="facebook=https://…,linkedin=https://…" replaces them.
SOCIAL_LINKS: list[dict[str, str]] = [
    {"network": network.strip(), "url": url.strip()}
    for network, _, url in (
        item.partition("=")
        for item in env_list(
            "SOCIAL_LINKS",
            "facebook=https://www.facebook.com/platforma,"
            "linkedin=https://www.linkedin.com/company/platforma,"
            "youtube=https://www.youtube.com/@platforma,"
            "instagram=https://www.instagram.com/platforma",
        )
    )
]
# Store pages of the mobile app, offered by the banner on Android and iOS phones.
APP_STORE_LINKS = {
    "android": os.environ.get(
        "ANDROID_APP_URL", "https://play.google.com/store/apps/details?id=pl.platforma.app"
    ),
    "ios": os.environ.get("IOS_APP_URL", "https://apps.apple.com/pl/app/platforma/id0000000000"),
}

# --- Consent, tag manager and session recording --------------------------------------
# Nothing tracks anyone before they agree (docs/behaviour.md#consent-and-tracking).
# django-cookie-consent keeps the choice in its cookie for 120 days, on the domain of
# CONSENT_COOKIE_DOMAIN (unset: the host alone, as on localhost; docs/behaviour.md#consent-notice).
COOKIE_CONSENT_NAME = "cookie_consent"
COOKIE_CONSENT_DECLINE = "-1"
COOKIE_CONSENT_MAX_AGE = 120 * 24 * 3600
COOKIE_CONSENT_DOMAIN = os.environ.get("CONSENT_COOKIE_DOMAIN") or None
COOKIE_CONSENT_SECURE = IS_PRODUCTION
COOKIE_CONSENT_SAMESITE = "Lax"
# One consent log: the consent app's (app.consent.models.ConsentEvent: every event of the
# notice, by whom, with the services chosen). The library's own (a row per purpose
# accepted or declined, with no account) would be a second one.
COOKIE_CONSENT_LOG_ENABLED = False
# The consent log (docs/behaviour.md#consent-log): the notice reports each event; saving a choice.
RATE_LIMITS["consent_log"] = "60/m/ip"
RATE_LIMITS["consent_save"] = "30/m/ip"

# Tag manager (Google Tag Manager with Consent Mode v2): unset, no tag-manager code at all.
GTM_CONTAINER_ID = os.environ.get("GTM_CONTAINER_ID", "")
# Session recording (self-hosted OpenReplay): both unset, no recorder code at all.
OPENREPLAY_PROJECT_KEY = os.environ.get("OPENREPLAY_PROJECT_KEY", "")
OPENREPLAY_INGEST_URL = os.environ.get("OPENREPLAY_INGEST_URL", "")
SECURE_CSP = with_tracking_hosts(
    SECURE_CSP,
    tag_manager=bool(GTM_CONTAINER_ID),
    recorder_ingest_url=OPENREPLAY_INGEST_URL if OPENREPLAY_PROJECT_KEY else "",
)
# A learner's data export (GDPR Art. 15 and 20): its e-mailed link works once, for this
# long; asking for one is limited per account.
DATA_EXPORT_LINK_LIFETIME = timedelta(hours=int(os.environ.get("DATA_EXPORT_LINK_HOURS", "48")))
RATE_LIMITS["data_export_request"] = "3/h/user,10/d/user"

# --- Mobile app API ----------------------------------------------------------------------
# The JSON calls of the mobile app (docs/behaviour.md#mobile-api), under /api/.
# An app session (X-Platforma-Token) unused this long ends; its last use is written at
# most once per API_TOKEN_TOUCH_SECONDS, not on every call.
API_TOKEN_IDLE_DAYS = int(os.environ.get("API_TOKEN_IDLE_DAYS", "30"))
API_TOKEN_TOUCH_SECONDS = 60
# Browser origins allowed to call /api/public/ and /api/app/ (CORS, by django-cors-headers);
# the app is native, so none by default. Comma-separated in API_ALLOWED_ORIGINS, e.g.
# "https://app.example.com". Other origins get no CORS headers: the browser keeps the
# answer from them. The pages' own calls are same-origin and get none.
CORS_ALLOWED_ORIGINS = [origin.rstrip("/") for origin in env_list("API_ALLOWED_ORIGINS")]
CORS_URLS_REGEX = r"^/api/(public|app)/"
CORS_ALLOW_METHODS = ["GET", "POST", "OPTIONS"]
CORS_ALLOW_HEADERS = ["Accept", "Accept-Language", "Content-Type", "X-Platforma-Token"]
CORS_ALLOW_CREDENTIALS = True
CORS_PREFLIGHT_MAX_AGE = 600

# --- Serving, health and observability ---------------------------------------------------
# What `./scripts/serve` needs in production, and what it reports.
# The health probes answer first; the request id and the request's log line wrap all.
MIDDLEWARE = [
    "app.core.logging.RequestLogMiddleware",
    "app.core.health.HealthProbeMiddleware",
    *MIDDLEWARE,
]
# `collectstatic` writes a manifest of hashed names: every static file (the Vite build's
# are named by their content already) is then served with a far-future cache lifetime.
if IS_PRODUCTION:
    STORAGES["staticfiles"] = {"BACKEND": "app.core.static_storage.ViteAwareStaticFilesStorage"}
# Seconds /health/ready waits for its checks (they run side by side) before calling the
# ones that have not answered failing: a probe answers within this, whatever hangs.
HEALTH_CHECK_TIMEOUT = float(os.environ.get("HEALTH_CHECK_TIMEOUT", "1.5"))
# One JSON object a line in production (LOG_FORMAT=text for people reading a terminal);
# every line carries the request id (app/core/logging.py).
LOG_FORMAT = os.environ.get("LOG_FORMAT", "json" if IS_PRODUCTION else "text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"platforma": {"()": "app.core.logging.RequestContextFilter"}},
    "formatters": {
        "json": {"()": "app.core.logging.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["platforma"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # One line per request, whatever LOG_LEVEL says of the rest.
        "platforma.request": {"level": os.environ.get("ACCESS_LOG_LEVEL", "INFO")},
        # The request's line already says which request failed; Django's own would log
        # every 404 again.
        "django.request": {"level": "ERROR"},
    },
}
# Celery leaves logging to the settings above (app/celery.py), so task lines are JSON too.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Errors go to Sentry when a DSN is set (app/core/sentry.py scrubs what is sent);
# SENTRY_DSN_FRONTEND switches on the browser's reporting, loaded only then.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
SENTRY_DSN_FRONTEND = os.environ.get("SENTRY_DSN_FRONTEND", "")
SENTRY_ENVIRONMENT = os.environ.get("SENTRY_ENVIRONMENT", PLATFORMA_ENV)
SENTRY_TRACES_SAMPLE_RATE = float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0"))
if SENTRY_DSN:
    from app.core.sentry import sentry_init

    sentry_init(
        dsn=SENTRY_DSN,
        environment=SENTRY_ENVIRONMENT,
        traces_sample_rate=SENTRY_TRACES_SAMPLE_RATE,
    )
if SENTRY_DSN_FRONTEND:
    from urllib.parse import urlsplit

    # The browser sends its reports to the DSN's host: the CSP lets it, and nowhere else.
    _sentry_dsn = urlsplit(SENTRY_DSN_FRONTEND)
    _sentry_origin = f"{_sentry_dsn.scheme}://{_sentry_dsn.hostname}"
    if _sentry_dsn.port:
        _sentry_origin += f":{_sentry_dsn.port}"
    SECURE_CSP["connect-src"] = [*SECURE_CSP["connect-src"], _sentry_origin]  # type: ignore[misc]

# --- Server-side rendering -----------------------------------------------------------------
# First paint from the server: the Inertia SSR process next to Django.

# --- Load and faults ---------------------------------------------------------------------
# E-mails wait in an outbox table written with the change that asks for them; the task
# enqueued on commit sends each, and this drain sends what the broker never delivered
# (Redis was down, a worker died): rows older than the delay, a batch at a time.
EMAIL_OUTBOX_DRAIN_INTERVAL = timedelta(
    seconds=int(os.environ.get("EMAIL_OUTBOX_DRAIN_SECONDS", "60"))
)
EMAIL_OUTBOX_DRAIN_DELAY = timedelta(
    seconds=int(os.environ.get("EMAIL_OUTBOX_DELAY_SECONDS", "30"))
)
EMAIL_OUTBOX_DRAIN_BATCH = 200
EMAIL_OUTBOX_MAX_ATTEMPTS = 20
# Sent rows are deleted by the daily clean-up (core.clear_expired_records) this long after
# they went: their content is already emptied, and a week of them is the record of what
# went out lately (the once-an-hour login alert reads it). Tasks name their row, so none
# can send a deleted row again. Unsent rows are never deleted by it; the drain owes them.
EMAIL_OUTBOX_RETENTION = timedelta(days=7)
CELERY_BEAT_SCHEDULE["core.drain_email_outbox"] = {
    "task": "core.drain_email_outbox",
    "schedule": EMAIL_OUTBOX_DRAIN_INTERVAL.total_seconds(),
}
# The server bundle (build/ssr/ssr.js, `vite build --ssr`) runs as its own Node process,
# started and supervised next to Django (app/core/ssr_process.py, scripts/lib.sh start_ssr).
# On in production and in ./scripts/run; never with the Vite dev server (no server bundle).
# Asked by app/core/ssr.py; inertia-django's own SSR client (no timeout, no cache) stays
# off (INERTIA_SSR_ENABLED above).
SSR_ENABLED = env_bool("INERTIA_SSR_ENABLED", IS_PRODUCTION) and not VITE_DEV_SERVER
SSR_URL = os.environ.get("INERTIA_SSR_URL", "http://127.0.0.1:13714").rstrip("/")
# A page the process has not rendered within this time is rendered in the browser instead.
SSR_TIMEOUT_SECONDS = 0.2
# After the process refused a connection, pages skip it for this long.
SSR_RETRY_SECONDS = 2.0
