"""The data export in Chromium: asked for on the profile, downloaded once from the link."""

import json

import pytest
from django.core import mail
from playwright.sync_api import expect

from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import links_in, path_of
from app.core.models import DataExport
from app.core.tests.helpers import axe_violations, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_ask_on_the_profile_and_download_the_file_once(live_server, page, viewport, tmp_path):
    log_in(page, live_server, make_user(email="ola@example.com", first_name="Ola"))
    page.goto(f"{live_server.url}/platforma/profil")

    page.get_by_role("button", name="Poproś o moje dane").click()
    expect(
        page.get_by_text(
            "Przygotowujemy Twoje dane. Link do pliku wyślemy na adres ola@example.com."
        )
    ).to_be_visible()
    [message] = mail.outbox
    [url] = links_in(message)

    page.goto(f"{live_server.url}{path_of(url)}")
    expect(page.get_by_role("heading", name="Twoje dane")).to_be_visible()
    assert axe_violations(page) == []
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Pobierz moje dane").click()
    download = download_info.value
    assert download.suggested_filename.startswith("platforma-dane-")
    saved = tmp_path / "dane.json"
    download.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["account"]["email"] == "ola@example.com"
    expect(page.get_by_text("Pobieranie rozpoczęte.")).to_be_visible()
    assert DataExport.objects.get().used_at is not None

    page.goto(f"{live_server.url}{path_of(url)}")
    expect(
        page.get_by_text(
            "Ten link do danych został już wykorzystany. Poproś o nowy na stronie profilu."
        )
    ).to_be_visible()
    expect(page.get_by_role("button", name="Pobierz moje dane")).to_have_count(0)
