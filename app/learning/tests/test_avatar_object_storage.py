"""Avatars in object storage, against a real S3 API (moto's server, conftest.py's
`object_storage`): an upload through the profile page lands in the bucket under an
unguessable name and is served from there; a replaced or removed avatar's object goes
once the change is committed; a storage that refuses the upload, never answers, or does
the work and loses the answer gets the clear message on the form, keeps the old avatar
and is left with no object of the failed upload."""

import io
import re
import time

import pytest
import requests
from PIL import Image

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit
from app.core.tests.object_storage import BUCKET, silent_listener
from app.core.tests.resilience.proxy import FaultProxy
from app.learning.tests.helpers import upload_avatar

pytestmark = [pytest.mark.django_db, pytest.mark.object_storage]

NOT_STORED = "Nie udało się zapisać zdjęcia. Spróbuj ponownie później."
# 128 random bits a name, nothing of the account in it.
UNGUESSABLE = re.compile(r"avatars/[0-9a-f]{32}\.jpg")


def picture(colour: tuple[int, int, int] = (0, 128, 255)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def uploaded(client, learner, colour=(0, 128, 255)) -> str:
    """Uploads a picture through the profile page; the stored avatar's name."""
    response = upload_avatar(client, "me.png", picture(colour))
    assert response.headers["Location"] == "/platforma/profil"
    learner.refresh_from_db()
    return learner.avatar.name


def test_an_upload_lands_in_the_bucket_under_an_unguessable_name(client, learner, object_storage):
    first = uploaded(client, learner)
    assert UNGUESSABLE.fullmatch(first)
    assert object_storage.keys() == [first]
    # The same picture again, and by another account: each upload its own random name.
    again = uploaded(client, learner)
    other = make_user()
    client.force_login(other)
    theirs = uploaded(client, other)
    assert len({first, again, theirs}) == 3
    assert all(UNGUESSABLE.fullmatch(name) for name in (again, theirs))


def test_the_page_shows_the_address_that_serves_the_avatar(client, learner, object_storage):
    name = uploaded(client, learner)

    props = page_of(visit(client, "/platforma/profil"))["props"]
    url = props["profile"]["avatar_url"]
    assert url == f"{object_storage.server.endpoint}/{BUCKET}/{name}"
    assert props["auth"]["avatar"] == url
    # Served to anyone holding the address (no signature), kept by browsers for good.
    served = requests.get(url, timeout=5)
    assert served.status_code == 200
    assert served.content == object_storage.read(name)
    assert served.headers["Content-Type"] == "image/jpeg"
    assert served.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert Image.open(io.BytesIO(served.content)).size == (400, 400)


def test_replacing_deletes_the_old_object_once_committed(
    client, learner, object_storage, django_capture_on_commit_callbacks
):
    old = uploaded(client, learner)

    with django_capture_on_commit_callbacks() as after_commit:
        new = uploaded(client, learner, colour=(250, 10, 10))
    assert object_storage.keys() == sorted([old, new])
    for callback in after_commit:
        callback()
    assert object_storage.keys() == [new]


def test_removing_deletes_the_object_once_committed(
    client, learner, object_storage, django_capture_on_commit_callbacks
):
    uploaded(client, learner)

    with django_capture_on_commit_callbacks(execute=True):
        post_json(client, "/platforma/profil/awatar/usun", {})

    learner.refresh_from_db()
    assert not learner.avatar
    assert object_storage.keys() == []


def assert_refused_and_old_avatar_kept(client, learner, object_storage, old: str) -> None:
    page = page_of(visit(client, "/platforma/profil"))
    assert page["props"]["errors"] == {"avatar": NOT_STORED}
    assert page["props"]["profile"]["avatar_url"].endswith(f"/{old}")
    learner.refresh_from_db()
    assert learner.avatar.name == old
    assert object_storage.keys() == [old]


def test_an_upload_the_storage_refuses_keeps_the_old_avatar(client, learner, object_storage):
    old = uploaded(client, learner)

    with object_storage.refusing_writes():
        response = upload_avatar(client, "new.png", picture((250, 10, 10)))

    assert response.status_code == 302
    assert response.headers["Location"] == "/platforma/profil"
    assert_refused_and_old_avatar_kept(client, learner, object_storage, old)


def test_the_refusal_in_english(client, learner, object_storage):
    with object_storage.refusing_writes():
        upload_avatar(client, "new.png", picture(), HTTP_ACCEPT_LANGUAGE="en")

    props = page_of(visit(client, "/platforma/profil", HTTP_ACCEPT_LANGUAGE="en"))["props"]
    assert props["errors"] == {"avatar": "The picture could not be saved. Please try again later."}
    assert object_storage.keys() == []


def test_a_storage_that_never_answers_costs_seconds_and_keeps_the_old_avatar(
    client, learner, object_storage
):
    old = uploaded(client, learner)

    with silent_listener() as endpoint:
        object_storage.use(endpoint, read_timeout=0.5)
        started = time.monotonic()
        response = upload_avatar(client, "new.png", picture((250, 10, 10)))
        took = time.monotonic() - started

    assert response.headers["Location"] == "/platforma/profil"
    # Two tries of 0.5 s for the upload, two for deleting what it may have left.
    assert took < 8
    object_storage.use()
    assert_refused_and_old_avatar_kept(client, learner, object_storage, old)


def test_an_upload_whose_answer_is_lost_is_deleted_again(client, learner, object_storage):
    proxy = FaultProxy("127.0.0.1", object_storage.server.port)
    try:
        object_storage.use(f"http://127.0.0.1:{proxy.port}", read_timeout=1)
        old = uploaded(client, learner)
        # The storage keeps the upload, its answer never comes back.
        proxy.mute()
        response = upload_avatar(client, "new.png", picture((250, 10, 10)))
        proxy.restore()
    finally:
        proxy.stop()

    assert response.headers["Location"] == "/platforma/profil"
    object_storage.use()
    assert_refused_and_old_avatar_kept(client, learner, object_storage, old)


def test_a_new_object_no_row_points_at_goes_again(learner, object_storage, monkeypatch):
    from django.db import DatabaseError

    from app.learning.services import avatar_replace

    avatar_replace(user=learner, image=picture())
    old = learner.avatar.name

    def database_gone(*args, **kwargs):
        raise DatabaseError("connection lost")

    monkeypatch.setattr(type(learner), "save", database_gone)
    with pytest.raises(DatabaseError):
        avatar_replace(user=learner, image=picture((250, 10, 10)))

    assert learner.avatar.name == old
    assert object_storage.keys() == [old]
