"""The profile page: names, public switch, avatar upload checks."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import inertia_headers, page_of, post_json, visit
from app.core.tests.test_images import bomb_png

pytestmark = pytest.mark.django_db


@pytest.fixture
def learner(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    user = make_user(first_name="Ola", last_name="Nowak", is_profile_public=False)
    client.force_login(user)
    return user


TOO_LARGE = (
    "Zdjęcie ma za duże wymiary: najwyżej 16 megapikseli (np. 4000 x 4000 pikseli)."
    " Zmniejsz je i spróbuj ponownie."
)


def page_errors(client):
    return page_of(visit(client, "/platforma/profil"))["props"]["errors"]


def image_bytes(fmt="PNG", size=(64, 64)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (0, 128, 255)).save(buffer, format=fmt)
    return buffer.getvalue()


def upload(client, name, content, content_type="image/png"):
    return client.post(
        "/platforma/profil/awatar",
        {"avatar": SimpleUploadedFile(name, content, content_type=content_type)},
        headers=inertia_headers(),
    )


def test_profile_props(client, learner):
    page = page_of(visit(client, "/platforma/profil"))
    assert page["component"] == "Learning/Profile"
    assert page["props"]["profile"] == {
        "email": learner.email,
        "first_name": "Ola",
        "last_name": "Nowak",
        "is_profile_public": False,
        "avatar_url": None,
    }
    assert page["props"]["urls"]["delete_account"] == "/platforma/profil/usun-konto"
    assert page["props"]["avatar_max_bytes"] == 2 * 1024 * 1024


def test_names_and_public_switch_are_saved_and_reach_the_shared_user(client, learner):
    response = post_json(
        client,
        "/platforma/profil",
        {"first_name": " jan  maria ", "last_name": "kowalski", "is_profile_public": True},
    )
    assert response.headers["Location"] == "/platforma/profil"
    learner.refresh_from_db()
    assert (learner.first_name, learner.last_name, learner.is_profile_public) == (
        "jan maria",
        "kowalski",
        True,
    )
    user = page_of(visit(client, "/platforma/profil"))["props"]["auth"]["user"]
    assert (user["first_name"], user["last_name"]) == ("Jan Maria", "Kowalski")


@pytest.mark.parametrize(
    ("first", "last", "errors"),
    [
        ("", "Nowak", {"first_name": "Imię jest wymagane"}),
        ("Ola2", "Nowak", {"first_name": "Imię może zawierać tylko litery"}),
        ("Ola", "<script>", {"last_name": "Nazwisko może zawierać tylko litery"}),
        ("Ola", "x" * 151, {"last_name": "Nazwisko może zawierać tylko litery"}),
    ],
)
def test_bad_names_are_refused_with_the_spec_messages(client, learner, first, last, errors):
    post_json(client, "/platforma/profil", {"first_name": first, "last_name": last})
    assert page_errors(client) == errors
    learner.refresh_from_db()
    assert (learner.first_name, learner.last_name) == ("Ola", "Nowak")


def test_an_image_becomes_the_avatar(client, learner):
    response = upload(client, "me.png", image_bytes())
    assert response.headers["Location"] == "/platforma/profil"
    learner.refresh_from_db()
    assert learner.avatar.name.endswith(".jpg")
    auth = page_of(visit(client, "/platforma/profil"))["props"]["auth"]
    assert auth["avatar"] == learner.avatar.url

    post_json(client, "/platforma/profil/awatar/usun", {})
    learner.refresh_from_db()
    assert not learner.avatar


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("fake.png", b"not an image at all", "Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF."),
        ("doc.pdf", b"%PDF-1.4 ...", "Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF."),
        ("empty.png", b"", "Wybrany plik jest pusty."),
        ("pic.bmp", "BMP", "Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF."),
        ("huge.png", "HUGE", "Plik jest za duży: awatar może mieć najwyżej 2 MB."),
        ("bomb.png", "BOMB", TOO_LARGE),
        ("wide.png", "WIDE", TOO_LARGE),
    ],
)
def test_uploads_that_are_not_acceptable_images_are_refused(
    client, learner, name, content, message
):
    if content == "BMP":
        content = image_bytes("BMP")
    elif content == "HUGE":
        content = image_bytes() + b"\0" * (2 * 1024 * 1024)
    elif content == "BOMB":
        # 140 KB that would decode to 144 MB (and four times that in colour).
        content = bomb_png(12_000, 12_000)
    elif content == "WIDE":
        content = bomb_png(16_001, 1_000)

    response = upload(client, name, content)

    assert response.status_code == 302
    assert page_errors(client) == {"avatar": message}
    learner.refresh_from_db()
    assert not learner.avatar


def test_posting_no_file_asks_for_one(client, learner):
    post_json(client, "/platforma/profil/awatar", {})
    assert page_errors(client) == {"avatar": "Wybierz plik z awatarem."}


def test_a_large_phone_photo_becomes_the_avatar(client, learner):
    response = upload(client, "phone.jpg", image_bytes("JPEG", (6000, 4000)), "image/jpeg")
    assert response.headers["Location"] == "/platforma/profil"
    learner.refresh_from_db()
    with learner.avatar.open() as stored:
        assert Image.open(stored).size == (400, 400)


def test_uploads_are_limited_per_account(client, learner):
    for _ in range(5):
        upload(client, "me.png", image_bytes())
    response = upload(client, "me.png", image_bytes())

    assert response.headers["Location"] == "/platforma/profil"
    assert page_errors(client) == {
        "avatar": "Zbyt wiele przesłanych zdjęć. Spróbuj ponownie za kilka minut."
    }
    # Another account still uploads.
    client.force_login(make_user())
    upload(client, "me.png", image_bytes())
    assert page_errors(client) == {}


def test_the_limit_message_in_english(client, learner):
    for _ in range(6):
        client.post(
            "/platforma/profil/awatar",
            {"avatar": SimpleUploadedFile("me.png", image_bytes(), content_type="image/png")},
            headers=inertia_headers(),
            HTTP_ACCEPT_LANGUAGE="en",
        )
    errors = page_of(visit(client, "/platforma/profil", HTTP_ACCEPT_LANGUAGE="en"))["props"]
    assert errors["errors"] == {"avatar": "Too many pictures uploaded. Try again in a few minutes."}
