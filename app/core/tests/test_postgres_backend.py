"""A kept PostgreSQL connection is checked before reuse without a round trip while it is
healthy, and replaced when the server dropped it; the statements every request runs are
planned once per connection (app/core/postgresql/base.py)."""

import select
import tempfile
import time

import pytest
from django.db import connection, connections

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


def test_the_sessions_statement_is_planned_once_per_connection_and_no_other(client, settings):
    settings.DATABASE_PREPARE_THRESHOLD = 5
    client.force_login(make_user())
    for _ in range(4):
        assert visit(client, "/platforma").status_code == 200
    assert _prepared_statements() == []

    for _ in range(2):
        assert visit(client, "/platforma").status_code == 200

    # The page's one statement, its session with the account, and none of Django's; nor
    # does the connection keep count of Django's statements.
    (statement,) = _prepared_statements()
    assert '"accounts_session"' in statement
    assert connection.connection.prepare_threshold is None


def test_with_prepared_statements_off_nothing_is_prepared(client, settings):
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
