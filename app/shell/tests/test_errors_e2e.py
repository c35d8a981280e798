"""Each failed status of a page visit or a JSON call, and app updates, in Chromium
(docs/behaviour.md#error-dialogs)."""

import pytest
from playwright.sync_api import expect

from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.core.tests.helpers import axe_violations, log_in
from app.shell.tests.helpers import (
    answer_html,
    answer_json,
    mark_document,
    open_notes,
    same_document,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SERVER = (
    "Wystąpił błąd serwera. Spróbuj ponownie później lub wyślij zgłoszenie na "
    "pomoc@platforma.example"
)
TIMEOUT = "Sprawdź połączenie z internetem lub spróbuj ponownie później... pomoc@platforma.example"
OFFLINE = (
    "Wystąpił problem z łącznością, jeśli sytuacja się powtórzy skontaktuj się z administratorem."
)
UPDATING = (
    "Aktualizujemy właśnie naszą stronę, wracamy za kilka chwil. Przepraszamy za niedogodności."
)


@pytest.mark.parametrize(
    ("answer", "text"),
    [
        (answer_json(500, {"error": {"message": "Wystąpił błąd serwera.", "code": 500}}), SERVER),
        (answer_html(504, "<html>Gateway Timeout</html>"), TIMEOUT),
    ],
    ids=["500", "504"],
)
def test_server_errors_name_the_support_address_then_reload(learner_page, answer, text):
    page = learner_page
    page.route("**/platforma/notatki", answer)
    mark_document(page)
    open_notes(page)

    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(text)
    expect(dialog.get_by_role("link", name="pomoc@platforma.example")).to_have_attribute(
        "href", "mailto:pomoc@platforma.example"
    )
    assert axe_violations(page) == []
    with page.expect_event("load"):
        dialog.get_by_role("button", name="OK").click()
    assert not same_document(page)
    expect(page).to_have_url(f"{page.url.split('/platforma')[0]}/platforma")


def test_lost_connection_then_reload(learner_page):
    page = learner_page
    page.route("**/platforma/notatki", lambda route: route.abort("internetdisconnected"))
    mark_document(page)
    open_notes(page)
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(OFFLINE)
    with page.expect_event("load"):
        dialog.get_by_role("button", name="OK").click()
    assert not same_document(page)


def test_401_logs_out_and_goes_to_login(learner_page, live_server):
    page = learner_page
    page.route(
        "**/platforma/notatki",
        answer_json(401, {"error": {"message": "x", "code": "unauthenticated"}}),
    )
    open_notes(page)
    dialog = page.get_by_role("alertdialog", name="Sesja zakończona")
    expect(dialog).to_contain_text("Zostałeś wylogowany z platformy")
    dialog.get_by_role("button", name="OK").click()
    expect(page).to_have_url(f"{live_server.url}/login")
    page.goto(f"{live_server.url}/platforma")
    expect(page).to_have_url(f"{live_server.url}/login?returnUrl=%2Fplatforma")


def test_403_shows_the_server_message_and_stays(learner_page, live_server):
    page = learner_page
    page.route(
        "**/platforma/notatki",
        answer_json(403, {"error": {"message": "Tylko dla członków zespołu.", "code": 403}}),
    )
    mark_document(page)
    open_notes(page)
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Tylko dla członków zespołu.")
    dialog.get_by_role("button", name="OK").click()
    expect(dialog).to_have_count(0)
    expect(page).to_have_url(f"{live_server.url}/platforma")
    assert same_document(page)


@pytest.mark.parametrize("status", [418, 502, 503])
def test_any_other_status_goes_to_login_and_reloads(learner_page, live_server, status):
    page = learner_page
    page.route("**/platforma/notatki", answer_html(status, "<html>busy</html>"))
    open_notes(page)
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(UPDATING)
    dialog.get_by_role("button", name="OK").click()
    # Still logged in on the server: /login sends the user on to the learner area.
    expect(page).to_have_url(f"{live_server.url}/platforma")


@pytest.mark.parametrize(("email", "roles", "after"), [("a@example.com", [Role.ADMIN], "/admin/")])
def test_a_visit_answered_400_goes_to_admin_for_admins(live_server, page, email, roles, after):
    log_in(page, live_server, make_user(email=email, roles=roles))
    page.goto(f"{live_server.url}/platforma")
    page.route(
        "**/platforma/notatki",
        answer_json(400, {"error": {"message": "Nieprawidłowy adres.", "code": 400}}),
    )
    page.get_by_role("main").get_by_role("link", name="Notatki").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Nieprawidłowy adres.")
    dialog.get_by_role("button", name="OK").click()
    expect(page).to_have_url(f"{live_server.url}{after}")


def test_a_visit_answered_400_goes_home_for_learners(learner_page, live_server):
    page = learner_page
    page.route(
        "**/platforma/notatki",
        answer_json(400, {"error": {"message": "Nieprawidłowy adres.", "code": 400}}),
    )
    open_notes(page)
    page.get_by_role("alertdialog").get_by_role("button", name="OK").click()
    expect(page).to_have_url(f"{live_server.url}/platforma")
    expect(page.get_by_role("alertdialog")).to_have_count(0)


def test_a_missing_page_renders_without_a_dialog(learner_page, live_server):
    page = learner_page
    page.route(
        "**/platforma/notatki",
        lambda route: route.continue_(url=f"{live_server.url}/platforma/nie-ma-takiej"),
    )
    open_notes(page)
    expect(page.get_by_role("heading", name="Nie znaleziono strony")).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_have_count(0)


def test_a_failed_json_call_shows_the_dialog(learner_page):
    page = learner_page
    page.route(
        "**/api/notifications", answer_json(500, {"error": {"message": "boom", "code": 500}})
    )
    page.get_by_role("button", name="Powiadomienia").click()
    expect(page.get_by_role("alertdialog")).to_contain_text(SERVER)


def test_a_real_refusal_from_the_server(learner_page, live_server):
    page = learner_page
    page.route(
        "**/platforma/notatki", lambda route: route.continue_(url=f"{live_server.url}/manager")
    )
    open_notes(page)
    expect(page.get_by_role("alertdialog")).to_contain_text(
        "Nie masz dostępu do tej części platformy."
    )


class TestAppUpdate:
    def test_a_new_build_reloads_once_and_continues_to_the_target(self, learner_page, live_server):
        page = learner_page
        page.route("**/api/version", answer_json(200, {"version": "a-newer-build"}))
        # The check runs once the reloaded page is idle: however long that takes on a busy
        # machine, the wait is for its answer, then for the page to read it.
        with page.expect_response("**/api/version"):
            page.reload()
        page.wait_for_timeout(500)
        mark_document(page)

        with page.expect_event("load"):
            open_notes(page)
        expect(page).to_have_url(f"{live_server.url}/platforma/notatki")
        assert not same_document(page)
        assert page.evaluate("sessionStorage.getItem('redirect')") is None
        assert page.evaluate("sessionStorage.getItem('reloaded')") == "true"

        # The server still reports another build: navigating on never reloads again.
        page.wait_for_timeout(500)
        mark_document(page)
        page.get_by_role("main").get_by_role("link", name="Egzaminy").click()
        expect(page).to_have_url(f"{live_server.url}/platforma/egzamin")
        assert same_document(page)

    def test_no_reload_without_a_new_build(self, learner_page, live_server):
        page = learner_page
        page.wait_for_timeout(500)
        mark_document(page)
        open_notes(page)
        expect(page).to_have_url(f"{live_server.url}/platforma/notatki")
        assert same_document(page)
        assert page.evaluate("sessionStorage.getItem('reloaded')") is None
