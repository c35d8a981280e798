"""The folder of uploads fills up or stops being writable: an avatar upload answers with
a clear message on the form, nothing half-written stays behind, and the old avatar is
kept."""

import io
import os
import random
import resource
import shutil
import signal
import subprocess
from contextlib import contextmanager

import pytest
from PIL import Image

from app.core.tests.helpers import page_of, visit
from app.learning.tests.helpers import upload_avatar

pytestmark = [pytest.mark.resilience, pytest.mark.django_db]

NOT_STORED = "Nie udało się zapisać zdjęcia. Spróbuj ponownie później."


def noisy_photo() -> bytes:
    """A photo whose 400 px JPEG is tens of kilobytes (noise does not compress)."""
    rng = random.Random(7)
    image = Image.frombytes(
        "RGB", (600, 600), bytes(rng.getrandbits(8) for _ in range(600 * 600 * 3))
    )
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=95)
    return buffer.getvalue()


@contextmanager
def disk_full_after(size: int):
    """Every file this process writes stops at `size` bytes (EFBIG), as on a full disk."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)


@contextmanager
def unwritable(folder):
    """`folder` refuses new files: read-only by its mode, or immutable when the tests
    run as root (whom modes do not stop)."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(folder)]).returncode:
        pytest.skip("cannot make a folder unwritable for root here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


def files_under(root) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


def avatar_errors(client) -> dict:
    return page_of(visit(client, "/platforma/profil"))["props"]["errors"]


def test_a_full_disk_answers_the_upload_clearly_and_leaves_no_half_file(
    client, learner, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    photo = noisy_photo()
    assert upload_avatar(client, "first.jpg", photo, "image/jpeg").status_code == 302
    learner.refresh_from_db()
    old = learner.avatar.name
    before = files_under(tmp_path)

    with disk_full_after(4096):
        response = upload_avatar(client, "second.jpg", photo, "image/jpeg")

    assert response.status_code == 302
    assert avatar_errors(client) == {"avatar": NOT_STORED}
    assert files_under(tmp_path) == before
    learner.refresh_from_db()
    assert learner.avatar.name == old
    assert (tmp_path / old).stat().st_size > 4096


def test_an_unwritable_folder_answers_the_upload_clearly(client, learner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path

    with unwritable(tmp_path / "avatars"):
        response = upload_avatar(client, "photo.jpg", noisy_photo(), "image/jpeg")

    assert response.status_code == 302
    assert avatar_errors(client) == {"avatar": NOT_STORED}
    assert files_under(tmp_path) == []
    learner.refresh_from_db()
    assert not learner.avatar
