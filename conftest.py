"""Test set-up shared by every app: services, the browser, and a clean cache per test."""

import os
import socket
import time
from urllib.parse import urlsplit

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls made
# from the same thread are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=2):
            return True
    except OSError:
        return False


def services_missing() -> str | None:
    """Why PostgreSQL and Redis cannot be used by this run, or None when both are there."""
    from django.conf import settings
    from django.db import connection

    if connection.vendor != "postgresql":
        return "DATABASE_URL does not point at PostgreSQL"
    if not settings.REDIS_URL or not _reachable(settings.REDIS_URL):
        return "REDIS_URL is not set or Redis does not answer"
    return None


def pytest_configure(config):
    if REQUIRE_SERVICES:
        missing = services_missing()
        if missing:
            raise pytest.UsageError(f"REQUIRE_SERVICES=1 but {missing}.")


@pytest.fixture
def services():
    """Marks a test that needs PostgreSQL and Redis: skipped without them, except when
    REQUIRE_SERVICES=1 (CI), where pytest_configure already refused to start without."""
    missing = services_missing()
    if missing:
        pytest.skip(f"needs PostgreSQL and Redis: {missing}")


# Suites whose servers are started with production's settings: the accounts they log in
# are hashed as production hashes them.
PRODUCTION_HASHES = ("resilience", "scaleout", "alone", "production_hashes")


@pytest.fixture(autouse=True)
def _password_hashers(request):
    """Production's password hashers for the suites above; the test process's quick
    Argon2id (app/settings_test.py) for the rest."""
    if any(request.node.get_closest_marker(name) for name in PRODUCTION_HASHES):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = settings.PRODUCTION_PASSWORD_HASHERS


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language: Django keeps the language a request
    chose active in its thread afterwards, so a test that called a service directly after
    an English request got its messages in English."""
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _clean_cache():
    # Rate limits live in the cache; each test starts with none used up.
    from django.core.cache import cache

    from app.core.versioned_cache import near_entries_forget, shared_generations_forget

    cache.clear()
    shared_generations_forget()
    near_entries_forget()
    yield


@pytest.fixture(autouse=True)
def _live_server_quiet_before_flush(request):
    """A test on the live server ends with every connection to it closed: this fixture is
    set up after pytest-django's database one and before the browser's page, so it is torn
    down after the page's browser context has closed and before the database is emptied
    (app/core/tests/live_requests.py). A context the test opened itself and left open (it
    failed first) is closed here."""
    if "live_server" not in request.fixturenames:
        yield
        return
    from app.core.tests.live_requests import watch

    connections = watch(request.getfixturevalue("live_server"))
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    for context in browser.contexts if browser else ():
        context.close()
    connections.wait_until_closed()


@pytest.fixture
def not_eager():
    """Tasks go to the broker and a real worker, as in production; tests run them in-process."""
    from celery.result import allow_join_result

    from app.celery import app as celery_app

    celery_app.conf.task_always_eager = False
    # Eager tasks sent from two threads at once can leave Celery's process-wide "a join
    # would block" flag set; waiting here for a real worker's answer is what the test wants.
    with allow_join_result():
        yield
    celery_app.conf.task_always_eager = True


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "pl-PL", "timezone_id": "Europe/Warsaw"}


@pytest.fixture(params=["desktop", "phone"])
def viewport(request, page):
    """Runs an end-to-end test at desktop and at phone width; gives the width's name."""
    from app.core.tests.helpers import VIEWPORTS

    page.set_viewport_size(VIEWPORTS[request.param])
    return request.param


@pytest.fixture
def learner(client):
    """A learner (no role) logged in on the test client."""
    from app.accounts.tests.factories import logged_in

    return logged_in(client, first_name="Ola", last_name="Nowak")


@pytest.fixture(scope="session")
def s3_server():
    """moto's S3 server on a free port for the whole run, with its bucket
    (app/core/tests/object_storage.py)."""
    from app.core.tests.object_storage import MotoServer

    server = MotoServer()
    yield server
    server.stop()


@pytest.fixture
def object_storage(settings, s3_server):
    """The platform keeps its users' files in `s3_server`'s bucket, emptied first, set as
    app/settings.py sets it from AWS_STORAGE_BUCKET_NAME and the rest; the client waits a
    second for an answer, so tests of a storage that hangs stay quick. `.use(endpoint)`
    goes through another endpoint (a proxy in front of the server, a silent listener)."""
    from app.core.tests.object_storage import PlatformStorage

    s3_server.empty()
    storage = PlatformStorage(settings, s3_server)
    storage.use()
    return storage


class _HeldClock:
    """The rate limits' clock, set to 15 seconds into a minute, an hour and a day, and
    moved by hand."""

    now = 1_800_000_000.0 + 15  # a window boundary of every period, plus 15 s

    def advance(self, seconds: float) -> None:
        self.now += seconds


class _LimitsTime:
    """Stands for the `time` module inside the limits' modules: its time() is the held
    clock, everything else is the real module's."""

    def __init__(self, clock: _HeldClock) -> None:
        self._clock = clock

    def time(self) -> float:
        return self._clock.now

    def __getattr__(self, name: str):
        return getattr(time, name)


@pytest.fixture(autouse=True)
def _limits_clock_held(monkeypatch):
    """Every test counts its limits (app/core/ratelimits.py, app/accounts/login_throttle.py)
    in windows that stand still: a test that ran across the end of a minute would otherwise
    find its counts reset halfway and miss the refusal it expects (seen on a busy machine).
    The rest of the process keeps the real time."""
    from app.accounts import login_throttle
    from app.core import ratelimits

    clock = _HeldClock()
    held = _LimitsTime(clock)
    monkeypatch.setattr(ratelimits, "time", held)
    monkeypatch.setattr(login_throttle, "time", held)
    return clock


@pytest.fixture
def limits_clock(monkeypatch, _limits_clock_held):
    """The limits' held clock, to move by hand: tests see the real seconds left of a window
    without waiting for one to pass. The process's time.time() follows it too, so what
    allauth times (an authenticator code's window, a password confirmation) agrees."""
    clock = _limits_clock_held
    monkeypatch.setattr(time, "time", lambda: clock.now)
    return clock
