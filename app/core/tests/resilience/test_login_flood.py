"""A burst of 500 parallel logins from one address (credential stuffing) against gunicorn:
every one is answered in time and without a 5xx, the address gets no more guesses than
its limits allow (SECURITY.md: the first failures at once, then at most `in_flight`
attempts at a time, each failure held back up to `max` seconds), and a visitor from
another address logs in meanwhile as if nothing happened, as does a classmate at the
attacker's own address whose browser has logged in to the account before."""

import time
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar, DefaultCookiePolicy

import httpx
import pytest
from django.conf import settings

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.tests.resilience.server import Gunicorn, platform_env

pytestmark = [pytest.mark.resilience, pytest.mark.django_db(transaction=True)]

ATTACKER = "203.0.113.9"
VISITOR = "198.51.100.1"
BURST = 500
# Each request's own deadline: a flood must not make anyone wait longer than this.
DEADLINE = 30.0


def test_a_burst_of_logins_from_one_address_is_held_to_its_limits(services, tmp_path):
    make_user(email="ola@example.com")
    make_user(email="kolega@example.com")
    # The load balancer in front is this machine: the platform counts X-Forwarded-For.
    server = Gunicorn(
        platform_env(MAIL_DIR=str(tmp_path), TRUSTED_PROXIES="127.0.0.1"), workers=2, threads=8
    )
    login = f"{server.url}/api/public/login"
    # One client (and its connections) for the whole burst: a new client for each guess
    # builds its own TLS context, and 500 of those took the cores the server was measured on.
    attacker = httpx.Client(
        headers={"X-Forwarded-For": ATTACKER},
        timeout=60,
        limits=httpx.Limits(max_connections=BURST, max_keepalive_connections=BURST),
        # Each guess is a stranger's: none carries a cookie an earlier answer set.
        cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[])),
    )

    def guess(n: int) -> tuple[int, float]:
        started = time.monotonic()
        response = attacker.post(
            login, json={"login": f"ofiara{n}@example.com", "loginPassword": "Haslo123!"}
        )
        return response.status_code, time.monotonic() - started

    visitor_client = httpx.Client(headers={"X-Forwarded-For": VISITOR}, timeout=60)
    classmate = httpx.Client(headers={"X-Forwarded-For": ATTACKER}, timeout=60)
    body = {"login": "kolega@example.com", "loginPassword": DEFAULT_PASSWORD}

    try:
        # The classmate's app logged in from the school before (its device cookie).
        assert classmate.post(login, json=body).status_code == 200
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=100) as pool:
            burst = [pool.submit(guess, n) for n in range(BURST)]
            time.sleep(1)
            visitor_started = time.monotonic()
            visitor = visitor_client.post(
                login, json={"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
            )
            visitor_seconds = time.monotonic() - visitor_started
            # By now the address is slow and its in-flight places are full.
            time.sleep(2)
            classmate_started = time.monotonic()
            again = classmate.post(login, json=body)
            classmate_seconds = time.monotonic() - classmate_started
            answers = [future.result() for future in burst]
        duration = time.monotonic() - started
    finally:
        for client in (attacker, visitor_client, classmate):
            client.close()
        server.stop()

    statuses = [status for status, _ in answers]
    failures = statuses.count(400)
    print(
        f"login flood: {BURST} attempts in {duration:.1f} s, {failures} checked and refused,"
        f" {statuses.count(429)} turned away at once, slowest {max(s for _, s in answers):.1f} s;"
        f" another address logged in in {visitor_seconds:.2f} s, a known browser at the"
        f" attacker's address in {classmate_seconds:.2f} s"
    )
    assert set(statuses) <= {400, 429}
    assert max(seconds for _, seconds in answers) < DEADLINE
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    # No more guesses than the limits allow: the free ones (the classmate's login earned
    # `per_success` more, and the server's 16 threads had some in hand when the last free
    # one was counted), then the four growing delays, then in_flight at a time, each held
    # back `max` seconds.
    free = rules["free"] + rules["per_success"]
    allowed = free + 16 + 4 + rules["in_flight"] * (duration / rules["max"] + 1)
    assert failures <= allowed
    assert visitor.status_code == 200
    assert visitor_seconds < 10
    assert statuses.count(429) > 0
    assert again.status_code == 200
    assert classmate_seconds < 10
