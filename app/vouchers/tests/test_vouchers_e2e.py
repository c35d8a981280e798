"""Vouchers in Chromium: the demo vouchers, the empty-code button, the guess limit, an
institution's batch redeemed by a learner, and a batch the page watches being made."""

import re
from unittest import mock

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import log_in, settled_axe_violations
from app.learning.models import Access, Course, Exam
from app.learning.tests.factories import make_course
from app.vouchers import services, tasks
from app.vouchers.models import VoucherBatch
from app.vouchers.tests.factories import make_voucher
from app.vouchers.tests.helpers import redeem_in_browser

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_each_demo_voucher_lands_on_its_products_page(live_server, page, viewport):
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    learner = make_user(first_name="jan", last_name="testowy")
    log_in(page, live_server, learner)
    python = Course.objects.get(title="Python od podstaw")
    docker = Course.objects.get(title="Docker od podstaw")

    redeem_in_browser(page, live_server, " demo-course ")
    expect(page).to_have_url(f"{live_server.url}/platforma/kurs/{python.pk}")
    expect(page.get_by_text("Odebrano kurs: Python od podstaw.")).to_be_visible()

    redeem_in_browser(page, live_server, "DEMO-EXAM")
    expect(page).to_have_url(f"{live_server.url}/platforma/egzamin")
    exam = Exam.objects.get(title="Egzamin: Python - poziom podstawowy")
    expect(page.get_by_role("heading", name=exam.title)).to_be_visible()

    redeem_in_browser(page, live_server, "DEMO-PATH")
    expect(page).to_have_url(f"{live_server.url}/platforma/moje_kursy")
    expect(page.get_by_role("heading", name="Ścieżka: Backend developer")).to_be_visible()

    redeem_in_browser(page, live_server, "DEMO-EMPTY")
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(
        "Wykorzystany voucher nie posiada przypisanego kursu, proszę skontaktuj się z "
        "administratorem."
    )
    assert settled_axe_violations(page) == []
    dialog.get_by_role("button", name="OK").click()
    expect(dialog).to_be_hidden()

    redeem_in_browser(page, live_server, "DEMO-SINGLE")
    expect(page).to_have_url(f"{live_server.url}/platforma/kurs/{docker.pk}")
    # The single seat is gone: the next learner hears so.
    page.context.clear_cookies()
    log_in(page, live_server, make_user())
    redeem_in_browser(page, live_server, "DEMO-SINGLE")
    expect(page.get_by_role("alertdialog")).to_contain_text(
        "Ten voucher został już wykorzystany przez wszystkie osoby, dla których był."
    )
    assert set(Access.objects.filter(user=learner).values_list("source", flat=True)) == {"voucher"}
    assert Access.objects.filter(user=learner).count() == 4


def test_the_button_waits_for_a_code_and_names_the_learner(live_server, page, viewport):
    log_in(page, live_server, make_user(first_name="anna", last_name="kowalska"))
    page.goto(f"{live_server.url}/odbierz_kurs")
    expect(page.get_by_role("heading", name="Wprowadź voucher aby odebrać produkt")).to_be_visible()
    button = page.get_by_role("button", name="Wykorzystaj jako Anna Kowalska")
    expect(button).to_be_disabled()
    page.get_by_label("Kod vouchera").fill("   ")
    expect(button).to_be_disabled()
    page.get_by_label("Kod vouchera").fill("A")
    expect(button).to_be_enabled()
    assert settled_axe_violations(page) == []

    page.goto(f"{live_server.url}/odbierz_kurs/demo-course")
    expect(page.get_by_label("Kod vouchera")).to_have_value("DEMO-COURSE")
    expect(button).to_be_enabled()


def test_too_many_wrong_codes_are_stopped(live_server, page):
    course = make_course()
    make_voucher(code="PRAWDZIWY", product=course, seats=3)
    log_in(page, live_server, make_user())
    for n in range(10):
        redeem_in_browser(page, live_server, f"ZLY-{n}")
        dialog = page.get_by_role("alertdialog")
        expect(dialog).to_contain_text("Nie znaleźliśmy vouchera o tym kodzie.")
        dialog.get_by_role("button", name="OK").click()

    redeem_in_browser(page, live_server, "PRAWDZIWY")

    expect(page.get_by_role("alertdialog")).to_contain_text(
        "Zbyt wiele prób z nieprawidłowym kodem. Spróbuj ponownie za kilka minut."
    )
    assert not Access.objects.exists()


def test_an_institution_batch_redeemed_by_a_learner(live_server, page, viewport):
    course = make_course(title="Kurs dla instytucji")
    institution = make_user(roles=["INSTITUTION"])
    log_in(page, live_server, institution)

    page.goto(f"{live_server.url}/instytucja")
    expect(page.get_by_role("heading", name="Multilicencje")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.get_by_label("Co daje voucher").select_option(label="Kurs dla instytucji")
    page.get_by_label("Liczba kodów").fill("10001")
    page.get_by_label("Liczba kodów").blur()
    expect(page.get_by_text("Liczba kodów musi być liczbą całkowitą od 1 do 10")).to_be_visible()
    expect(page.get_by_role("button", name="Wygeneruj kody")).to_be_disabled()
    page.get_by_label("Liczba kodów").fill("3")
    page.get_by_label("Nazwa puli (opcjonalnie)").fill("Grupa testowa")
    page.get_by_role("button", name="Wygeneruj kody").click()

    expect(page.get_by_role("heading", name="Grupa testowa")).to_be_visible()
    expect(page.get_by_text("Zamówione kody: 3.")).to_be_visible()
    expect(page.get_by_role("link", name="Pobierz pulę jako CSV")).to_be_visible()
    assert settled_axe_violations(page) == []
    batch_url = page.url
    code = page.locator("li span.font-mono").first.inner_text()

    page.context.clear_cookies()
    learner = make_user(first_name="Ewa", last_name="Uczennica", email="ewa@example.com")
    log_in(page, live_server, learner)
    redeem_in_browser(page, live_server, code.lower())
    expect(page).to_have_url(f"{live_server.url}/platforma/kurs/{course.pk}")

    page.context.clear_cookies()
    log_in(page, live_server, institution)
    page.goto(batch_url)
    expect(page.get_by_text("Wykorzystane: 1 · wolne: 2")).to_be_visible()
    expect(page.get_by_role("cell", name=re.compile("Ewa Uczennica"))).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Pobierz pulę jako CSV").click()
    text = open(download.value.path(), encoding="utf-8-sig").read()  # noqa: SIM115
    assert code in text and "ewa@example.com" in text


def test_an_issuer_watches_a_batch_being_made_and_downloads_it(live_server, page, viewport):
    make_course(title="Kurs w tle")
    institution = make_user(roles=["INSTITUTION"])
    log_in(page, live_server, institution)
    page.goto(f"{live_server.url}/instytucja")
    page.get_by_label("Co daje voucher").select_option(label="Kurs w tle")
    page.get_by_label("Liczba kodów").fill("40")
    page.get_by_label("Nazwa puli (opcjonalnie)").fill("Pula w tle")
    # The worker is busy: the batch page opens before any code exists.
    with mock.patch.object(tasks.batch_codes_generate, "delay_on_commit") as enqueue:
        page.get_by_role("button", name="Wygeneruj kody").click()
        expect(page.get_by_role("heading", name="Pula w tle")).to_be_visible()
    batch = VoucherBatch.objects.get()
    enqueue.assert_called_once_with(batch_id=batch.pk)
    expect(page.get_by_text("Zamówione kody: 40.")).to_be_visible()
    status = page.get_by_role("status").filter(has_text="Generujemy kody")
    expect(status).to_contain_text("Gotowe: 0 z 40.")
    expect(page.get_by_role("link", name="Pobierz pulę jako CSV")).to_have_count(0)
    assert settled_axe_violations(page) == []

    # The worker gets to it; the page, asking every two seconds, shows it done by itself.
    services.batch_codes_generate(batch_id=batch.pk)
    expect(page.get_by_role("link", name="Pobierz pulę jako CSV")).to_be_visible(timeout=10_000)
    expect(page.get_by_text("Generujemy kody")).to_have_count(0)
    expect(page.locator("li span.font-mono")).to_have_count(40)
    with page.expect_download() as download:
        page.get_by_role("link", name="Pobierz pulę jako CSV").click()
    text = open(download.value.path(), encoding="utf-8-sig").read()  # noqa: SIM115
    codes = set(batch.vouchers.values_list("code", flat=True))
    assert len(codes) == 40 and all(code in text for code in codes)


def test_the_form_shown_again_by_back_orders_a_new_batch(live_server, page):
    # Back shows the form again with the props of its first showing: the order made from
    # it then is not answered again (the same batch, as if the new one had been made).
    make_course(title="Kurs pierwszy")
    make_course(title="Kurs drugi")
    log_in(page, live_server, make_user(roles=["INSTITUTION"]))
    page.goto(f"{live_server.url}/instytucja")
    batch_pages = []
    for product, size in (("Kurs pierwszy", "2"), ("Kurs pierwszy", "2"), ("Kurs drugi", "5")):
        if batch_pages:
            page.go_back()
        expect(page.get_by_role("heading", name="Multilicencje")).to_be_visible()
        page.get_by_label("Co daje voucher").select_option(label=product)
        page.get_by_label("Liczba kodów").fill(size)
        page.get_by_role("button", name="Wygeneruj kody").click()
        expect(page.get_by_text(f"Zamówione kody: {size}.")).to_be_visible()
        batch_pages.append(page.url)
    assert len(set(batch_pages)) == 3
    assert sorted(VoucherBatch.objects.values_list("size", flat=True)) == [2, 2, 5]
