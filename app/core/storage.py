"""Uploaded files written whole or not at all.

Django's FileSystemStorage writes straight into the final file: when the disk fills up or
the folder stops being writable half way, a truncated file stays behind under the name
the database may point at. Here the upload goes to a temporary file beside it, which is
renamed to the final name only once completely written (a rename within one folder is
atomic); on any error the temporary file is removed and the error raised.
"""

import os
import tempfile
from contextlib import suppress

from django.core.files.base import File
from django.core.files.storage import FileSystemStorage


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
