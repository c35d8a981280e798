"""Django's PostgreSQL backend (ENGINE "app.core.postgresql"), whose health check of a kept
connection asks the server only when the connection's socket says something happened.

It also gives the platform's hottest statements a cursor that binds their values on the
server and prepares each after a few runs on the connection (`planned_cursor`,
app/core/postgresql/prepared.py).

Django's CONN_HEALTH_CHECKS runs `SELECT 1` before the first query of every request: a
round trip, a statement for PostgreSQL to run and a wake-up of its process, paid by every
page to catch the rare connection the server dropped (a restart, a terminated backend, a
cut proxy). A server that drops a connection closes its socket, and an idle connection's
socket has nothing to read otherwise. So the socket is looked at first, without waiting:
nothing to read means the connection is as it was left, and it is reused at once;
anything to read (the server's goodbye, an end of file, a notice) falls back to Django's
`SELECT 1`, which decides as before.
"""

import select
from typing import Any

from django.conf import settings
from django.db.backends.postgresql.base import DatabaseWrapper as PostgresDatabaseWrapper
from django.db.backends.utils import CursorWrapper

from app.core.postgresql.prepared import PreparedCursor


class DatabaseWrapper(PostgresDatabaseWrapper):
    health_check_done: bool  # Django's, set on every request; not in django-stubs
    _planned = False

    def planned_cursor(self) -> CursorWrapper:
        """A cursor (Django's, with its wrappers) for a statement every request runs: once
        it has run DATABASE_PREPARE_THRESHOLD times on the connection, it is prepared
        there and PostgreSQL skips parsing and planning it (PreparedCursor). Django's own
        cursors write the values into the statement's text (client-side binding), which
        is never prepared."""
        if settings.DATABASE_PREPARE_THRESHOLD is None:
            return self.cursor()
        self._planned = True
        try:
            return self.cursor()
        finally:
            self._planned = False

    def create_cursor(self, name: Any = None) -> Any:
        if not self._planned or name:
            return super().create_cursor(name)
        return PreparedCursor(self)

    def close_if_health_check_failed(self) -> None:
        if (
            self.settings_dict["CONN_HEALTH_CHECKS"]
            and not self.health_check_done
            and self.connection is not None
            and self._quiet()
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def _quiet(self) -> bool:
        """Whether the kept connection is open and its socket has nothing to read."""
        connection = self.connection
        if connection.closed or connection.broken:
            return False
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
