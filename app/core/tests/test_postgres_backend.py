"""A kept PostgreSQL connection is checked before reuse without a round trip while it is
healthy, and replaced when the server dropped it; the statements every request runs are
planned once per connection (app/core/postgresql/base.py)."""

import select
import tempfile
import time
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest
from django.db import (
    DatabaseError,
    DataError,
    IntegrityError,
    OperationalError,
    ProgrammingError,
    connection,
    connections,
    transaction,
)
from django.test.utils import CaptureQueriesContext

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import run_manage, setting_in_a_new_process, visit

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only"),
]


@pytest.fixture
def kept():
    """A connection of its own, as a web thread keeps it between requests."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    assert wrapper.health_check_enabled
    yield wrapper
    wrapper.close()


def _backend_pid(wrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _next_request(wrapper) -> None:
    # What the request_started signal does to every connection.
    wrapper.close_if_unusable_or_obsolete()


def test_a_healthy_kept_connection_is_reused_without_asking_the_server(kept):
    pid = _backend_pid(kept)
    _next_request(kept)
    with tempfile.TemporaryFile() as trace:
        kept.connection.pgconn.trace(trace.fileno())
        kept.close_if_health_check_failed()
        kept.connection.pgconn.untrace()
        trace.seek(0)
        sent = trace.read()

    assert sent == b""
    assert _backend_pid(kept) == pid


def test_a_connection_the_server_dropped_is_replaced_before_the_next_query(kept):
    pid = _backend_pid(kept)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not _socket_readable(kept):
        time.sleep(0.01)
    _next_request(kept)

    kept.close_if_health_check_failed()

    assert _backend_pid(kept) != pid


def _socket_readable(wrapper) -> bool:
    readable, _, _ = select.select([wrapper.connection.fileno()], [], [], 0)
    return bool(readable)


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@pytest.fixture
def new_connection():
    """The default connection opened anew, with nothing prepared on it yet."""
    connection.close()


@pytest.mark.django_db(transaction=True)
def test_the_sessions_statement_is_planned_once_per_connection_and_no_other(
    client, settings, new_connection
):
    settings.DATABASE_PREPARE_THRESHOLD = 5
    client.force_login(make_user())
    for _ in range(4):
        assert visit(client, "/platforma").status_code == 200
    assert _prepared_statements() == []

    for _ in range(2):
        assert visit(client, "/platforma").status_code == 200

    # The page's one statement, its session with the account, and none of Django's; nor
    # does psycopg keep count of Django's statements.
    (statement,) = _prepared_statements()
    assert '"accounts_session"' in statement
    assert connection.connection.prepare_threshold is None


@pytest.mark.django_db(transaction=True)
def test_with_prepared_statements_off_nothing_is_prepared(client, settings, new_connection):
    settings.DATABASE_PREPARE_THRESHOLD = None
    client.force_login(make_user())
    for _ in range(7):
        assert visit(client, "/platforma").status_code == 200
    assert _prepared_statements() == []


def _prepare_threshold(value: str | None) -> object:
    env = {} if value is None else {"DATABASE_PREPARE_THRESHOLD": value}
    return setting_in_a_new_process(
        "s.DATABASE_PREPARE_THRESHOLD", env, unset=("DATABASE_PREPARE_THRESHOLD",)
    )


def test_prepared_statements_are_on_unless_a_pooler_needs_them_off():
    assert _prepare_threshold(None) == 5
    assert _prepare_threshold("") == 5
    assert _prepare_threshold("12") == 12
    assert _prepare_threshold(" OFF ") is None


def test_a_threshold_that_is_no_number_stops_the_start_with_its_reason():
    done = run_manage("check", env={"DATABASE_PREPARE_THRESHOLD": "five"})
    assert done.returncode != 0
    assert "DATABASE_PREPARE_THRESHOLD must be a number of runs or 'off', not 'five'" in done.stderr


def _planned(sql: str, params=None, *, on=None) -> list[tuple]:
    wrapper: Any = on or connection
    with wrapper.planned_cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _ordinary(sql: str, params=None) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


_TYPED = (
    "SELECT %s::int, %s::bigint, %s, %s::boolean, %s::timestamptz, %s::uuid, NULL,"
    " 1.5::numeric, 'a%%b', ARRAY[1, 2], '{\"k\": 1}'::jsonb, %s::date, %s::numeric,"
    " %s::int[], %s::text"
)


def test_a_planned_statement_loads_and_binds_every_type_as_psycopg_does(settings):
    settings.DATABASE_PREPARE_THRESHOLD = 2
    moment = datetime(2026, 5, 1, 12, 30, tzinfo=UTC)
    params = [
        7,
        2**40,
        "zażółć",
        True,
        moment,
        uuid.UUID(int=5),
        date(2026, 5, 2),
        Decimal("2.50"),
        [3, 4],
        None,
    ]
    expected = _ordinary(_TYPED, params)
    # Run unprepared, then prepared.
    for _ in range(4):
        assert _planned(_TYPED, params) == expected
    assert expected[0][4] == moment
    assert expected[0][8] == "a%b"
    prepared = _prepared_statements()
    assert any(statement.startswith("SELECT $1::int, $2::bigint") for statement in prepared)


def test_without_values_the_text_goes_as_it_is():
    assert _planned("SELECT 'a%%b'") == _ordinary("SELECT 'a%%b'") == [("a%%b",)]


def test_an_int_that_outgrows_the_prepared_type_gets_a_statement_of_its_own(settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    assert _planned("SELECT %s + 1", [1]) == [(2,)]
    assert _planned("SELECT %s + 1", [2**40]) == [(2**40 + 1,)]


def test_a_statement_the_server_forgot_is_prepared_again(kept, settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    assert _planned("SELECT %s::int * 2", [21], on=kept) == [(42,)]
    with kept.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")

    assert _planned("SELECT %s::int * 2", [4], on=kept) == [(8,)]
    with kept.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        assert cursor.fetchone() == (1,)


def test_inside_a_transaction_a_forgotten_statement_fails_once_then_is_prepared_again(
    settings,
):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    # The test's transaction is opened first (a statement that opens one is psycopg's).
    _ordinary("SELECT 1")
    assert _planned("SELECT %s::int * 3", [1]) == [(3,)]
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")

    with pytest.raises(DatabaseError), transaction.atomic():
        _planned("SELECT %s::int * 3", [2])
    assert _planned("SELECT %s::int * 3", [3]) == [(9,)]


def test_errors_come_as_django_wraps_psycopgs_with_their_sqlstate(settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    user = make_user()
    with pytest.raises(IntegrityError) as duplicate, transaction.atomic():
        _planned(
            "INSERT INTO accounts_user (email, password, first_name, last_name, is_superuser,"
            " is_shop_user, is_student, supervision, is_profile_public, avatar, newsletter,"
            " language, is_active, date_joined, customer_id, cache_generation)"
            " SELECT email, password, first_name, last_name, is_superuser, is_shop_user,"
            " is_student, supervision, is_profile_public, avatar, newsletter, language,"
            " is_active, date_joined, customer_id, cache_generation FROM accounts_user"
            " WHERE id = %s RETURNING id",
            [user.pk],
        )
    assert duplicate.value.__cause__.sqlstate == "23505"
    with pytest.raises(DataError) as division, transaction.atomic():
        _planned("SELECT 1 / %s", [0])
    assert division.value.__cause__.sqlstate == "22012"
    with pytest.raises(ProgrammingError), transaction.atomic():
        _planned("SELECT nothing_here FROM accounts_user WHERE id = %s", [1])


@pytest.mark.django_db(transaction=True)
def test_a_statement_opening_a_transaction_runs_inside_it(settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    user = make_user(first_name="Ala")
    with pytest.raises(RuntimeError), transaction.atomic():
        _planned("UPDATE accounts_user SET first_name = %s WHERE id = %s", ["Ola", user.pk])
        raise RuntimeError("rolled back")

    user.refresh_from_db()
    assert user.first_name == "Ala"


def test_a_dropped_connection_is_an_operational_error(kept, settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    assert _planned("SELECT %s::int", [1], on=kept) == [(1,)]
    pid = _backend_pid(kept)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])

    with pytest.raises(OperationalError):
        _planned("SELECT %s::int", [1], on=kept)


def test_rows_come_in_order_one_at_a_time_or_all(settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    with connection.planned_cursor() as cursor:
        cursor.execute("SELECT n FROM generate_series(1, %s) AS n ORDER BY n", [3])
        assert cursor.fetchone() == (1,)
        assert cursor.fetchall() == [(2,), (3,)]
        assert cursor.fetchone() is None


def test_the_statement_as_sent_is_what_a_query_capture_shows(settings):
    settings.DATABASE_PREPARE_THRESHOLD = 0
    _ordinary("SELECT 1")
    with CaptureQueriesContext(connection) as captured:
        _planned("SELECT %s::int + 40", [2])
    assert [query["sql"] for query in captured.captured_queries] == ["SELECT $1::int + 40"]


def test_a_code_psycopg_has_no_class_for_takes_its_classs(settings):
    # A function's own SQLSTATE (RAISE ... USING ERRCODE), of class 22 (data exception).
    settings.DATABASE_PREPARE_THRESHOLD = 0
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION pg_temp.refuse(code text) RETURNS int AS"
            " $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = code; END $$ LANGUAGE plpgsql"
        )
    with pytest.raises(DataError) as refused, transaction.atomic():
        _planned("SELECT pg_temp.refuse(%s)", ["22P99"])
    assert refused.value.__cause__.sqlstate == "22P99"
    assert str(refused.value).startswith("refused")
