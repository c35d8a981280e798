"""Pages of a logged-in account leave no copy behind: no-store, and an encrypted history
that the logout makes unreadable (PrivatePagesMiddleware, AccountAdapter.logout)."""

import re
import time

import pytest
from django.http import HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.http import http_date
from playwright.sync_api import expect

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.middleware import NEVER_CACHED, never_cached
from app.core.roles import Role
from app.core.tests.helpers import log_in, log_out, page_of, post_json, visit


@pytest.mark.django_db
def test_logged_in_answers_are_not_stored(client):
    client.force_login(make_user())
    for response in (client.get("/platforma"), visit(client, "/platforma/profil")):
        assert "no-store" in response.headers["Cache-Control"]
        assert "private" in response.headers["Cache-Control"]


def test_a_page_is_kept_from_caches_exactly_as_django_keeps_it(monkeypatch):
    monkeypatch.setattr(time, "time", lambda: 1_790_000_000.0)
    ours, djangos = HttpResponse(), HttpResponse()
    never_cached(ours)
    add_never_cache_headers(djangos)
    assert dict(ours.headers) == dict(djangos.headers)
    assert ours["Cache-Control"] == NEVER_CACHED


def test_a_pages_expiry_date_follows_the_clock_second_by_second(monkeypatch):
    now = [1_790_000_000.2]
    monkeypatch.setattr(time, "time", lambda: now[0])
    answers = []
    for moment in (1_790_000_000.2, 1_790_000_000.9, 1_790_000_001.0, 1_790_000_000.5):
        now[0] = moment
        answer = HttpResponse()
        never_cached(answer)
        answers.append(answer["Expires"])
    assert answers == [
        http_date(1_790_000_000),
        http_date(1_790_000_000),
        http_date(1_790_000_001),
        # The clock set back (a correction) is followed too.
        http_date(1_790_000_000),
    ]


@pytest.mark.parametrize(
    "headers",
    [
        # A directive Django's merge keeps, beside one it replaces.
        {"Cache-Control": "no-transform, max-age=60"},
        {"Expires": "Thu, 01 Jan 2026 00:00:00 GMT"},
    ],
)
def test_a_page_with_caching_of_its_own_is_merged_as_django_merges_it(monkeypatch, headers):
    monkeypatch.setattr(time, "time", lambda: 1_790_000_000.0)
    ours, djangos = HttpResponse(headers=headers), HttpResponse(headers=headers)
    never_cached(ours)
    add_never_cache_headers(djangos)
    assert dict(ours.headers) == dict(djangos.headers)
    assert "no-store" in ours["Cache-Control"]
    assert "no-transform" in ours["Cache-Control"] or "Cache-Control" not in headers


@pytest.mark.django_db
def test_the_answers_that_log_in_and_out_are_not_stored_either(client):
    make_user(email="ola@example.com")
    response = post_json(
        client, "/login", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD}
    )
    assert "no-store" in response.headers["Cache-Control"]
    response = client.post("/logout")
    assert "no-store" in response.headers["Cache-Control"]


@pytest.mark.django_db
def test_anonymous_pages_keep_their_caching(client):
    assert "no-store" not in client.get("/login").headers.get("Cache-Control", "")


@pytest.mark.django_db
def test_logged_in_pages_encrypt_their_history_and_anonymous_ones_do_not(client):
    assert page_of(visit(client, "/login"))["encryptHistory"] is False
    client.force_login(make_user())
    assert page_of(visit(client, "/platforma/profil"))["encryptHistory"] is True


@pytest.mark.django_db
@pytest.mark.parametrize("logout_url", ["/logout", "/admin/logout/"])
def test_logout_clears_the_history_on_the_next_page(client, logout_url):
    client.force_login(make_user(roles=[Role.ADMIN] if "admin" in logout_url else []))

    client.post(logout_url)

    first, second = page_of(visit(client, "/login")), page_of(visit(client, "/login"))
    assert (first["clearHistory"], second["clearHistory"]) == (True, False)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_back_after_logout_shows_nothing_private(live_server, page):
    log_in(
        page,
        live_server,
        make_user(email="ola@example.com", first_name="Ola", last_name="Prywatna"),
    )
    page.goto(f"{live_server.url}/platforma/profil")
    expect(page.get_by_label("E-mail")).to_have_value("ola@example.com")

    log_out(page)
    page.wait_for_url(re.compile(r"/login"))
    page.go_back()

    expect(page).to_have_url(re.compile(r"/login"))
    expect(page.get_by_text("ola@example.com")).to_have_count(0)
    # Nothing of the profile is shown, nor left in the document.
    assert "Prywatna" not in page.content()
