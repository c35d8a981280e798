"""The vouchers part of a learner's data export (app.core.data_export)."""

from typing import Any

from app.vouchers.models import Redemption


def vouchers_export(user: Any) -> dict[str, Any]:
    redemptions = Redemption.objects.filter(user=user).select_related(
        "voucher__course", "voucher__exam", "voucher__path"
    )
    return {
        "redeemed": [
            {
                "code": redemption.voucher.code,
                "course": redemption.voucher.course.title if redemption.voucher.course else None,
                "exam": redemption.voucher.exam.title if redemption.voucher.exam else None,
                "path": redemption.voucher.path.title if redemption.voucher.path else None,
                "redeemed_at": redemption.redeemed_at,
            }
            for redemption in redemptions.order_by("redeemed_at", "pk")
        ]
    }
