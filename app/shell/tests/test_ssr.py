"""Server-side rendering: pages arrive as HTML, and never fail because the SSR process does."""

import gzip
import json
import logging
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings
from django.contrib import messages
from django.test import Client, override_settings
from django.urls import path, resolve

from app.accounts.tests.factories import make_user
from app.core import ssr
from app.core.compression import _segment_in
from app.core.inertia import ERRORS_SESSION_KEY, render_page
from app.core.roles import Role
from app.core.ssr_process import BUNDLE
from app.core.tests.helpers import deflated_flushed, gzip_deflate_stream, run_at_once
from app.teams.tests.factories import make_team
from app.urls import urlpatterns as app_urlpatterns

pytestmark = pytest.mark.django_db

needs_bundle = pytest.mark.skipif(not BUNDLE.exists(), reason="no SSR bundle: vite build --ssr")


def _broken_course(request):
    # Props the Course page cannot render: it throws on the server.
    return render_page(request, "Learning/Course", {"course": None})


def _login_with_a_message(request):
    # The login page as it shows after an action that says something once.
    messages.info(request, "Zapisano.")
    return resolve("/login").func(request)


urlpatterns = [
    path("broken", _broken_course),
    path("message", _login_with_a_message),
    *app_urlpatterns,
]


@pytest.fixture(autouse=True)
def _fresh_ssr_state():
    ssr.cache_clear()
    yield
    ssr.cache_clear()


@pytest.fixture
def ssr_on(ssr_process):
    # A fresh Node process renders its first pages slowly (cold JIT), and a machine busy
    # with other tests may stall it for longer than a page would wait: these tests check
    # what is rendered, the timeout has its own test (a slow process).
    with override_settings(SSR_ENABLED=True, SSR_URL=ssr_process.url, SSR_TIMEOUT_SECONDS=10):
        for language in ["pl", "en"]:
            Client(cookies={"platforma_language": language}).get("/login")
        ssr.cache_clear()
        yield ssr_process


class FakeSsr:
    """An SSR process that answers what a test tells it to, counting the pages asked for."""

    def __init__(self, answer):
        self.answer = answer
        self.requests = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                fake.requests += 1
                self.rfile.read(int(self.headers["Content-Length"]))
                status, body, delay = fake.answer()
                time.sleep(delay)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except BrokenPipeError:
                    pass  # Django stopped waiting: what the slow-process test wants.

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake_ssr():
    servers = []

    def start(answer):
        server = FakeSsr(answer)
        servers.append(server)
        return override_settings(SSR_ENABLED=True, SSR_URL=server.url), server

    yield start
    for server in servers:
        server.close()


def _valid(title="Strona"):
    body = (
        '<script data-page="app" type="application/json">{}</script>'
        '<div data-server-rendered="true" id="app"><p>Z serwera</p></div>'
    )
    return (
        200,
        json.dumps({"head": [f"<title data-inertia>{title}</title>"], "body": body}).encode(),
        0,
    )


def _client_rendered(html: str) -> bool:
    return '<div id="app"></div>' in html and "data-server-rendered" not in html


@needs_bundle
def test_the_login_page_arrives_rendered_with_its_title(client, ssr_on):
    response = client.get("/login")
    html = response.content.decode()

    assert response.status_code == 200
    assert 'data-server-rendered="true"' in html
    assert "Mam już konto" in html
    assert "Załóż darmowe konto" in html
    assert html.count("<title") == 1
    assert '<title data-inertia="">Logowanie i rejestracja · Platforma</title>' in html
    assert '<html lang="pl">' in html
    assert re.search(r'<script data-page="app" type="application/json">\{"component"', html)
    assert re.match(r"ssr;dur=\d+\.\d$", response.headers["Server-Timing"])


@needs_bundle
def test_an_english_visit_is_rendered_in_english(client, ssr_on):
    client.cookies["platforma_language"] = "en"
    html = client.get("/login").content.decode()

    assert '<html lang="en">' in html
    assert "I already have an account" in html or "Log in" in html
    assert "Mam już konto" not in html


@needs_bundle
def test_a_page_the_server_render_throws_on_is_rendered_in_the_browser(client, ssr_on, caplog):
    with override_settings(ROOT_URLCONF=__name__), caplog.at_level(logging.WARNING):
        response = client.get("/broken")

    assert response.status_code == 200
    assert _client_rendered(response.content.decode())
    messages = [r.getMessage() for r in caplog.records if r.name == "app.core.ssr"]
    assert len(messages) == 1
    assert messages[0].startswith("SSR of Learning/Course failed: ")


@needs_bundle
def test_stopping_the_ssr_process_mid_run_breaks_no_page(client, ssr_on, caplog):
    learner = make_user()
    assert "data-server-rendered" in client.get("/login").content.decode()

    ssr_on.kill_child()
    ssr.cache_clear()
    with caplog.at_level(logging.WARNING):
        for url in ["/login", "/p/haslo/przypomnij", "/thehero_piwnica", "/nie-ma-takiej"]:
            response = client.get(url)
            assert response.status_code in (200, 404), url
            assert _client_rendered(response.content.decode()), url
        client.force_login(learner)
        response = client.get("/platforma")
        assert response.status_code == 200
        assert _client_rendered(response.content.decode())
    outage = [r.getMessage() for r in caplog.records if r.name == "app.core.ssr"]
    # Logged once for the outage, naming the page it hit.
    assert len(outage) == 1
    assert outage[0].startswith("SSR of Accounts/Login failed (process unreachable")

    # The supervisor starts it again, and pages are rendered on the server again.
    assert ssr_on.wait_healthy()
    ssr.cache_clear()
    with override_settings(SSR_TIMEOUT_SECONDS=10, SSR_RETRY_SECONDS=0):
        time.sleep(0.1)
        assert "data-server-rendered" in client.get("/platforma").content.decode()


def test_a_slow_ssr_process_costs_the_page_at_most_the_timeout(client, fake_ssr, caplog):
    settings_on, _server = fake_ssr(lambda: (*_valid()[:2], 5.0))
    with settings_on, caplog.at_level(logging.WARNING):
        started = time.perf_counter()
        response = client.get("/login")
        elapsed = time.perf_counter() - started

    assert response.status_code == 200
    assert _client_rendered(response.content.decode())
    # Not the 5 s the process takes (the page itself may be slow on a busy machine).
    assert elapsed < 2.5
    assert [r.getMessage() for r in caplog.records if r.name == "app.core.ssr"] == [
        "SSR of Accounts/Login took over 0.2 s; rendered in the browser"
    ]


@pytest.mark.parametrize(
    "answer",
    [
        (200, b"<html>not json</html>", 0),
        (200, b'{"head": "x", "body": "<div>"}', 0),
        (200, json.dumps({"head": [], "body": "<script>alert(1)</script>"}).encode(), 0),
        (500, b'{"error": "boom"}', 0),
        # A lone surrogate, which JSON may escape but no page can hold.
        (200, _valid()[1].replace(b"Z serwera", b"Z serwera \\ud800"), 0),
    ],
)
def test_an_ssr_process_answering_garbage_leaves_the_page_to_the_browser(
    client, fake_ssr, caplog, answer
):
    settings_on, _server = fake_ssr(lambda: answer)
    with settings_on, caplog.at_level(logging.WARNING):
        response = client.get("/login")

    html = response.content.decode()
    assert response.status_code == 200
    assert _client_rendered(html)
    assert "alert(1)" not in html
    messages = [r.getMessage() for r in caplog.records if r.name == "app.core.ssr"]
    assert len(messages) == 1
    assert messages[0].startswith("SSR of Accounts/Login ")


def test_anonymous_pages_are_rendered_once_and_then_come_from_the_cache(client, fake_ssr):
    settings_on, server = fake_ssr(_valid)
    with settings_on:
        first = client.get("/login").content.decode()
        second = client.get("/login").content.decode()
        client.get("/login?form=login")

    assert "<p>Z serwera</p>" in first
    assert first == second
    # The same page JSON once; another URL is another page.
    assert server.requests == 2


@pytest.mark.django_db(transaction=True)
def test_a_page_many_open_at_once_is_rendered_once(fake_ssr):
    # Six visitors open the login page together while the SSR process takes its time: it
    # is sent to the process once, and every visitor gets it rendered.
    settings_on, server = fake_ssr(lambda: (*_valid()[:2], 0.5))
    pages: list[str] = []

    def visit_login() -> None:
        pages.append(Client().get("/login").content.decode())

    with settings_on, override_settings(SSR_TIMEOUT_SECONDS=5):
        run_at_once(*[visit_login] * 6)

    assert server.requests == 1
    assert len(pages) == 6
    assert all("<p>Z serwera</p>" in page for page in pages)


def test_a_visitor_whose_turn_comes_after_the_page_was_kept_gets_it_without_a_render(
    client, fake_ssr, monkeypatch
):
    # The login page was not kept when this visitor asked for it; before their turn to send
    # it to the SSR process, another visitor's render ended and kept it.
    settings_on, server = fake_ssr(_valid)
    run = ssr._renders.run

    def another_visitor_ends_first(key, work, *, wait):
        monkeypatch.setattr(ssr._renders, "run", run)
        Client().get("/login")
        return run(key, work, wait=wait)

    monkeypatch.setattr(ssr._renders, "run", another_visitor_ends_first)
    with settings_on:
        page = client.get("/login").content.decode()

    assert "<p>Z serwera</p>" in page
    assert server.requests == 1


@pytest.mark.django_db(transaction=True)
def test_visitors_waiting_for_a_render_that_fails_get_the_page_to_render_themselves(
    fake_ssr, caplog
):
    # The one render they wait for fails: each gets the page for the browser to render, at
    # once, and the failure is logged once (for the request that asked).
    settings_on, server = fake_ssr(lambda: (500, b'{"error": "boom"}', 0.5))
    pages: list[str] = []

    def visit_login() -> None:
        pages.append(Client().get("/login").content.decode())

    with settings_on, override_settings(SSR_TIMEOUT_SECONDS=5), caplog.at_level(logging.WARNING):
        run_at_once(*[visit_login] * 3)

    assert server.requests == 1
    assert len(pages) == 3
    assert all(_client_rendered(page) for page in pages)
    messages = [r.getMessage() for r in caplog.records if r.name == "app.core.ssr"]
    assert messages == ["SSR of Accounts/Login failed: boom; rendered in the browser"]


def test_an_accounts_unchanged_page_is_reused_for_that_account_alone(client, fake_ssr):
    settings_on, server = fake_ssr(_valid)
    client.force_login(make_user(first_name="Ola"))
    other = Client()
    other.force_login(make_user(first_name="Ewa"))
    with settings_on:
        client.get("/platforma")
        client.get("/platforma")
        assert server.requests == 1
        # Another account's page JSON differs (its name, its courses): rendered for it.
        other.get("/platforma")
    assert server.requests == 2


def test_a_kept_page_is_rendered_again_when_its_props_or_its_visitor_change(client, fake_ssr):
    # The team page's props come from its cache entry, encoded (EncodedProps): the HTML is
    # kept by their digest and the rest of the page JSON, never by one of them alone.
    settings_on, server = fake_ssr(_valid)
    ola = make_user(first_name="Ola", roles=[Role.MANAGER])
    ewa = make_user(first_name="Ewa", roles=[Role.MANAGER])
    team = make_team(name="Sprzedaż", managers=[ola, ewa])
    client.force_login(ola)
    other = Client()
    other.force_login(ewa)
    url = f"/manager/zespol/{team.pk}"
    with settings_on:
        client.get(url)
        client.get(url)
        assert server.requests == 1
        other.get(url)  # the same team, another manager's name in the menu
        assert server.requests == 2
        team.name = "Marketing"
        team.save()
        client.get(url)  # the same manager, the team's props changed
        assert server.requests == 3


def test_a_page_with_a_flash_message_is_rendered_but_never_kept(client, fake_ssr):
    settings_on, server = fake_ssr(_valid)
    with settings_on, override_settings(ROOT_URLCONF=__name__):
        html = client.get("/message").content.decode()
    assert "<p>Z serwera</p>" in html
    assert server.requests == 1
    assert len(ssr._cache) == 0


def test_the_cache_keeps_within_its_bytes(client, fake_ssr, monkeypatch):
    settings_on, _server = fake_ssr(_valid)
    with settings_on:
        client.get("/login")
        page_bytes = ssr._cache.bytes_used
        monkeypatch.setattr(ssr._cache, "budget", 10 * page_bytes)
        for n in range(40):
            client.get(f"/login?form=login&n={n}")
    assert 0 < len(ssr._cache) < 40
    assert ssr._cache.bytes_used <= 10 * page_bytes


def test_without_ssr_the_page_is_rendered_in_the_browser(client):
    html = client.get("/login").content.decode()
    assert _client_rendered(html)
    assert "<title>Platforma</title>" in html


def test_every_page_of_a_logged_in_account_is_kept_out_of_search_engines(client):
    assert "X-Robots-Tag" not in client.get("/login").headers
    assert "X-Robots-Tag" not in client.get("/p/haslo/przypomnij").headers
    assert client.get("/thehero_piwnica").headers["X-Robots-Tag"] == "noindex"

    client.force_login(make_user())
    for url in ["/platforma", "/platforma/profil", "/odbierz_kurs", "/api/notifications"]:
        assert client.get(url).headers["X-Robots-Tag"] == "noindex", url


@pytest.mark.parametrize(
    ("agent", "cookie", "banner"),
    [
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130 Mobile", None, "android"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1", None, "ios"),
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1", None, "ios"),
        ("Mozilla/5.0 (X11; Linux x86_64) Chrome/130", None, None),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130 Mobile", "false", None),
    ],
)
def test_the_server_decides_the_mobile_app_banner(client, agent, cookie, banner):
    # So the server's HTML already holds it: nothing moves when the page comes alive.
    if cookie:
        client.cookies["download-app-banner"] = cookie
    page = client.get("/login", headers={"X-Inertia": "true", "User-Agent": agent}).json()
    assert page["props"]["shell"]["app_banner"] == banner


def test_a_page_with_form_errors_is_rendered_but_never_kept(client, fake_ssr):
    settings_on, server = fake_ssr(_valid)
    session = client.session
    session[ERRORS_SESSION_KEY] = {"email": "Podaj adres e-mail"}
    session.save()
    with settings_on:
        html = client.get("/login").content.decode()

    assert "<p>Z serwera</p>" in html
    assert server.requests == 1
    assert len(ssr._cache) == 0


@pytest.mark.skipif(not settings.VITE_MANIFEST.exists(), reason="no frontend build: vite build")
def test_a_server_rendered_page_carries_the_builds_tags_compressed_once(client, fake_ssr):
    # The SSR process's head comes before the build's tags, and its HTML after them: the
    # tags are found, and deflated once per process, in a page it rendered too.
    settings_on, _server = fake_ssr(_valid)
    with settings_on:
        html = client.get("/login").content
        compressed = client.get("/login", headers={"Accept-Encoding": "gzip"}).content

    assert b"<p>Z serwera</p>" in html
    found = _segment_in(html)
    assert found is not None
    assert html.index(b"<title data-inertia>Strona</title>") < found[0]
    assert gzip.decompress(compressed).startswith(html[: found[0]])
    assert deflated_flushed(found[1].text, settings.RESPONSE_GZIP_LEVEL) in gzip_deflate_stream(
        compressed
    )


@pytest.mark.skipif(not settings.VITE_MANIFEST.exists(), reason="no frontend build: vite build")
def test_a_server_rendered_page_of_an_account_links_the_stylesheet(client, fake_ssr):
    # A visitor's page carries the build's stylesheet, an account's links it (what its
    # browser prefetched as a visitor: app/core/inline_style.py), rendered by the SSR
    # process or not.
    settings_on, _server = fake_ssr(_valid)
    with settings_on:
        visitors = client.get("/login").content.decode()
        client.force_login(make_user())
        accounts = client.get("/platforma").content.decode()

    for html in (visitors, accounts):
        assert "<p>Z serwera</p>" in html
    assert "<style>" in visitors
    assert 'rel="stylesheet"' not in visitors
    assert "<style>" not in accounts
    assert accounts.count('rel="stylesheet"') == 1
