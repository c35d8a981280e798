"""An account's avatar in object storage (moto's S3 server, conftest.py's
`object_storage`): the purge of a deleted account and the admin panel leave no object of
it behind, and the panel answers a storage that refuses with the field's message."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from app.accounts import services
from app.accounts.tasks import purge_deleted_accounts
from app.accounts.tests.factories import make_user, mark_for_deletion
from app.accounts.tests.helpers import fresh, user_change_url, user_form_data
from app.core.roles import Role

pytestmark = [pytest.mark.django_db, pytest.mark.object_storage]


@pytest.fixture
def admin_client(client):
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))
    return client


def photo(colour: tuple[int, int, int] = (200, 10, 10)) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (90, 60), colour).save(buffer, "JPEG")
    return SimpleUploadedFile("photo.jpg", buffer.getvalue(), content_type="image/jpeg")


def with_avatar(user):
    user.avatar = services.avatar_store(user=user, image=photo().read())
    user.save(update_fields=["avatar"])
    return user


def test_the_purge_deletes_the_avatars_object(object_storage, django_capture_on_commit_callbacks):
    user = with_avatar(make_user())
    kept = with_avatar(make_user())
    mark_for_deletion(user, hours_ago=23.5)
    assert len(object_storage.keys()) == 2

    with django_capture_on_commit_callbacks(execute=True):
        assert purge_deleted_accounts() == 1

    assert not fresh(user).avatar
    assert object_storage.keys() == [kept.avatar.name]


def test_an_avatar_replaced_or_cleared_in_the_panel_leaves_no_object(
    admin_client, object_storage, django_capture_on_commit_callbacks
):
    learner = with_avatar(make_user(email="ola@example.com"))
    old = learner.avatar.name

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            user_change_url(learner), {**user_form_data(learner), "avatar": photo((0, 90, 200))}
        )
    assert response.status_code == 302
    new = fresh(learner).avatar.name
    assert new != old
    assert object_storage.keys() == [new]

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            user_change_url(learner), {**user_form_data(learner), "avatar-clear": "on"}
        )
    assert response.status_code == 302
    assert not fresh(learner).avatar
    assert object_storage.keys() == []


def test_the_panel_answers_a_refusing_storage_with_the_fields_message(admin_client, object_storage):
    learner = with_avatar(make_user(email="ola@example.com"))
    old = learner.avatar.name

    with object_storage.refusing_writes():
        response = admin_client.post(
            user_change_url(learner), {**user_form_data(learner), "avatar": photo()}
        )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["avatar"] == [
        "Nie udało się zapisać zdjęcia. Spróbuj ponownie później."
    ]
    assert fresh(learner).avatar.name == old
    assert object_storage.keys() == [old]
