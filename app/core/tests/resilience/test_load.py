"""Many users at once against the platform as `./scripts/serve` runs it in production
(gunicorn, the Celery worker and beat, the renderer) on PostgreSQL and Redis.

- 50 simulated users, for RESILIENCE_LOAD_SECONDS (60 by default; CI runs the 60), each
  logging in, opening their pages and redeeming vouchers: no request fails, the p95 is
  printed, and every voucher seat is counted exactly once.
- A thousand parallel requests to one voucher: each is answered (a redemption, or a clear
  refusal: the voucher used up, too many attempts, 503), the server's memory stays
  bounded, no seat is lost or counted twice, and other visitors are answered meanwhile.

Each simulated user comes from an address of its own (X-Forwarded-For behind one trusted
proxy), as real users behind a load balancer do: limits per address stay per person; the
load balancer ended their HTTPS (X-Forwarded-Proto), as production expects.
"""

import base64
import hashlib
import os
import random
import re
import statistics
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field

import httpx
import pytest
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.test import Client

from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD
from app.core.tests.resilience.server import Browser, Served
from app.core.tests.resilience.smtp import FakeSMTP
from app.learning.tests.factories import make_course
from app.vouchers.models import Redemption, Voucher
from app.vouchers.tests.factories import make_voucher

pytestmark = [pytest.mark.resilience, pytest.mark.django_db(transaction=True)]

LOAD_SECONDS = float(os.environ.get("RESILIENCE_LOAD_SECONDS", "60"))
LOAD_USERS = int(os.environ.get("RESILIENCE_LOAD_USERS", "50"))
PAGES = ("/platforma", "/platforma/moje_kursy", "/platforma/profil")


@pytest.fixture(scope="module")
def _served(tmp_path_factory, django_db_setup):
    # One production set-up for the module (it starts in seconds, not instantly); every
    # test still has its own data, in the one test database the server uses.
    if "postgresql" not in settings.DATABASES["default"]["ENGINE"] or not settings.REDIS_URL:
        pytest.skip("needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    smtp = FakeSMTP()
    try:
        server = Served(tmp_path_factory.mktemp("serve"), smtp_port=smtp.port)
        yield server
        status = server.stop()
    finally:
        smtp.stop()
    # Stopped as the machine's supervisor stops it: every process ended gracefully.
    assert status == 0, server.output()
    assert "did not stop in" not in server.output(), server.output()


@pytest.fixture
def server(_served):
    assert _served.process.poll() is None, _served.output()
    return _served


def make_users(prefix: str, count: int, *, password: str | None = None) -> list[User]:
    """`count` accounts sharing one password, hashed once (hashing is slow on purpose)."""
    users = [
        User.objects.create_user(f"{prefix}{n}@example.com", None, first_name=f"Osoba {n}")
        for n in range(count)
    ]
    if password:
        User.objects.filter(pk__in=[user.pk for user in users]).update(
            password=make_password(password)
        )
    return users


def user_browser(server: Served, n: int, *, keep_alive: bool = True) -> Browser:
    browser = Browser(server.url, keep_alive=keep_alive)
    browser.http.headers["X-Forwarded-For"] = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
    return browser


def test_the_platform_under_load_is_served_as_in_production(server):
    plain = httpx.get(f"http://127.0.0.1:{server.port}/login", timeout=30)
    [account] = make_users("served", 1, password=DEFAULT_PASSWORD)
    with closing(user_browser(server, 0)) as browser:
        page = browser.open("/login")
        scripts = re.findall(r'src="(/static/dist/assets/[^"]+\.js)"', page.text)
        script = browser.http.get(scripts[0])
        prefetched = re.findall(r'<link rel="prefetch" href="([^"]+)" as="style">', page.text)
        stylesheet = browser.http.get(prefetched[0])
        assert browser.log_in(account.email, DEFAULT_PASSWORD).status_code == 302
        accounts_page = browser.open("/platforma")

    # HTTPS only: plain HTTP is sent there, the browser is told to stay, cookies are secure.
    assert plain.status_code == 301
    assert plain.headers["Location"] == f"{server.url}/login"
    assert page.status_code == 200
    assert page.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert "; Secure" in page.headers["Set-Cookie"]
    # Static files from collectstatic's manifest, under names carrying their content's
    # hash: Vite's own for its build (app/core/static_storage.py). The stylesheet is in the
    # page itself (app/core/inline_style.py).
    assert re.search(r"/main-[0-9A-Za-z_-]{8}\.js$", scripts[0])
    assert script.status_code == 200
    styles = re.findall(r"<style>(.*?)</style>", page.text, re.S)
    assert styles
    assert 'rel="stylesheet"' not in page.text
    policy = page.headers["Content-Security-Policy"]
    for text in styles:
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    # The visitor's browser fetches the stylesheet's file when idle, kept for a year under
    # its content's name; an account's pages link that file (app/core/inline_style.py).
    assert stylesheet.status_code == 200
    assert stylesheet.text == styles[0]
    assert "immutable" in stylesheet.headers["Cache-Control"]
    assert accounts_page.status_code == 200
    assert "<style>" not in accounts_page.text
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', accounts_page.text) == prefetched


@dataclass
class Tally:
    """What the clients saw: latencies, failures, and the seats they were given."""

    latencies: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    redeemed: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, what: str, call, expected: tuple[int, ...]) -> httpx.Response | None:
        started = time.monotonic()
        try:
            response = call()
        except httpx.HTTPError as error:
            with self.lock:
                self.errors.append(f"{what}: {error!r}")
            return None
        elapsed = time.monotonic() - started
        with self.lock:
            self.latencies.append(elapsed)
            self.statuses.append(response.status_code)
            if response.status_code not in expected:
                self.errors.append(f"{what}: {response.status_code} {response.text[:200]}")
        return response

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else 0.0


def simulated_user(server, n, email, codes, deadline, tally: Tally) -> None:
    browser = user_browser(server, n)
    rng = random.Random(n)
    codes = rng.sample(codes, len(codes))
    try:
        tally.timed("open /login", lambda: browser.open("/login"), (200,))
        tally.timed("log in", lambda: browser.log_in(email, DEFAULT_PASSWORD), (302, 409))
        while time.monotonic() < deadline:
            for path in PAGES:
                tally.timed(f"visit {path}", lambda path=path: browser.visit(path), (200,))
            if codes:
                code = codes.pop()
                response = tally.timed(
                    "redeem",
                    lambda code=code: browser.post("/odbierz_kurs", {"code": code}),
                    (302,),
                )
                if response is not None and response.status_code == 302:
                    target = response.headers["Location"]
                    with tally.lock:
                        if target.startswith("/platforma/kurs/"):
                            tally.redeemed[code] += 1
                        else:
                            tally.refused[code] += 1
    finally:
        browser.close()


def test_fifty_users_log_in_browse_and_redeem_without_an_error(server, capsys):
    users = make_users("load", LOAD_USERS, password=DEFAULT_PASSWORD)
    vouchers = [make_voucher(product=make_course(lessons=2), seats=15) for _ in range(12)]
    codes = [voucher.code for voucher in vouchers]
    tally = Tally()

    started = time.monotonic()
    deadline = started + LOAD_SECONDS
    with ThreadPoolExecutor(max_workers=len(users)) as pool:
        for n, user in enumerate(users):
            pool.submit(simulated_user, server, n, user.email, codes, deadline, tally)
    duration = time.monotonic() - started

    with capsys.disabled():
        print(
            f"\nload: {LOAD_USERS} users, {duration:.0f} s, {len(tally.latencies)} requests "
            f"({len(tally.latencies) / duration:.0f}/s), p50 "
            f"{statistics.median(tally.latencies) * 1000:.0f} ms, p95 "
            f"{tally.percentile(0.95) * 1000:.0f} ms, p99 {tally.percentile(0.99) * 1000:.0f} ms, "
            f"errors {len(tally.errors)}, seats redeemed {sum(tally.redeemed.values())}"
        )
    assert tally.errors == []
    # Every user opened the login page and logged in, and pages were opened.
    assert len(tally.latencies) > LOAD_USERS * 2
    # Every seat counted once: what the clients were given is what is stored, and no
    # voucher gave more than it has.
    for voucher in Voucher.objects.all():
        stored = Redemption.objects.filter(voucher=voucher).count()
        assert voucher.seats_used == stored == tally.redeemed[voucher.code]
        assert stored <= voucher.seats
        assert stored + tally.refused[voucher.code] > 0
    assert sum(tally.redeemed.values()) > 0
    assert server.process.poll() is None


def test_a_thousand_parallel_requests_to_one_voucher(server, capsys):
    course = make_course(lessons=1)
    voucher = make_voucher(product=course, seats=40)
    users = make_users("burst", 200)
    browsers = []
    for n, user in enumerate(users):
        client = Client()
        client.force_login(user)
        # Each of a user's requests waits its turn far longer than an idle connection is
        # kept open: every request opens a connection of its own.
        browser = user_browser(server, n, keep_alive=False)
        browser.http.cookies.set(
            settings.SESSION_COOKIE_NAME,
            client.cookies[settings.SESSION_COOKIE_NAME].value,
            domain="127.0.0.1",
        )
        browser.http.cookies.set(settings.CSRF_COOKIE_NAME, "x" * 32, domain="127.0.0.1")
        browsers.append(browser)
    memory_before = server.rss_kib()
    tally = Tally()
    others = Tally()
    burst_over = threading.Event()

    answered_during_burst = []

    def other_visitor() -> None:
        visitor = Browser(server.url, timeout=30, keep_alive=False)
        while not burst_over.is_set():
            others.timed("other visitor", lambda: visitor.open("/login"), (200,))
            if not burst_over.is_set():
                answered_during_burst.append(time.monotonic())
            time.sleep(0.2)
        visitor.close()

    def redeem(browser: Browser) -> None:
        response = tally.timed(
            "redeem", lambda: browser.post("/odbierz_kurs", {"code": voucher.code}), (302, 429, 503)
        )
        if response is not None and response.status_code == 302:
            target = response.headers["Location"]
            with tally.lock:
                tally.redeemed[target.startswith("/platforma/kurs/")] += 1
                tally.refused[target] += 1

    watcher = threading.Thread(target=other_visitor)
    watcher.start()
    started = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=200) as pool:
            list(pool.map(redeem, [browsers[n % len(browsers)] for n in range(1000)]))
    finally:
        burst_over.set()
        watcher.join()
        for browser in browsers:
            browser.close()
    duration = time.monotonic() - started
    memory_after = server.rss_kib()

    voucher.refresh_from_db()
    stored = Redemption.objects.filter(voucher=voucher).count()
    with capsys.disabled():
        print(
            f"\nburst: 1000 requests to one voucher in {duration:.1f} s, p95 "
            f"{tally.percentile(0.95) * 1000:.0f} ms, {tally.redeemed[True]} seats given, "
            f"memory {memory_before // 1024} -> {memory_after // 1024} MiB, other visitors: "
            f"{len(others.latencies)} answers, slowest {max(others.latencies, default=0):.1f} s; "
            f"answers {dict(Counter(tally.statuses))}, redirects {dict(tally.refused)}"
        )
    assert tally.errors == []
    assert len(tally.latencies) == 1000
    # All 40 seats went to 40 different learners, each counted once; nothing more.
    assert voucher.seats_used == stored == tally.redeemed[True] == 40
    assert Redemption.objects.values("user").distinct().count() == 40
    assert memory_after - memory_before < 150 * 1024
    # Another visitor's pages kept coming while the crowd was at the voucher (each within
    # the client's 30 s, as measured and printed above).
    assert others.errors == []
    assert len(answered_during_burst) >= 2


def test_an_oversized_upload_is_refused_before_the_server_reads_it(server):
    browser = user_browser(server, 1)
    sent = 0

    def body():
        nonlocal sent
        chunk = b"\0" * 65536
        # 200 MB declared; the answer comes long before that much could be sent.
        for _ in range(200 * 16):
            sent += len(chunk)
            yield chunk

    started = time.monotonic()
    try:
        response = browser.http.post(
            "/platforma/profil/awatar",
            content=body(),
            headers={"Content-Length": str(200 * 1024 * 1024), "Accept": "application/json"},
        )
        status = response.status_code
    except httpx.HTTPError:
        status = None  # the server answered and closed while the client was still sending
    finally:
        browser.close()

    assert status in (413, None)
    assert time.monotonic() - started < 30
    assert sent < 200 * 1024 * 1024
    assert server.process.poll() is None
    with closing(user_browser(server, 2)) as after:
        assert after.open("/login").status_code == 200
