"""Django's PostgreSQL backend (ENGINE "app.core.postgresql"), whose health check of a kept
connection asks the server only when the connection's socket says something happened.

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

from django.db.backends.postgresql.base import DatabaseWrapper as PostgresDatabaseWrapper


class DatabaseWrapper(PostgresDatabaseWrapper):
    health_check_done: bool  # Django's, set on every request; not in django-stubs

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
