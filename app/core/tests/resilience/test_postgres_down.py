"""PostgreSQL restarts or is cut off (the proxy in front of it drops every connection)
under a real gunicorn: requests during the gap get the 503 of docs/behaviour.md#outages (the
error dialog for Inertia visits, the error page otherwise), and the first request after it works,
without restarting anything."""

import pytest

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.tests.resilience.server import Browser, Gunicorn, database_url, platform_env

pytestmark = [pytest.mark.resilience, pytest.mark.django_db(transaction=True)]

UPDATING_PL = (
    "Aktualizujemy właśnie naszą stronę, wracamy za kilka chwil. Przepraszamy za niedogodności."
)


@pytest.fixture
def server_behind_proxy(postgres_proxy, tmp_path):
    env = platform_env(db_url=database_url(host="127.0.0.1", port=postgres_proxy.port))
    env["MAIL_DIR"] = str(tmp_path)
    # One worker thread: every request uses the same persistent connection.
    server = Gunicorn(env, workers=1, threads=1)
    yield server
    server.stop()


def test_a_database_gap_answers_503_and_the_next_request_works(postgres_proxy, server_behind_proxy):
    make_user(email="ola@example.com")
    browser = Browser(server_behind_proxy.url)
    assert browser.log_in("ola@example.com", DEFAULT_PASSWORD).status_code in (302, 409)
    assert browser.visit("/platforma").status_code == 200

    # A restart between two requests: the kept connection is dead, and is replaced.
    postgres_proxy.cut()
    postgres_proxy.restore()
    assert browser.visit("/platforma").status_code == 200

    # Requests during the gap: the error dialog's answer, and the error page.
    postgres_proxy.cut()
    inertia = browser.visit("/platforma/moje_kursy")
    assert inertia.status_code == 503
    assert inertia.json() == {"error": {"message": UPDATING_PL, "code": 503}}
    page = browser.http.get("/platforma/moje_kursy")
    assert page.status_code == 503
    assert UPDATING_PL in page.text

    postgres_proxy.restore()
    assert browser.visit("/platforma/moje_kursy").status_code == 200
    assert browser.visit("/platforma").status_code == 200
    assert server_behind_proxy.process.poll() is None
