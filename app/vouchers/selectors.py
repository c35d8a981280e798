"""Reads of vouchers: batches are only ever read through their issuer."""

from django.db.models import OuterRef, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import Http404

from app.accounts.models import User
from app.core.queries import subquery_aggregate
from app.core.requests import parse_id
from app.learning.models import Course, Exam, LearningPath
from app.vouchers.models import Redemption, Voucher, VoucherBatch

Product = Course | Exam | LearningPath
PRODUCT_MODELS: dict[str, type[Product]] = {"course": Course, "exam": Exam, "path": LearningPath}


def _seats(field: str) -> Coalesce:
    return subquery_aggregate(
        queryset=Voucher.objects.filter(batch=OuterRef("pk")),
        group_by="batch",
        aggregate=Sum(field),
    )


def batches_of(*, user: User, channel: str) -> QuerySet[VoucherBatch]:
    """The user's batches in one area, newest first, with their seats and used seats."""
    return (
        VoucherBatch.objects.filter(issued_by=user, channel=channel)
        .select_related("course", "exam", "path")
        .annotate(seats_total=_seats("seats"), seats_taken=_seats("seats_used"))
        .order_by("-created_at", "-id")
    )


def access_batch_by_id(*, user: User, channel: str, batch_id: int) -> VoucherBatch:
    """The user's own batch of this area; raises Http404 for anybody else's."""
    batch = batches_of(user=user, channel=channel).filter(pk=batch_id).first()
    if batch is None:
        raise Http404
    return batch


def batch_codes(*, batch: VoucherBatch) -> QuerySet[Voucher]:
    return Voucher.objects.filter(batch=batch).order_by("id")


def batch_redemptions(*, batch: VoucherBatch) -> QuerySet[Redemption]:
    return (
        Redemption.objects.filter(voucher__batch=batch)
        .select_related("user", "voucher")
        .order_by("-redeemed_at", "-id")
    )


def product_choices() -> dict[str, list[tuple[str, str]]]:
    """Everything a batch may grant, as "<kind>:<id>" values grouped by kind."""
    return {
        kind: [(f"{kind}:{pk}", title) for pk, title in model.objects.values_list("id", "title")]
        for kind, model in PRODUCT_MODELS.items()
    }


def product_by_value(value: str) -> Product | None:
    """The product a "<kind>:<id>" value names, or None for anything malformed or missing."""
    kind, _sep, raw_id = str(value).partition(":")
    model = PRODUCT_MODELS.get(kind)
    product_id = parse_id(raw_id)
    if model is None or product_id is None:
        return None
    return model.objects.filter(pk=product_id).first()
