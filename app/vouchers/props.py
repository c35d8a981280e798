"""Props of the voucher page and of the institution and reseller areas."""

from datetime import date
from typing import Any, TypedDict

from django.urls import reverse
from django.utils import timezone

from app.core.pagination import PaginationProps
from app.core.props import DateCount, FieldRule
from app.core.typegen import page_props, ts_export
from app.vouchers.models import Redemption, Voucher, VoucherBatch


@page_props("Vouchers/Redeem")
class RedeemProps(TypedDict):
    code: str
    action: str
    max_length: int


@ts_export
class ProductRef(TypedDict):
    # course | exam | path, or null when nothing is assigned.
    kind: str | None
    title: str | None


@ts_export
class BatchSummary(TypedDict):
    id: int
    name: str
    product: ProductRef
    size: int
    seats_total: int
    seats_used: int
    created_at: str
    valid_until: str | None
    url: str
    # False while the codes are still being made in the background.
    ready: bool
    codes_made: int


@ts_export
class ProductOption(TypedDict):
    value: str
    title: str


@ts_export
class ProductGroups(TypedDict):
    course: list[ProductOption]
    exam: list[ProductOption]
    path: list[ProductOption]


@ts_export
class Allowance(TypedDict):
    left: int
    total: int


@ts_export
class BatchUsageLine(TypedDict):
    id: int
    name: str
    # Seats used by the end of each week of the chart.
    used: list[int]


@ts_export
class BatchUsageChart(TypedDict):
    # The Monday of each week, oldest first (ISO dates).
    weeks: list[str]
    batches: list[BatchUsageLine]


@ts_export
class LearnerLimitDay(TypedDict):
    day: str
    slowed: int
    refused: int


def learner_limit_days(rows: list[dict[str, Any]]) -> list[LearnerLimitDay]:
    return [
        {"day": row["day"].isoformat(), "slowed": row["slowed"], "refused": row["refused"]}
        for row in rows
    ]


@page_props("Vouchers/Batches")
class BatchesProps(TypedDict):
    # institution | reseller | cloud: the area's title and wording.
    area: str
    batches: list[BatchSummary]
    pagination: PaginationProps
    products: ProductGroups
    allowance: Allowance | None
    create_url: str
    # Of the batch form's fields the visitor fills in.
    rules: dict[str, FieldRule]
    # Seats used over the last 12 weeks by each batch of this page of batches.
    usage: BatchUsageChart
    # An institution's learners slowed down or refused by a limit, per day (newest first;
    # empty when they never were, and always for resellers).
    learner_limits: list[LearnerLimitDay]


@ts_export
class CodeRow(TypedDict):
    code: str
    seats: int
    seats_used: int


@ts_export
class RedemptionRow(TypedDict):
    code: str
    name: str
    email: str
    redeemed_at: str


@page_props("Vouchers/Batch")
class BatchProps(TypedDict):
    area: str
    batch: BatchSummary
    codes: list[CodeRow]
    codes_pagination: PaginationProps
    redemptions: list[RedemptionRow]
    redemptions_pagination: PaginationProps
    # Offered once every code exists.
    csv_url: str | None
    back_url: str
    # Codes redeemed on each of the last 30 days, oldest first.
    daily: list[DateCount]


def _iso(value) -> str:
    return timezone.localtime(value).isoformat()


def product_ref(batch: VoucherBatch) -> ProductRef:
    product = batch.product
    return {"kind": batch.kind, "title": product.title if product else None}


def batch_summary(batch: VoucherBatch, *, url_name: str) -> BatchSummary:
    """A batch as its area lists it; `url_name` names the area's batch page."""
    return {
        "id": batch.pk,
        "name": batch.name,
        "product": product_ref(batch),
        "size": batch.size,
        "seats_total": batch.seats_total,  # type: ignore[attr-defined]
        "seats_used": batch.seats_taken,  # type: ignore[attr-defined]
        "created_at": _iso(batch.created_at),
        "valid_until": _iso(batch.valid_until) if batch.valid_until else None,
        "url": reverse(url_name, kwargs={"batch_id": batch.pk}),
        "ready": batch.is_generated,
        "codes_made": batch.codes_made,  # type: ignore[attr-defined]
    }


def batch_usage_chart(
    *, batches: list[VoucherBatch], weeks: list[date], used: dict[int, list[int]]
) -> BatchUsageChart:
    return {
        "weeks": [week.isoformat() for week in weeks],
        "batches": [
            {"id": batch.pk, "name": batch.name, "used": used[batch.pk]} for batch in batches
        ],
    }


def product_groups(choices: dict[str, list[tuple[str, str]]]) -> ProductGroups:
    def options(kind: str) -> list[ProductOption]:
        return [{"value": value, "title": title} for value, title in choices[kind]]

    return {"course": options("course"), "exam": options("exam"), "path": options("path")}


def code_row(voucher: Voucher) -> CodeRow:
    return {"code": voucher.code, "seats": voucher.seats, "seats_used": voucher.seats_used}


def redemption_row(redemption: Redemption) -> RedemptionRow:
    return {
        "code": redemption.voucher.code,
        "name": redemption.user.full_name,
        "email": redemption.user.email,
        "redeemed_at": _iso(redemption.redeemed_at),
    }
