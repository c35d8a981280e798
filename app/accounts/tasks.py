"""Periodic jobs of accounts."""

from celery import shared_task

from app.accounts import services


@shared_task(name="accounts.purge_deleted_accounts")
def purge_deleted_accounts() -> int:
    """Celery beat runs this every ACCOUNT_PURGE_INTERVAL: the personal data of accounts
    whose confirmed deletion passed the grace period is removed. Safe to run twice or
    after a crash half way (see services.accounts_purge_due)."""
    return services.accounts_purge_due()
