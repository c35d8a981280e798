"""Uploaded files written whole or not at all, wherever they are kept.

`file_save`, `file_delete` and `file_delete_on_commit` are the only ways the platform
writes and removes files of its users: through Django's storage API, so the same code
keeps them on the local disk (AtomicFileSystemStorage) or in an S3-compatible bucket
(django-storages, see app/settings.py), and with the same promises: a write the storage
refuses or does not answer in time raises StorageUnavailable and leaves nothing behind;
a removal never fails the change that made it.

Django's FileSystemStorage writes straight into the final file: when the disk fills up or
the folder stops being writable half way, a truncated file stays behind under the name
the database may point at. Here the upload goes to a temporary file beside it, which is
renamed to the final name only once completely written (a rename within one folder is
atomic); on any error the temporary file is removed and the error raised.
"""

import logging
import os
import tempfile
from contextlib import suppress

from botocore.exceptions import BotoCoreError, ClientError, HTTPClientError
from django.core.files.base import ContentFile, File
from django.core.files.storage import FileSystemStorage, Storage
from django.db import transaction

logger = logging.getLogger("platforma.storage")

# What a storage raises when it cannot do what it was asked: the disk's OSError; an S3
# API's refusal (ClientError: denied, no such bucket, 5xx after the retries) and
# botocore's own errors (cannot connect, no answer in time, the answer cut off).
STORAGE_ERRORS: tuple[type[Exception], ...] = (OSError, BotoCoreError, ClientError)


class StorageUnavailable(Exception):
    """The storage refused a file or did not answer in time; nothing of it was kept."""


def file_save(*, storage: Storage, name: str, content: bytes) -> str:
    """Store `content` whole under `name` (or the free name the storage picks) and return
    the stored name. Raises StorageUnavailable when the storage refuses it or does not
    answer in time; nothing of it remains then."""
    try:
        return storage.save(name, ContentFile(content))
    except STORAGE_ERRORS as error:
        logger.error("File %s not stored: %r", name, error)
        if _maybe_written(error):
            # The request reached the storage but its answer did not come back: the
            # object may be there, under a name nothing will ever point at.
            file_delete(storage=storage, name=name)
        raise StorageUnavailable(name) from error


def _maybe_written(error: Exception) -> bool:
    # The local disk's writes are atomic (below); an S3 API that refused (4xx) or was never
    # reached kept nothing; one that failed (5xx) or whose answer was lost may have.
    if isinstance(error, ClientError):
        status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 500)
        return status >= 500
    return isinstance(error, HTTPClientError)


def file_delete(*, storage: Storage, name: str) -> bool:
    """Delete the file `name` (nothing to do when it is gone already); False, logged with
    the name, when the storage could not be reached."""
    try:
        storage.delete(name)
    except STORAGE_ERRORS as error:
        logger.error("File %s not deleted, it is left in the storage: %r", name, error)
        return False
    return True


def file_delete_on_commit(*, storage: Storage, name: str) -> None:
    """Delete the file `name` once the current transaction commits (at once outside
    one): a rolled-back change still finds its file, and a storage that fails then
    costs a line in the log, never the change that was made."""
    transaction.on_commit(lambda: file_delete(storage=storage, name=name))


class AtomicFileSystemStorage(FileSystemStorage):
    def _save(self, name: str, content: File) -> str:
        full_path = self.path(name)
        directory = os.path.dirname(full_path)
        os.makedirs(directory, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=".upload-", suffix=".part")
        try:
            with os.fdopen(descriptor, "wb") as stream:
                if hasattr(content, "seek"):
                    with suppress(OSError, ValueError):
                        content.seek(0)
                for chunk in content.chunks():
                    stream.write(chunk.encode() if isinstance(chunk, str) else chunk)
                stream.flush()
                os.fsync(stream.fileno())
            if self.file_permissions_mode is not None:
                os.chmod(temporary, self.file_permissions_mode)
            while True:
                try:
                    # A hard link fails if the name was taken meanwhile (never overwrites).
                    os.link(temporary, full_path)
                    break
                except FileExistsError:
                    name = self.get_available_name(name)
                    full_path = self.path(name)
        finally:
            with suppress(FileNotFoundError):
                os.remove(temporary)
        return str(name).replace("\\", "/")
