"""Factories of vouchers and batches."""

from datetime import datetime
from itertools import count

from django.utils import timezone

from app.accounts.models import User
from app.vouchers.models import Voucher, VoucherBatch

_sequence = count(1)


def make_voucher(
    *,
    code: str | None = None,
    product=None,
    seats: int = 1,
    valid_from: datetime | None = None,
    valid_until: datetime | None = None,
    batch: VoucherBatch | None = None,
) -> Voucher:
    fields = {}
    if product is not None:
        fields[type(product).__name__.lower().replace("learningpath", "path")] = product
    return Voucher.objects.create(
        code=code or f"TEST-{next(_sequence):06d}",
        seats=seats,
        valid_from=valid_from or timezone.now(),
        valid_until=valid_until,
        batch=batch,
        **fields,
    )


def make_batch(
    *, issued_by: User, channel: str = VoucherBatch.Channel.INSTITUTION, product, codes: int = 3
) -> VoucherBatch:
    field = type(product).__name__.lower().replace("learningpath", "path")
    batch = VoucherBatch.objects.create(
        name=f"Pula {next(_sequence)}",
        channel=channel,
        issued_by=issued_by,
        size=codes,
        generated_at=timezone.now(),
        **{field: product},
    )
    for _ in range(codes):
        make_voucher(product=product, batch=batch)
    return batch
