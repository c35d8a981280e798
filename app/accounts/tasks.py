"""Periodic and background jobs of accounts."""

from celery import shared_task

from app.accounts import services


@shared_task(name="accounts.purge_deleted_accounts")
def purge_deleted_accounts() -> int:
    """Celery beat runs this every ACCOUNT_PURGE_INTERVAL: the personal data of accounts
    whose confirmed deletion passed the grace period is removed. Safe to run twice or
    after a crash half way (see services.accounts_purge_due)."""
    return services.accounts_purge_due()


@shared_task(name=services.DATA_EXPORT_TASK)
def build_data_export(*, user_id: int, request_key: str) -> str:
    """Build a learner's data export and e-mail its link; a retried or redelivered task
    finds it built (services.data_export_build)."""
    export = services.data_export_build(user_id=user_id, request_key=request_key)
    return "built" if export is not None else "nothing to do"
