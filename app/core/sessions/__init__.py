"""Session engines: Django's, loading a session with one prepared statement.

A logged-in page loads its session first; through the ORM, building that one query costs
more than running it. The same SELECT is written once here instead. `db` keeps sessions in
the database (the embedded default), `cached_db` in the cache in front of it (Redis).
"""

from datetime import UTC, datetime
from functools import cache

from django.db import connections, router
from django.utils import timezone
from django.utils.dateparse import parse_datetime


@cache
def _load_sql(table: str) -> str:
    # Both supported databases quote names with double quotes.
    return (
        f'SELECT "session_data", "expire_date" FROM "{table}"'  # noqa: S608 - the model's table
        ' WHERE "session_key" = %s AND "expire_date" > %s'
    )


def _aware(value: datetime | str) -> datetime:
    moment = parse_datetime(value) if isinstance(value, str) else value
    if moment is None:
        raise ValueError(value)
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment, UTC)


class PreparedLoad:
    """`_get_session_from_db` of Django's database session store, without the ORM."""

    model: type
    session_key: str | None
    _session_key: str | None

    def _get_session_from_db(self):
        if not self.session_key:
            self._session_key = None
            return None
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        sql = _load_sql(self.model._meta.db_table)
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return self.model(
            session_key=self.session_key, session_data=row[0], expire_date=_aware(row[1])
        )
