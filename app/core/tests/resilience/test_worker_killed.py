"""A Celery worker process is killed (SIGKILL) in the middle of a task: the task is
delivered again to a fresh worker process and its effect happens once (acks_late and
reject_on_worker_lost; a real prefork worker against Redis and this run's PostgreSQL)."""

import os
import signal
import subprocess
import time
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tasks import purge_deleted_accounts
from app.accounts.tests.factories import make_user
from app.celery import app as celery_app
from app.core.models import EmailOutbox
from app.core.tasks import send_email
from app.core.tests.resilience.server import (
    celery_worker_command,
    database_url,
    platform_env,
    stop_process_group,
)
from app.core.tests.resilience.smtp import FakeSMTP

pytestmark = [pytest.mark.resilience, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def not_eager():
    celery_app.conf.task_always_eager = False
    yield
    celery_app.conf.task_always_eager = True


@pytest.fixture
def smtp():
    server = FakeSMTP(hang_first=True)
    yield server
    server.stop()


@pytest.fixture
def worker(services, smtp, tmp_path):
    env = platform_env(
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(smtp.port),
        EMAIL_USE_TLS="0",
        MAIL_DIR=str(tmp_path),
    )
    log = open(tmp_path / "worker.log", "w+b")  # noqa: SIM115
    process = subprocess.Popen(
        celery_worker_command("--pool=prefork", "--concurrency=1", "--loglevel=INFO"),
        cwd=Path(settings.BASE_DIR),
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    process.log = log  # type: ignore[attr-defined]
    yield process
    stop_process_group(process)
    log.close()


def output(process) -> str:
    process.log.flush()
    process.log.seek(0)
    return process.log.read().decode(errors="replace")[-3000:]


def pool_children(process) -> list[int]:
    path = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


def wait_for(condition, what: str, process, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {timeout:.0f} s\n{output(process)}")


def kill_busy_child(process) -> int:
    [child] = pool_children(process)
    os.kill(child, signal.SIGKILL)
    return child


def test_an_email_task_killed_mid_send_is_sent_once_by_the_next_worker_process(
    worker, smtp, not_eager
):
    with transaction.atomic():
        send_email(
            template="session_link",
            to="ola@example.com",
            language="pl",
            context={
                "first_name": "Ola",
                "url": "https://platforma.example/session/1",
                "hours": 72,
            },
            key="killed-1",
        )
    # The worker process is talking to the mail server, which has the message but has
    # not accepted it yet: the process dies there.
    wait_for(smtp.hanging.is_set, "the first delivery attempt", worker)
    killed = kill_busy_child(worker)
    smtp.release()

    row = EmailOutbox.objects.get(key="killed-1")
    wait_for(
        lambda: EmailOutbox.objects.filter(pk=row.pk, sent_at__isnull=False).exists(),
        "the redelivered e-mail",
        worker,
    )
    assert killed not in pool_children(worker)
    assert len(smtp.messages) == 1
    assert b"To: ola@example.com" in smtp.messages[0]
    assert EmailOutbox.objects.get(key="killed-1").sent_at is not None
    # Delivered again, or drained, nothing sends it a second time.
    time.sleep(1)
    assert len(smtp.messages) == 1


def test_the_purge_killed_mid_account_purges_it_once_in_the_next_worker_process(worker, not_eager):
    user = make_user(email="leaving@example.com")
    User.objects.filter(pk=user.pk).update(
        deletion_marked_at=timezone.now() - timedelta(hours=30), is_active=False
    )
    EmailAddress.objects.get_or_create(user=user, email=user.email, defaults={"primary": True})
    # The account's address row is held by another transaction: the worker's purge, half
    # way through the account (its sessions already ended), waits on it.
    holder = psycopg.connect(database_url())
    try:
        holder.execute(
            "SELECT id FROM account_emailaddress WHERE user_id = %s FOR UPDATE", [user.pk]
        )
        result = purge_deleted_accounts.delay()

        def purge_waits() -> bool:
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
                return cursor.fetchone()[0] > 0

        wait_for(purge_waits, "the purge waiting on the account", worker)
        kill_busy_child(worker)
    finally:
        holder.rollback()
        holder.close()

    wait_for(lambda: result.state == "SUCCESS", "the purge's second run", worker)
    assert result.get(timeout=5) == 1
    user.refresh_from_db()
    assert user.anonymised_at is not None
    assert user.email != "leaving@example.com"
    first = user.anonymised_at
    # A further run finds nothing left to do.
    assert purge_deleted_accounts.delay().get(timeout=60) == 0
    user.refresh_from_db()
    assert user.anonymised_at == first
