"""The purge job on PostgreSQL: many accounts, a few marked; exactly those are purged,
also when the job runs twice, concurrently, or after a crash half way."""

from datetime import timedelta

import pytest
from django.contrib.auth.hashers import make_password
from django.db import connection
from django.utils import timezone

from app.accounts import services
from app.accounts.models import AccountDeletionLink, User
from app.accounts.services import deletion
from app.accounts.tasks import purge_deleted_accounts
from app.core.errors import ApplicationError
from app.core.tests.helpers import run_at_once

pytestmark = pytest.mark.django_db(transaction=True)

MANY = 2_000
# The statements one account's purge runs, whatever the number of accounts: among them the
# ones that move the generations of the account and of the teams whose cached pages show
# it (app/teams/cache.py), in the purge's transaction.
PER_ACCOUNT = 31


@pytest.fixture
def population(services):
    """MANY accounts; every 250th one marked past the grace period, two marked recently."""
    password = make_password("irrelevant")
    now = timezone.now()
    marked = dict.fromkeys((7, 8), now - timedelta(hours=1)) | dict.fromkeys(
        range(0, MANY, 250), now - timedelta(hours=30)
    )
    users = [
        User(
            email=f"u{n}@example.com",
            first_name=f"Imię{n}",
            last_name="Nazwisko",
            password=password,
            deletion_marked_at=marked.get(n),
            is_active=n not in marked,
        )
        for n in range(MANY)
    ]
    User.objects.bulk_create(users, batch_size=500)
    due = set(
        User.objects.filter(deletion_marked_at__lte=now - timedelta(hours=24)).values_list(
            "pk", flat=True
        )
    )
    assert len(due) == MANY // 250
    return due


def snapshot(exclude: set[int]) -> list[tuple]:
    return list(
        User.objects.exclude(pk__in=exclude)
        .order_by("pk")
        .values_list("pk", "email", "first_name", "is_active", "password", "anonymised_at")
    )


def test_exactly_the_due_accounts_are_purged_and_a_rerun_does_nothing(population):
    assert connection.vendor == "postgresql"
    others = snapshot(population)

    assert purge_deleted_accounts() == len(population)

    purged = User.objects.filter(anonymised_at__isnull=False)
    assert set(purged.values_list("pk", flat=True)) == population
    assert all(
        email.endswith("@usuniete.invalid") for email in purged.values_list("email", flat=True)
    )
    assert snapshot(population) == others
    assert purge_deleted_accounts() == 0
    assert snapshot(population) == others


def test_a_crash_half_way_leaves_the_rest_for_the_next_run(population, monkeypatch):
    others = snapshot(population)
    real = services.account_purge
    calls = {"n": 0}

    def crashing(**kwargs):
        calls["n"] += 1
        if calls["n"] == 4:
            raise RuntimeError("worker lost")
        return real(**kwargs)

    monkeypatch.setattr(deletion, "account_purge", crashing)
    with pytest.raises(RuntimeError):
        purge_deleted_accounts()
    assert User.objects.filter(anonymised_at__isnull=False).count() == 3

    monkeypatch.setattr(deletion, "account_purge", real)
    assert purge_deleted_accounts() == len(population) - 3
    assert (
        set(User.objects.filter(anonymised_at__isnull=False).values_list("pk", flat=True))
        == population
    )
    assert snapshot(population) == others


def test_two_jobs_at_once_purge_each_account_once(population):
    results: list[int] = []

    def run():
        results.append(purge_deleted_accounts())

    run_at_once(run, run)

    assert sum(results) == len(population)
    assert User.objects.filter(anonymised_at__isnull=False).count() == len(population)


def test_the_job_asks_the_database_the_same_number_of_times_for_more_accounts(
    population, django_assert_max_num_queries
):
    # Per account a fixed set of statements (PER_ACCOUNT: the lock, ending its sessions
    # and app tokens, clearing its roles, links, addresses, notes, favourites,
    # notifications, invitations, data exports, e-mail log and outbox, the save, the
    # transaction); the search for due accounts does not
    # grow with the number of accounts that are not due.
    with django_assert_max_num_queries(len(population) * PER_ACCOUNT + 2):
        purge_deleted_accounts()


def test_undo_racing_the_purge_leaves_one_consistent_outcome(population):
    user_id = min(population)
    _link, token = AccountDeletionLink.issue(
        lifetime=timedelta(hours=1), user_id=user_id, kind=AccountDeletionLink.Kind.RESTORE
    )
    outcome: dict[str, object] = {}
    failures: list[BaseException] = []

    def restore():
        try:
            services.account_restore(token=token)
            outcome["restored"] = True
        except ApplicationError:
            outcome["restored"] = False
        except BaseException as error:  # a deadlock, say: the test must see it
            failures.append(error)

    def purge():
        try:
            outcome["purged"] = services.account_purge(user_id=user_id)
        except BaseException as error:
            failures.append(error)

    run_at_once(restore, purge)

    assert failures == []
    # Exactly one of the two wins, and the account is in the state its win leaves.
    assert outcome["restored"] is not outcome["purged"]
    user = User.objects.get(pk=user_id)
    restored = (True, True, True)  # active, no deletion mark, not anonymised
    purged = (False, False, False)
    assert (user.is_active, user.deletion_marked_at is None, user.anonymised_at is None) == {
        True: restored,
        False: purged,
    }[outcome["restored"]]
    # A purge that lost the race skipped the locked row; the next run finds nothing.
    assert services.account_purge(user_id=user_id) is False
