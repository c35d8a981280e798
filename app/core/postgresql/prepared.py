"""The cursor of the statements every request runs (`planned_cursor`): each is sent through
libpq itself, by psycopg's public `pq` layer, and prepared on its connection once it has
run `settings.DATABASE_PREPARE_THRESHOLD` times there.

psycopg's cursor is written for every kind of statement: its generators, its result
bookkeeping and its own prepared-statement cache cost more Python than libpq and
PostgreSQL take to answer. Through Django's cursor and psycopg's, a run of the session's
statement cost the web process 279,000 instructions (cachegrind); through this one
206,000, Django's CursorWrapper included.

The statements here are few and of one kind (a single statement, values bound on the
server, a short result read whole), so they are run with the calls psycopg's cursor makes
underneath: `PGconn.exec_params` / `prepare` / `exec_prepared` (libpq's blocking calls,
which let go of the interpreter's lock while they wait), the values dumped and the
result loaded by the connection's own adapters (`AdaptersMap.get_dumper`/`get_loader`,
so Django's time-zone loader and every registered type apply as they do for psycopg's
cursors), and an error raised as the class psycopg raises for its SQLSTATE
(`psycopg.errors.lookup`, or its class's). Django's CursorWrapper stays around it: execute wrappers,
query logging and the mapping to django.db errors are unchanged.

A statement psycopg would have to open a transaction for first (a connection out of
autocommit, with none open) is left to an ordinary cursor: the BEGIN it sends depends on
the connection's isolation settings, which belong to psycopg.
test_postgres_backend.py checks each of these against what Django's own cursor gives.
"""

import itertools
import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import psycopg
from django.conf import settings
from psycopg import errors, pq
from psycopg.adapt import PyFormat

_PLACEHOLDERS = re.compile(r"%%|%s|%")
# No type known (psycopg's INVALID_OID): loaded as text.
_UNKNOWN_OID = 0
_TIMESTAMPTZ_OID = 1184
# PostgreSQL's "prepared statement does not exist" (DEALLOCATE ALL, DISCARD ALL).
_STATEMENT_GONE = b"26000"
# As psycopg's own cache (Connection.prepared_max): statements beyond it run unprepared.
PREPARED_MAX = 100
_names = itertools.count(1)


@lru_cache(maxsize=512)
def numbered(sql: str) -> tuple[bytes, int] | None:
    """`sql` with Django's placeholders as PostgreSQL's ($1, $2, ...) and their number;
    None for any other use of % (a named placeholder), which is left to psycopg."""
    count = 0

    def replace(found: re.Match[str]) -> str:
        nonlocal count
        if found.group() == "%%":
            return "%"
        if found.group() == "%s":
            count += 1
            return f"${count}"
        raise ValueError(found.group())

    try:
        return _PLACEHOLDERS.sub(replace, sql).encode(), count
    except ValueError:
        return None


@dataclass
class _Statements:
    """What one psycopg connection has run through this module."""

    connection: "weakref.ref[psycopg.Connection]"
    runs: dict[tuple[bytes, tuple[int, ...]], int] = field(default_factory=dict)
    prepared: dict[tuple[bytes, tuple[int, ...]], bytes] = field(default_factory=dict)
    loaders: dict[tuple[int, ...], list[Any]] = field(default_factory=dict)
    dumpers: dict[Any, Any] = field(default_factory=dict)


def _error(result: pq.abc.PGresult, encoding: str) -> psycopg.Error:
    """The exception psycopg raises for a failed result: its SQLSTATE's class, or its
    class's (the first two characters), with the result as its diagnostics; an
    OperationalError where the server sent none (the connection broke)."""
    message = pq.error_message(result, encoding)
    sqlstate = (result.error_field(pq.DiagnosticField.SQLSTATE) or b"").decode()
    if not sqlstate:
        return psycopg.OperationalError(message)
    try:
        cls = errors.lookup(sqlstate)
    except KeyError:
        cls = _ERROR_CLASSES.get(sqlstate[:2], psycopg.DatabaseError)
    return cls(message, info=result, encoding=encoding)


# DB-API's class of each SQLSTATE class that has one (PostgreSQL's appendix A), for a
# code psycopg has no class of its own for (a function's RAISE ... USING ERRCODE).
_ERROR_CLASSES: dict[str, type[psycopg.Error]] = {
    "08": psycopg.OperationalError,
    "0A": psycopg.NotSupportedError,
    "21": psycopg.ProgrammingError,
    "22": psycopg.DataError,
    "23": psycopg.IntegrityError,
    "24": psycopg.InternalError,
    "25": psycopg.InternalError,
    "26": psycopg.ProgrammingError,
    "28": psycopg.OperationalError,
    "2B": psycopg.InternalError,
    "2D": psycopg.InternalError,
    "2F": psycopg.InternalError,
    "34": psycopg.ProgrammingError,
    "3D": psycopg.ProgrammingError,
    "3F": psycopg.ProgrammingError,
    "40": psycopg.OperationalError,
    "42": psycopg.ProgrammingError,
    "44": psycopg.ProgrammingError,
    "53": psycopg.OperationalError,
    "54": psycopg.OperationalError,
    "55": psycopg.OperationalError,
    "57": psycopg.OperationalError,
    "58": psycopg.OperationalError,
    "F0": psycopg.InternalError,
    "HV": psycopg.OperationalError,
    "P0": psycopg.InternalError,
    "XX": psycopg.InternalError,
}


_OK = (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK)


@dataclass(frozen=True)
class _Sent:
    query: bytes


def _loader(connection: psycopg.Connection, oid: int) -> Any:
    """The connection's loader of a text value of the type `oid` (a type it does not know
    is loaded as text, as psycopg loads it)."""
    adapters = connection.adapters
    found = adapters.get_loader(oid, pq.Format.TEXT) or adapters.get_loader(
        _UNKNOWN_OID, pq.Format.TEXT
    )
    if found is None:
        raise psycopg.InterfaceError(f"no loader for the type {oid}")
    return found(oid, connection).load


class PreparedCursor:
    """A DB-API cursor for one statement at a time (execute, fetchone, fetchall, close),
    handed to Django's CursorWrapper by `DatabaseWrapper.planned_cursor`."""

    # What Django's last_executed_query reads for a debug cursor (tests' query capture,
    # DEBUG's log): the statement as sent, as on psycopg's cursors.
    _query: "_Sent | None" = None

    def __init__(self, wrapper: Any) -> None:
        self._wrapper = wrapper
        self._rows: list[tuple] = []
        self._next = 0
        self.rowcount = -1

    def execute(self, sql: str, params: Any = None) -> "PreparedCursor":
        connection = self._wrapper.connection
        pgconn = connection.pgconn
        # Without values psycopg sends the text as it is (no placeholders, %% kept).
        statement = numbered(sql) if params is not None else (sql.encode(), 0)
        opening = (
            not connection.autocommit and pgconn.transaction_status == pq.TransactionStatus.IDLE
        )
        if statement is None or opening or self._own_time_zone(connection):
            self._query = _Sent(sql.encode())
            self._run_by_psycopg(sql, params)
            return self
        text, count = statement
        self._query = _Sent(text)
        params = list(params or ())
        if len(params) != count:
            raise psycopg.ProgrammingError(
                f"the query has {count} placeholders but {len(params)} parameters were passed"
            )
        statements = self._statements(connection)
        values, oids = self._dumped(connection, statements.dumpers, params)
        with connection.lock:
            result = self._run(connection, statements, text, values, oids)
        status = result.status
        if status == pq.ExecStatus.FATAL_ERROR:
            raise _error(result, connection.info.encoding)
        if status not in _OK:
            # An empty statement, a COPY: not statements of this cursor.
            raise psycopg.NotSupportedError(f"{pq.ExecStatus(status).name} from {sql[:80]!r}")
        self.rowcount = result.command_tuples if result.command_tuples is not None else -1
        self._rows = self._loaded(connection, statements, result)
        self._next = 0
        return self

    def _own_time_zone(self, connection: psycopg.Connection) -> bool:
        # Django gives a cursor a time zone of its own where the connection's differs (a
        # test overriding TIME_ZONE): such a cursor loads what Django's would.
        loader = connection.adapters.get_loader(_TIMESTAMPTZ_OID, pq.Format.TEXT)
        return getattr(loader, "timezone", None) != self._wrapper.timezone

    def _run(
        self,
        connection: psycopg.Connection,
        statements: _Statements,
        text: bytes,
        values: list[Any],
        oids: tuple[int, ...],
        *,
        again: bool = True,
    ) -> pq.abc.PGresult:
        pgconn = connection.pgconn
        key = (text, oids)
        name = statements.prepared.get(key)
        # planned_cursor hands out this cursor only with a threshold set.
        threshold: int = settings.DATABASE_PREPARE_THRESHOLD or 0
        if name is None:
            runs = statements.runs.get(key, 0)
            statements.runs[key] = runs + 1
            if runs < threshold or len(statements.prepared) >= PREPARED_MAX:
                return pgconn.exec_params(text, values, oids)
            # Never a name used before on any connection: one the server may still hold
            # (after this process forgot its statements) is never taken for another.
            name = f"platforma_{next(_names)}".encode()
            prepared = pgconn.prepare(name, text, oids)
            if prepared.status != pq.ExecStatus.COMMAND_OK:
                raise _error(prepared, connection.info.encoding)
            statements.prepared[key] = name
        result = pgconn.exec_prepared(name, values)
        if result.error_field(pq.DiagnosticField.SQLSTATE) == _STATEMENT_GONE:
            # Dropped on the server (a DEALLOCATE ALL, a pooler's DISCARD ALL), and the
            # connection's others with it: each is prepared anew at its next run, this one
            # at once outside a transaction (once: a pooler that keeps losing them gets
            # the error); inside one the failure has ended it, so it is reported as any
            # error.
            for forgotten in statements.prepared:
                statements.runs[forgotten] = threshold
            statements.prepared.clear()
            if again and pgconn.transaction_status == pq.TransactionStatus.IDLE:
                return self._run(connection, statements, text, values, oids, again=False)
        return result

    def _statements(self, connection: psycopg.Connection) -> _Statements:
        wrapper = self._wrapper
        kept: _Statements | None = getattr(wrapper, "_prepared_statements", None)
        if kept is None or kept.connection() is not connection:
            kept = _Statements(connection=weakref.ref(connection))
            wrapper._prepared_statements = kept
        return kept

    @staticmethod
    def _dumped(
        connection: psycopg.Connection, dumpers: dict[Any, Any], params: list[Any]
    ) -> tuple[list[Any], tuple[int, ...]]:
        values: list[Any] = []
        oids: list[int] = []
        for value in params:
            if value is None:
                values.append(None)
                oids.append(_UNKNOWN_OID)
                continue
            kind = type(value)
            dumper = dumpers.get(kind)
            if dumper is None:
                dumper = connection.adapters.get_dumper(kind, PyFormat.TEXT)(kind, connection)
                dumpers[kind] = dumper
            # As psycopg's own dumping: an int by its size, a list by its items' type.
            key = dumper.get_key(value, PyFormat.TEXT)
            if key is not kind:
                upgraded = dumpers.get(key)
                if upgraded is None:
                    upgraded = dumpers[key] = dumper.upgrade(value, PyFormat.TEXT)
                dumper = upgraded
            values.append(dumper.dump(value))
            oids.append(dumper.oid)
        return values, tuple(oids)

    @staticmethod
    def _loaded(
        connection: psycopg.Connection, statements: _Statements, result: pq.abc.PGresult
    ) -> list[tuple]:
        columns = range(result.nfields)
        if not columns:
            return []
        oids = tuple(result.ftype(column) for column in columns)
        loaders = statements.loaders.get(oids)
        if loaders is None:
            loaders = [_loader(connection, oid) for oid in oids]
            statements.loaders[oids] = loaders
        value = result.get_value
        return [
            tuple(
                [
                    None if (raw := value(row, column)) is None else loaders[column](raw)
                    for column in columns
                ]
            )
            for row in range(result.ntuples)
        ]

    def _run_by_psycopg(self, sql: str, params: Any) -> None:
        with self._wrapper.create_cursor() as cursor:
            cursor.execute(sql, params)
            self._rows = cursor.fetchall() if cursor.description is not None else []
            self.rowcount = cursor.rowcount
        self._next = 0

    def fetchone(self) -> tuple | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[tuple]:
        rows = self._rows[self._next :]
        self._next = len(self._rows)
        return rows

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.fetchall())

    def close(self) -> None:
        self._rows = []
        self._next = 0
