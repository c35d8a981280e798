"""Background work of vouchers."""

from celery import shared_task

from app.vouchers import services


@shared_task(name="vouchers.batch_codes_generate")
def batch_codes_generate(*, batch_id: int) -> int:
    """Make a batch's codes (services.batch_codes_generate): idempotent, so a task run
    again after a worker died mid-way completes the batch without a code too many."""
    return services.batch_codes_generate(batch_id=batch_id)
