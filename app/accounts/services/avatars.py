"""Avatars: the re-encoded picture kept under a random name in the default storage, the old
one deleted after the change commits (ARCHITECTURE.md, "Uploaded files")."""

import secrets

from django.core.files.storage import Storage

from app.accounts.forms import AVATAR_NOT_STORED
from app.accounts.models import User
from app.core.errors import ApplicationError
from app.core.storage import StorageUnavailable, file_delete, file_delete_on_commit, file_save


def _avatar_storage() -> Storage:
    return User._meta.get_field("avatar").storage


def avatar_store(*, user: User, image: bytes) -> str:
    """Keep the re-encoded avatar `image` under a new random name and return the name.
    Nothing of the account is in it, so no avatar's address can be guessed or enumerated
    (the storage serves it publicly, ARCHITECTURE.md). Raises ApplicationError (503, under
    the avatar field) when the storage refuses it or does not answer in time; nothing of
    it remains then."""
    field = User._meta.get_field("avatar")
    name = field.generate_filename(user, f"{secrets.token_hex(16)}.jpg")
    try:
        return file_save(storage=field.storage, name=name, content=image)
    except StorageUnavailable as error:
        message = str(AVATAR_NOT_STORED)
        raise ApplicationError(
            message, code="storage_unavailable", status=503, fields={"avatar": message}
        ) from error


def avatar_delete(*, name: str, after_commit: bool = True) -> None:
    """Delete the avatar file `name` once the current transaction commits (or at once,
    for a file no committed row points at); a storage that fails then costs a line in the
    log, never the change."""
    if after_commit:
        file_delete_on_commit(storage=_avatar_storage(), name=name)
    else:
        file_delete(storage=_avatar_storage(), name=name)
