"""The profile page: names, public switch, avatar upload checks."""

import pytest
from PIL import Image

from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import NAME_RULES
from app.core.tests.helpers import page_of, post_json, visit
from app.core.tests.test_images import bomb_png
from app.learning.tests.helpers import image_bytes, profile_errors, upload_avatar

pytestmark = pytest.mark.django_db

TOO_LARGE = (
    "Zdjęcie ma za duże wymiary: najwyżej 16 megapikseli (np. 4000 x 4000 pikseli)."
    " Zmniejsz je i spróbuj ponownie."
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
    # The registration's name rules (docs/behaviour.md#validation), as ProfileForm checks them.
    assert page["props"]["rules"] == NAME_RULES


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
def test_bad_names_are_refused_with_the_validation_messages(client, learner, first, last, errors):
    post_json(client, "/platforma/profil", {"first_name": first, "last_name": last})
    assert profile_errors(client) == errors
    learner.refresh_from_db()
    assert (learner.first_name, learner.last_name) == ("Ola", "Nowak")


def test_an_image_becomes_the_avatar(client, uploading_learner):
    response = upload_avatar(client, "me.png", image_bytes())
    assert response.headers["Location"] == "/platforma/profil"
    uploading_learner.refresh_from_db()
    assert uploading_learner.avatar.name.endswith(".jpg")
    auth = page_of(visit(client, "/platforma/profil"))["props"]["auth"]
    assert auth["avatar"] == uploading_learner.avatar.url

    post_json(client, "/platforma/profil/awatar/usun", {})
    uploading_learner.refresh_from_db()
    assert not uploading_learner.avatar


NOT_AN_IMAGE = "Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF."


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("fake.png", lambda: b"not an image at all", NOT_AN_IMAGE),
        ("doc.pdf", lambda: b"%PDF-1.4 ...", NOT_AN_IMAGE),
        ("empty.png", lambda: b"", "Wybrany plik jest pusty."),
        ("pic.bmp", lambda: image_bytes("BMP"), NOT_AN_IMAGE),
        (
            "huge.png",
            lambda: image_bytes() + b"\0" * (2 * 1024 * 1024),
            "Plik jest za duży: awatar może mieć najwyżej 2 MB.",
        ),
        # 140 KB that would decode to 144 MB (and four times that in colour).
        ("bomb.png", lambda: bomb_png(12_000, 12_000), TOO_LARGE),
        ("wide.png", lambda: bomb_png(16_001, 1_000), TOO_LARGE),
    ],
    ids=["fake", "pdf", "empty", "bmp", "huge", "bomb", "wide"],
)
def test_uploads_that_are_not_acceptable_images_are_refused(
    client, uploading_learner, name, content, message
):
    response = upload_avatar(client, name, content())

    assert response.status_code == 302
    assert profile_errors(client) == {"avatar": message}
    uploading_learner.refresh_from_db()
    assert not uploading_learner.avatar


def test_posting_no_file_asks_for_one(client, uploading_learner):
    post_json(client, "/platforma/profil/awatar", {})
    assert profile_errors(client) == {"avatar": "Wybierz plik z awatarem."}


def test_a_large_phone_photo_becomes_the_avatar(client, uploading_learner):
    photo = image_bytes("JPEG", (6000, 4000))
    response = upload_avatar(client, "phone.jpg", photo, "image/jpeg")
    assert response.headers["Location"] == "/platforma/profil"
    uploading_learner.refresh_from_db()
    with uploading_learner.avatar.open() as stored:
        assert Image.open(stored).size == (400, 400)


def test_uploads_are_limited_per_account(client, uploading_learner):
    for _ in range(5):
        upload_avatar(client, "me.png", image_bytes())
    response = upload_avatar(client, "me.png", image_bytes())

    assert response.headers["Location"] == "/platforma/profil"
    assert profile_errors(client) == {
        "avatar": "Zbyt wiele przesłanych zdjęć. Spróbuj ponownie za kilka minut."
    }
    # Another account still uploads.
    client.force_login(make_user())
    upload_avatar(client, "me.png", image_bytes())
    assert profile_errors(client) == {}


def test_the_limit_message_in_english(client, uploading_learner):
    for _ in range(6):
        upload_avatar(client, "me.png", image_bytes(), HTTP_ACCEPT_LANGUAGE="en")
    errors = page_of(visit(client, "/platforma/profil", HTTP_ACCEPT_LANGUAGE="en"))["props"]
    assert errors["errors"] == {"avatar": "Too many pictures uploaded. Try again in a few minutes."}
