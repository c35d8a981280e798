"""Redis goes away mid-run (the proxy in front of it cuts every connection): pages that do
not need it keep serving from the database, rate-limited actions are refused with the
503 (docs/behaviour.md#outages) instead of being let through or failing with a 500, and
e-mails asked for meanwhile wait in the outbox and are sent once, when it is back."""

import subprocess
import sys
import time
from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.db import transaction
from django.test import Client

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.helpers import log_in_with_password
from app.core.models import EmailOutbox
from app.core.redis_cache import outage
from app.core.tasks import drain_email_outbox, send_email
from app.core.tests.helpers import visit
from app.core.tests.resilience.server import Browser, Gunicorn, platform_env, redis_url_through

pytestmark = [pytest.mark.resilience, pytest.mark.django_db]

UPDATING_PL = (
    "Aktualizujemy właśnie naszą stronę, wracamy za kilka chwil. Przepraszamy za niedogodności."
)
UPDATING_EN = (
    "We are updating our site right now and will be back in a moment. "
    "We apologise for the inconvenience."
)


def test_the_cache_reads_as_a_miss_and_skips_writes_while_redis_is_down(cache_through_proxy):
    cache.set("page-fragment", "cached")
    assert cache.get("page-fragment") == "cached"

    cache_through_proxy.cut()

    assert cache.get("page-fragment", "missed") == "missed"
    cache.set("page-fragment", "new")  # no error
    assert cache.get_many(["page-fragment"]) == {}
    assert cache.add("other", 1) is False


def test_pages_keep_serving_from_the_database_while_redis_is_down(cache_through_proxy):
    user = make_user(email="ola@example.com")
    client = Client(raise_request_exception=False)
    assert log_in_with_password(client, "ola@example.com").status_code in (302, 409)

    cache_through_proxy.cut()

    # The session is read from the database; anonymous and learner pages both render.
    assert visit(client, "/platforma").status_code == 200
    assert visit(client, "/platforma/moje_kursy").status_code == 200
    assert Client().get("/login").status_code == 200
    assert client.session.get("_auth_user_id") == str(user.pk)


@pytest.mark.parametrize(("language", "message"), [("pl", UPDATING_PL), ("en", UPDATING_EN)])
def test_a_rate_limited_login_is_refused_with_503_while_redis_is_down(
    cache_through_proxy, language, message
):
    make_user(email="ola@example.com")
    client = Client(raise_request_exception=False)
    client.cookies["platforma_language"] = language
    cache_through_proxy.cut()

    response = log_in_with_password(client, "ola@example.com")

    assert response.status_code == 503
    assert response.json() == {"error": {"message": message, "code": 503}}
    assert "_auth_user_id" not in client.session

    cache_through_proxy.restore()
    outage.reset()
    assert log_in_with_password(client, "ola@example.com").status_code in (302, 409)
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/public/login", {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}),
        ("/api/accounts/username-check", {"username": "nowa@example.com"}),
    ],
)
def test_the_api_answers_a_rate_limited_call_with_503_while_redis_is_down(
    cache_through_proxy, path, body
):
    # The app's calls and the pages' alike: the error body, never a 500.
    make_user(email="ola@example.com")
    client = Client(raise_request_exception=False)
    cache_through_proxy.cut()

    response = client.post(path, body, content_type="application/json")

    assert response.status_code == 503
    assert response.json() == {"error": {"message": UPDATING_PL, "code": 503}}

    cache_through_proxy.restore()
    outage.reset()
    assert client.post(path, body, content_type="application/json").status_code == 200


def test_a_rate_limited_page_opened_while_redis_is_down_gets_the_503_page(cache_through_proxy):
    client = Client(raise_request_exception=False)
    cache_through_proxy.cut()

    # Opening an e-mailed link counts a guess first (a rate limit), GET included.
    response = client.get("/p/haslo/nowe/abc-123")

    assert response.status_code == 503
    assert UPDATING_PL in response.content.decode()


def test_emails_asked_for_while_the_broker_is_down_are_sent_once_when_it_returns(
    settings, cache_through_proxy, broker_through, django_capture_on_commit_callbacks
):
    cache_through_proxy.cut()
    # The web process finds Redis gone through its cache (sessions, rate limits).
    assert cache.get("anything") is None

    started = time.monotonic()
    # Each commit tries to enqueue its e-mail's task; the broker is away, nothing fails.
    with django_capture_on_commit_callbacks(execute=True):
        send_email(
            template="session_link",
            to="ola@example.com",
            language="pl",
            context={"first_name": "Ola", "url": "https://x/session/1"},
            key="down-1",
        )
    with django_capture_on_commit_callbacks(execute=True):
        send_email(
            template="session_link",
            to="jan@example.com",
            language="en",
            context={"first_name": "Jan", "url": "https://x/session/2"},
            key="down-2",
        )

    # Stored without waiting on the broker's connection retries.
    assert time.monotonic() - started < 1
    assert mail.outbox == []
    assert EmailOutbox.objects.filter(sent_at__isnull=True).count() == 2

    cache_through_proxy.restore()
    settings.EMAIL_OUTBOX_DRAIN_DELAY = timedelta(0)
    assert drain_email_outbox() == 2
    assert drain_email_outbox() == 0

    assert sorted(m.to[0] for m in mail.outbox) == ["jan@example.com", "ola@example.com"]
    assert not EmailOutbox.objects.filter(sent_at__isnull=True).exists()
    # What rendered the e-mails (names, links) is not kept once they are sent.
    assert list(EmailOutbox.objects.values_list("context", flat=True)) == [{}, {}]


def test_an_email_of_a_change_rolled_back_is_never_sent(django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        send_email(
            template="session_link",
            to="ola@example.com",
            language="pl",
            context={},
            key="rolled-back",
        )
        raise RuntimeError

    assert callbacks == []

    assert not EmailOutbox.objects.exists()
    assert drain_email_outbox() == 0
    assert mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_redis_stopped_mid_run_under_gunicorn(redis_proxy, settings, tmp_path):
    """The same with the real stack: gunicorn, and an e-mail asked for by another process
    (an admin's command) while Redis is away, whose task cannot be enqueued."""
    make_user(email="ola@example.com")
    make_user(email="jan@example.com")
    redis_url = redis_url_through(redis_proxy)
    env = platform_env(redis_url=redis_url, MAIL_DIR=str(tmp_path))
    server = Gunicorn(env, workers=1, threads=2)
    try:
        ola = Browser(server.url)
        # Before the cut; a machine busy enough to delay Redis past its timeout answers 503
        # (as it should), so the first login may be tried again.
        for _attempt in range(3):
            logged_in = ola.log_in("ola@example.com", DEFAULT_PASSWORD)
            if logged_in.status_code != 503:
                break
        assert logged_in.status_code in (302, 409), server.output()
        assert ola.visit("/platforma").status_code == 200

        redis_proxy.cut()

        assert ola.visit("/platforma").status_code == 200
        assert ola.visit("/platforma/moje_kursy").status_code == 200
        jan = Browser(server.url)
        assert jan.open("/login").status_code == 200
        refused = jan.log_in("jan@example.com", DEFAULT_PASSWORD)
        assert refused.status_code == 503
        assert refused.json() == {"error": {"message": UPDATING_PL, "code": 503}}

        command = subprocess.run(
            [
                sys.executable,
                "manage.py",
                "session_link",
                "ola@example.com",
                "moje_kursy",
                "--send",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert command.returncode == 0, command.stderr
        [waiting] = EmailOutbox.objects.filter(sent_at__isnull=True)
        assert waiting.to == "ola@example.com"

        redis_proxy.restore()
        deadline = time.monotonic() + 20
        status = None
        while time.monotonic() < deadline:
            status = jan.log_in("jan@example.com", DEFAULT_PASSWORD).status_code
            if status != 503:
                break
            time.sleep(0.5)
        assert status in (302, 409)
    finally:
        server.stop()

    # Celery beat's drain, once Redis is back: the waiting e-mail goes out, once.
    settings.EMAIL_OUTBOX_DRAIN_DELAY = timedelta(0)
    assert drain_email_outbox() == 1
    assert drain_email_outbox() == 0
    assert [message.to for message in mail.outbox] == [["ola@example.com"]]
