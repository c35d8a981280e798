"""Voucher redemption, and the areas that hand vouchers out (institution, reseller)."""

from app.vouchers.views.batches import (
    institution,
    institution_batch,
    institution_batch_csv,
    institution_not_found,
    reseller,
    reseller_batch,
    reseller_batch_csv,
    reseller_not_found,
)
from app.vouchers.views.redeem import redeem

__all__ = [
    "institution",
    "institution_batch",
    "institution_batch_csv",
    "institution_not_found",
    "redeem",
    "reseller",
    "reseller_batch",
    "reseller_batch_csv",
    "reseller_not_found",
]
