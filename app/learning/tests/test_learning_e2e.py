"""The learner area in Chromium: courses, lessons, certificates, notes, profile, empty states."""

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import PHONE, log_in, settled_axe_violations
from app.learning.models import Note
from app.learning.tests.factories import grant, make_course, make_exam, make_path
from app.shell.tests.helpers import wait_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_finish_a_course_and_get_the_certificate(live_server, page, viewport):
    learner = make_user(first_name="ola", last_name="nowak")
    course = make_course(title="Python od podstaw", lessons=2, questions=1)
    grant(learner, course)
    grant(learner, make_path(title="Ścieżka backend", courses=[make_course(title="Django")]))
    log_in(page, live_server, learner)

    page.goto(f"{live_server.url}/platforma/moje_kursy")
    expect(page.get_by_role("heading", name="Szkolenia", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Ścieżka backend")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.get_by_role("link", name="Python od podstaw").click()

    expect(page).to_have_url(f"{live_server.url}/platforma/kurs/{course.pk}")
    expect(page.get_by_text("Ukończone lekcje: 0 z 2")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.get_by_role("button", name="Oznacz jako ukończoną: Lekcja 1").click()
    expect(page.get_by_text("Ukończone lekcje: 1 z 2")).to_be_visible()
    page.get_by_role("button", name="Oznacz jako ukończoną: Lekcja 2").click()

    expect(page.get_by_role("status").filter(has_text="Gratulacje!")).to_be_visible()
    expect(
        page.get_by_text(re.compile(r"Kurs ukończony! Certyfikat nr \d{4}/\d{6}"))
    ).to_be_visible()
    page.get_by_role("button", name="Dodaj do ulubionych").click()
    expect(page.get_by_role("button", name="Usuń z ulubionych")).to_be_visible()
    page.get_by_role("link", name="Zobacz certyfikaty").click()
    expect(page.get_by_role("heading", name="Ola Nowak")).to_be_visible()
    assert settled_axe_violations(page) == []

    page.get_by_role("link", name="Ulubione").click()
    expect(page.get_by_role("link", name="Python od podstaw")).to_be_visible()
    page.get_by_role("link", name="Pytania rekrutacyjne").click()
    page.get_by_text("Pytanie 1?").click()
    expect(page.get_by_text("Tak 1")).to_be_visible()
    assert settled_axe_violations(page) == []


def test_notes_create_edit_delete(live_server, page, viewport):
    learner = make_user()
    course = make_course(title="Notowany kurs")
    grant(learner, course)
    log_in(page, live_server, learner)

    page.goto(f"{live_server.url}/platforma/kurs/{course.pk}")
    page.get_by_role("link", name="Notatki do kursu").click()
    expect(page.get_by_label("Kurs", exact=True)).to_have_value(str(course.pk))
    save = page.get_by_role("button", name="Zapisz notatkę")
    expect(save).to_be_disabled()
    text = page.get_by_label("Treść notatki")
    text.fill("x" * 5001)
    text.blur()
    expect(page.get_by_text("Notatka może mieć najwyżej 5000 znaków.")).to_be_visible()
    expect(page.get_by_text("5001 z 5000 znaków")).to_be_visible()
    expect(save).to_be_disabled()
    assert settled_axe_violations(page) == []
    text.fill("Pierwsza myśl")
    save.click()
    expect(page.get_by_text("Zapisano notatkę.")).to_be_visible()
    expect(page.get_by_text("Pierwsza myśl")).to_be_visible()
    # Saved on this page: the form is empty for the next note, with no message yet.
    expect(text).to_have_value("")
    expect(page.get_by_text("Wpisz treść notatki.")).to_have_count(0)
    assert settled_axe_violations(page) == []

    page.get_by_role("button", name="Edytuj").click()
    page.locator(f"#note-edit-{Note.objects.get().pk}").fill("Druga myśl")
    page.get_by_role("button", name="Zapisz zmiany").click()
    expect(page.get_by_text("Druga myśl")).to_be_visible()
    # Saved: the form has gone, and the focus is back on the button that opened it.
    expect(page.get_by_role("button", name="Edytuj")).to_be_focused()

    page.get_by_role("button", name="Usuń", exact=True).click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Notatka do kursu Notowany kurs zostanie usunięta na zawsze.")
    assert settled_axe_violations(page) == []
    dialog.get_by_role("button", name="Usuń").click()
    expect(page.get_by_text("Nie masz jeszcze notatek.")).to_be_visible()
    # The note's card has gone with its button: the focus goes to the list's heading.
    expect(page.get_by_role("heading", name="Twoje notatki (0)")).to_be_focused()
    assert not Note.objects.exists()


def test_profile_names_and_avatar(live_server, page, viewport, media_root):
    learner = make_user(first_name="Ola", last_name="Nowak", is_profile_public=False)
    log_in(page, live_server, learner)
    page.goto(f"{live_server.url}/platforma/profil")
    expect(page.get_by_role("link", name="Usuń konto")).to_have_attribute(
        "href", "/platforma/profil/usun-konto"
    )
    assert settled_axe_violations(page) == []

    page.get_by_label("Nazwisko").fill("Nowak2")
    page.get_by_label("Nazwisko").blur()
    expect(page.get_by_text("Nazwisko może zawierać tylko litery")).to_be_visible()
    page.get_by_label("Nazwisko").fill("Kowalska")
    page.get_by_label("Profil publiczny").check()
    page.get_by_role("button", name="Zapisz zmiany").click()
    expect(page.get_by_text("Zapisano zmiany w profilu.")).to_be_visible()
    learner.refresh_from_db()
    assert (learner.last_name, learner.is_profile_public) == ("Kowalska", True)

    page.get_by_label("Nowy awatar").set_input_files(
        files=[{"name": "cv.pdf", "mimeType": "application/pdf", "buffer": b"%PDF-1.4 nope"}]
    )
    page.get_by_role("button", name="Zapisz awatar").click()
    expect(page.get_by_text("Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF.")).to_be_visible()
    assert settled_axe_violations(page) == []

    picture = io.BytesIO()
    Image.new("RGB", (80, 80), (200, 30, 30)).save(picture, format="PNG")
    page.get_by_label("Nowy awatar").set_input_files(
        files=[{"name": "me.png", "mimeType": "image/png", "buffer": picture.getvalue()}]
    )
    page.get_by_role("button", name="Zapisz awatar").click()
    expect(page.get_by_role("img", name="Twój awatar")).to_be_visible()
    learner.refresh_from_db()
    assert learner.avatar.name.endswith(".jpg")


def test_empty_states_are_honest_and_accessible(live_server, page, viewport):
    learner = make_user(is_shop_user=True, is_student=True)
    log_in(page, live_server, learner)
    empty = {
        "/platforma/moje_kursy": "Nie masz jeszcze żadnych kursów",
        "/platforma/egzamin": "Nie masz jeszcze żadnych egzaminów",
        "/platforma/pytania-rekrutacyjne": "Brak pytań rekrutacyjnych",
        "/platforma/ulubione": "Nie masz jeszcze ulubionych kursów",
        "/platforma/notatki": "Notatki piszesz do swoich kursów",
        "/platforma/certyfikaty": "Nie masz jeszcze certyfikatów",
        "/platforma/postepy": "Nie masz jeszcze żadnych kursów",
        "/platforma/student": "Nie należysz jeszcze do żadnego zespołu",
    }
    for path, title in empty.items():
        page.goto(f"{live_server.url}{path}")
        expect(page.get_by_text(title)).to_be_visible()
        assert page.locator('[aria-current="page"]').count() == 1, path
        assert settled_axe_violations(page) == [], path


def test_exams_page_and_author_area(live_server, page, viewport):
    learner = make_user(roles=["AUTHOR"])
    grant(learner, make_exam(title="Egzamin z Pythona"), source="voucher")
    make_course(title="Mój autorski kurs", author=learner)
    # A long word keeps the table wider than a phone: the table scrolls sideways there.
    make_course(title="Bezpieczeństwo aplikacji webowych", author=learner)
    log_in(page, live_server, learner)

    page.goto(f"{live_server.url}/platforma/egzamin")
    expect(page.get_by_role("heading", name="Egzamin z Pythona")).to_be_visible()
    expect(page.get_by_text("Z vouchera")).to_be_visible()
    assert settled_axe_violations(page) == []
    page.goto(f"{live_server.url}/author")
    expect(page.get_by_role("rowheader", name="Mój autorski kurs")).to_be_visible()
    assert settled_axe_violations(page) == []


def test_on_a_phone_the_author_table_scrolls_from_the_keyboard(live_server, page):
    author = make_user(roles=["AUTHOR"])
    make_course(title="Bezpieczeństwo aplikacji webowych", author=author)
    log_in(page, live_server, author)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/author")

    table = page.get_by_role("region", name="Twoje kursy i liczba uczestników")
    expect(table.get_by_role("rowheader")).to_have_text("Bezpieczeństwo aplikacji webowych")
    assert table.evaluate("e => e.scrollWidth > e.clientWidth"), "the table fits: nothing to test"
    table.focus()
    page.keyboard.press("ArrowRight")
    # The browser scrolls smoothly: the table moves within a moment.
    wait_until(lambda: table.evaluate("e => e.scrollLeft") > 0)


@pytest.mark.object_storage
def test_avatar_in_object_storage_and_a_storage_that_refuses(
    live_server, page, viewport, object_storage, settings
):
    # What app/settings.py adds to the CSP for a bucket: the browser loads from there.
    settings.SECURE_CSP = {
        **settings.SECURE_CSP,
        "img-src": [*settings.SECURE_CSP["img-src"], object_storage.server.endpoint],
    }
    learner = make_user(first_name="Ola", last_name="Nowak")
    log_in(page, live_server, learner)
    page.goto(f"{live_server.url}/platforma/profil")

    picture = io.BytesIO()
    Image.new("RGB", (80, 80), (200, 30, 30)).save(picture, format="PNG")
    page.get_by_label("Nowy awatar").set_input_files(
        files=[{"name": "me.png", "mimeType": "image/png", "buffer": picture.getvalue()}]
    )
    page.get_by_role("button", name="Zapisz awatar").click()
    avatar = page.get_by_role("img", name="Twój awatar")
    # The save resizes the picture and writes it to the object-storage server, then the
    # page comes back: beside the other test process that has taken longer than the
    # default five seconds.
    expect(avatar).to_be_visible(timeout=20_000)
    learner.refresh_from_db()
    shown = f"{object_storage.server.endpoint}/platforma-test/{learner.avatar.name}"
    expect(avatar).to_have_attribute("src", shown)
    # Loaded from the bucket, not merely named.
    assert avatar.evaluate("image => image.complete && image.naturalWidth") == 400

    with object_storage.refusing_writes():
        page.get_by_label("Nowy awatar").set_input_files(
            files=[{"name": "new.png", "mimeType": "image/png", "buffer": picture.getvalue()}]
        )
        page.get_by_role("button", name="Zapisz awatar").click()
        expect(
            page.get_by_text("Nie udało się zapisać zdjęcia. Spróbuj ponownie później.")
        ).to_be_visible()
    expect(avatar).to_have_attribute("src", shown)
    assert settled_axe_violations(page) == []
    assert object_storage.keys() == [learner.avatar.name]
