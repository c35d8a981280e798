"""Periodic and background jobs of accounts."""

import uuid

from celery import shared_task

from app.accounts import services


@shared_task(name="accounts.purge_deleted_accounts")
def purge_deleted_accounts() -> int:
    """Celery beat runs this every ACCOUNT_PURGE_INTERVAL: the personal data of accounts
    whose confirmed deletion passed the grace period is removed. Safe to run twice or
    after a crash half way (see services.accounts_purge_due)."""
    return services.accounts_purge_due()


@shared_task(name="accounts.build_data_export")
def build_data_export(*, user_id: int, request_key: str) -> str:
    """Build a learner's data export and e-mail its link; a retried or redelivered task
    finds it built (services.data_export_build)."""
    export = services.data_export_build(user_id=user_id, request_key=request_key)
    return "built" if export is not None else "nothing to do"


def data_export_request(*, user_id: int) -> str:
    """Queue the export of the user's data once the current transaction commits; returns
    the request's key."""
    request_key = uuid.uuid4().hex
    build_data_export.delay_on_commit(user_id=user_id, request_key=request_key)
    return request_key
