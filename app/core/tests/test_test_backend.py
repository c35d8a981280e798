"""The test run's database backend empties tables with DELETE
(app/core/tests/postgresql/base.py)."""

import threading

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.teams.models import Membership, Team

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only"),
]


def test_a_flush_deletes_rows_that_refer_to_each_other_without_truncating():
    manager = make_user(email="manager@example.com", roles=[Role.MANAGER])
    team = Team.objects.create(name="Zespół A")
    team.managers.add(manager)
    Membership.objects.create(team=team, user=make_user(email="ola@example.com"))

    # As Django's TransactionTestCase empties the database after a test.
    with CaptureQueriesContext(connection) as queries:
        call_command("flush", interactive=False, verbosity=0, reset_sequences=False)

    statements = [query["sql"] for query in queries.captured_queries]
    assert not [sql for sql in statements if "TRUNCATE" in sql.upper()]
    assert any(sql.startswith('DELETE FROM "accounts_user"') for sql in statements)
    assert User.objects.count() == 0
    assert Team.objects.count() == 0
    assert Membership.objects.count() == 0


def test_a_flush_waits_for_a_row_being_inserted_and_deletes_it_too():
    inserted, flushing = threading.Event(), threading.Event()

    def server_request():
        # Another connection, as a live server's or a worker's, commits a new account
        # after the flush has begun.
        with transaction.atomic():
            make_user(email="late@example.com")
            inserted.set()
            flushing.wait(5)
        connections.close_all()

    thread = threading.Thread(target=server_request)
    thread.start()
    assert inserted.wait(5)
    threading.Timer(0.3, flushing.set).start()

    call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
    thread.join(5)

    assert flushing.is_set()
    assert not User.objects.filter(email="late@example.com").exists()


def test_a_flush_that_resets_the_sequences_is_left_to_truncate():
    from django.core.management.color import no_style

    statements = connection.ops.sql_flush(no_style(), ["accounts_user"], reset_sequences=True)

    assert statements[0].startswith("TRUNCATE")
