"""The session engine (SESSION_ENGINE = "app.accounts.sessions"): sessions in the database,
loaded together with their account and its roles in one query.

The database is the only place a session lives. A logout, a new password, a role taken
away or an account switched off is in force for the very next request, whatever happens
to Redis: nothing that grants access is read from a cache. That costs one query per
logged-in request, the one that every logged-in request needs anyway (the session), and
the account comes with it for free, where it used to cost a round trip to the cache.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import HttpRequest
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from app.core.memory_lru import MemoryLru
from app.core.queries import planned_cursor
from app.core.request_cache import request_cache

# The characters of every key Django makes (SessionBase._get_new_session_key).
_KEY_CHARACTERS = frozenset(VALID_KEY_CHARS)

# The sessions this process decoded last: their stored data (as the database holds it,
# signed) and its payload. Checking the signature of the same data again on every request
# of the session cost about 5% of a logged-in page; data that differs by one character is
# another key, checked afresh.
_decoded: MemoryLru[str | bytes, bytes] = MemoryLru(
    budget=4 * 1024 * 1024, size_of=lambda payload: 2 * len(payload) + 200
)


@dataclass(frozen=True)
class _Column:
    # A scalar subquery on the account's row (aliased `u`) for a database, or None where
    # it has none (the app then asks with a query of its own).
    sql: Callable[[BaseDatabaseWrapper], str | None]
    # Whether a request to a path reads it.
    wanted: Callable[[str], bool]


# What apps above accounts read about the account in the session's own query, by name.
# Registered from AppConfig.ready.
_columns: dict[str, _Column] = {}


def session_column_register(
    name: str,
    sql: Callable[[BaseDatabaseWrapper], str | None],
    *,
    paths: Callable[[str], bool],
) -> None:
    """Read `sql(connection)` with the session of every request whose path `paths`
    accepts, for `read_with_session(user, name)`. Only the pages that use it: PostgreSQL
    starts every subquery of a statement whether it computes it or not, and the teams a
    manager runs cost it about 90 µs more on each query, a third of the session's own."""
    if _load.cache_info().currsize:
        raise ImproperlyConfigured(f"{name!r} registered after the first session was loaded")
    _columns[name] = _Column(sql=sql, wanted=paths)


def account_of(request: HttpRequest) -> Any:
    """The request's account itself (or AnonymousUser), not the lazy stand-in Django puts
    on `request.user`, through which every attribute read is a call of its own (the props
    of every page read dozens). That stand-in holds the account read with the request's
    session (the first one read for it, PlatformaAuthenticationBackend); whatever replaced
    it (an account logged in, none after a logout) is returned as it is."""
    user = request.user
    if not isinstance(user, SimpleLazyObject) or not user.is_authenticated:
        return user
    state = request_cache()
    found = state.accounts.get(user.pk) if state is not None else None
    return found if found is not None else user


def read_with_session(*, user_id: int, name: str) -> Any | None:
    """The value of the column `name` read with this request's session for the account
    `user_id`; None outside a request, for another account, where the database had no
    such column, on a path that does not read it, or once the request forgot it
    (`read_with_session_forget`). Read in this request, from the database: never a cached
    copy."""
    state = request_cache()
    if state is None:
        return None
    return state.read_with_session.get((user_id, name))


def read_with_session_forget(*, name: str) -> None:
    """Forget the column `name` read with the session, for every account: the request
    changed what it reads (its readers then ask the database with a query of their own)."""
    state = request_cache()
    if state is not None:
        for key in [key for key in state.read_with_session if key[1] == name]:
            del state.read_with_session[key]


@cache
def _load(
    alias: str, wanted: tuple[str, ...]
) -> tuple[str, list[str], dict[int, tuple[list, Any]], list[str]]:
    """The load statement for the database `alias` with the registered columns `wanted`,
    the account's field names in its columns' order, the converters of each column (as
    Django's compiler applies them to values read from this database), and the names of
    the registered columns read."""
    from app.accounts.models import Session, User

    connection = connections[alias]
    quote = connection.ops.quote_name
    session = Session._meta.db_table
    through = User.roles.through._meta
    registered = [(name, _columns[name].sql(connection)) for name in wanted]
    extra = [(name, sql) for name, sql in registered if sql is not None]
    columns = ", ".join(
        [
            f"s.{quote('session_data')}",
            f"r.{quote(str(through.get_field('role').column))}",
        ]
        + [f"({sql})" for _name, sql in extra]
        + [f"u.{quote(str(field.column))}" for field in User._meta.concrete_fields]
    )
    sql = (
        f"SELECT {columns} FROM {quote(session)} s"  # noqa: S608 - the models' own names
        f" LEFT JOIN {quote(User._meta.db_table)} u ON u.{quote('id')} = s.{quote('account_id')}"
        f" LEFT JOIN {quote(through.db_table)} r"
        f" ON r.{quote(str(through.get_field('user').column))} = u.{quote('id')}"
        f" WHERE s.{quote('session_key')} = %s AND s.{quote('expire_date')} > %s"
    )
    compiler = User.objects.none().query.get_compiler(alias)
    cols: list[Any] = [
        Session._meta.get_field("session_data").get_col("s"),
        None,
        *[None for _ in extra],
    ]
    cols += [field.get_col("u") for field in User._meta.concrete_fields]
    converters = compiler.get_converters(cols)
    attnames = [field.attname for field in User._meta.concrete_fields]
    return sql, attnames, converters, [name for name, _sql in extra]


def _converted(row: tuple, converters: dict[int, tuple[list, Any]], alias: str) -> list:
    values = list(row)
    connection = connections[alias]
    for index, (functions, expression) in converters.items():
        value = values[index]
        for function in functions:
            value = function(value, expression, connection)
        values[index] = value
    return values


class SessionStore(db.SessionStore):
    @classmethod
    def get_model_class(cls):
        from app.accounts.models import Session

        return Session

    def decode(self, session_data: str | bytes) -> dict[str, Any]:
        payload = _decoded.get(session_data)
        serializer = self.serializer()
        if payload is not None:
            # Decoded anew every time: the session's dict is the request's to change.
            return serializer.loads(payload)
        data = super().decode(session_data)
        if data:
            _decoded.put(session_data, serializer.dumps(data))
        return data

    def create_model_instance(self, data: dict[str, Any]):
        session: Any = super().create_model_instance(data)
        try:
            session.account_id = int(data.get("_auth_user_id"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            session.account_id = None
        return session

    def load(self) -> dict[str, Any]:
        # Django's load() decodes what its _get_session_from_db returns, a Session model
        # built around the row; the stored data is decoded here as read (about 10 µs of
        # each logged-in request), read with the account (_stored).
        stored = self._stored()
        return self.decode(stored) if stored is not None else {}

    def _stored(self) -> str | None:
        """The session's stored data, read with its account and the account's roles (kept
        in the request's state); None, and the key dropped, for a session that is not there
        or has expired."""
        if not self.session_key or not _KEY_CHARACTERS.issuperset(self.session_key):
            # None was ever made of other characters; a cookie's escapes can hold any
            # (a NUL, which PostgreSQL's text refuses): no session, as for an unknown key.
            self._session_key = None
            return None
        from app.accounts.models import User

        alias = router.db_for_read(self.model)
        state = request_cache()
        # Outside a request nothing read with the session is kept (read_with_session).
        wanted = (
            tuple(name for name, column in _columns.items() if column.wanted(state.path))
            if state is not None
            else ()
        )
        sql, attnames, converters, names = _load(alias, wanted)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with planned_cursor(alias) as cursor:
            cursor.execute(sql, [self.session_key, now])
            rows = [_converted(row, converters, alias) for row in cursor.fetchall()]
        if not rows:
            self._session_key = None
            return None
        data, _role, *rest = rows[0]
        read, account = rest[: len(names)], rest[len(names) :]
        if account[0] is not None and state is not None:
            user = User.from_db(alias, attnames, account)
            # The role codes as UserManager.with_role_codes gives them (User.role_codes).
            user.role_list = ",".join(sorted({row[1] for row in rows if row[1]}))
            # The first read of an account in a request is the one `request.user` stands
            # for (PlatformaAuthenticationBackend); a later one (another of its sessions)
            # leaves it, and what was read with it, as they were.
            if user.pk not in state.accounts:
                state.accounts[user.pk] = user
                # Kept in the request's state, not on the account: a copy of the account
                # (pickled, say) never carries them beyond this request.
                for name, value in zip(names, read, strict=True):
                    state.read_with_session[(user.pk, name)] = value
        return data
