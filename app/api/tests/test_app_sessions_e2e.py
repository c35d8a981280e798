"""The mobile app's sessions on the profile page in Chromium: the app logs in through the
API, the learner sees the device and logs it out with one button."""

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from app.accounts.models import AppToken
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.tests.helpers import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def app_login(base_url: str) -> str:
    request = urllib.request.Request(
        f"{base_url}/api/public/login",
        data=json.dumps({"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}).encode(),
        headers={"Content-Type": "application/json", "User-Agent": "Platforma/2.1 (Android 14)"},
        method="POST",
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)["value"]


def app_status(base_url: str, token: str) -> int:
    request = urllib.request.Request(
        f"{base_url}/api/app/user", headers={"X-Platforma-Token": token}
    )
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def test_the_learner_logs_the_app_out_from_the_profile(live_server, page):
    ola = make_user(email="ola@example.com")
    token = app_login(live_server.url)
    log_in(page, live_server, ola)

    page.goto(f"{live_server.url}/platforma/profil")
    section = page.get_by_role("region", name="Aplikacja mobilna")
    expect(section.get_by_text("Platforma/2.1 (Android 14)")).to_be_visible()
    section.get_by_role("button", name="Wyloguj").click()

    expect(page.get_by_text("Aplikacja na tym urządzeniu została wylogowana.")).to_be_visible()
    expect(
        section.get_by_text("Nie jesteś zalogowany w aplikacji mobilnej na żadnym urządzeniu.")
    ).to_be_visible()
    assert not AppToken.objects.exists()
    assert app_status(live_server.url, token) == 401


def test_a_session_ended_meanwhile_is_refused_in_the_error_dialog(live_server, page):
    ola = make_user(email="ola@example.com")
    app_login(live_server.url)
    log_in(page, live_server, ola)
    page.goto(f"{live_server.url}/platforma/profil")
    section = page.get_by_role("region", name="Aplikacja mobilna")
    expect(section.get_by_text("Platforma/2.1 (Android 14)")).to_be_visible()
    # Ended on the phone (or in another tab) after the page was shown.
    AppToken.objects.all().delete()

    section.get_by_role("button", name="Wyloguj").click()

    dialog = page.get_by_role("alertdialog", name="Nie udało się")
    expect(dialog).to_contain_text("Ta sesja aplikacji jest już zakończona.")
    dialog.get_by_role("button", name="OK").click()
    expect(dialog).to_be_hidden()
