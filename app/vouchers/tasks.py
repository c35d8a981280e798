"""Background work of vouchers."""

from celery import shared_task
from django.db import DatabaseError

from app.vouchers import services


@shared_task(
    name=services.BATCH_CODES_TASK,
    # The database away for a moment (restarted, failed over) only delays the batch.
    autoretry_for=(DatabaseError,),
    retry_backoff=True,
    max_retries=8,
)
def batch_codes_generate(*, batch_id: int) -> int:
    """Make a batch's codes (services.batch_codes_generate): idempotent, so a task run
    again after a worker died mid-way completes the batch without a code too many."""
    return services.batch_codes_generate(batch_id=batch_id)
