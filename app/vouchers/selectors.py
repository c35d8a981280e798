"""Reads of vouchers: batches are only ever read through their issuer."""

import csv
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Sum
from django.db.models.functions import Coalesce, TruncWeek
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from app.accounts.models import User
from app.core.models import LimitEvent
from app.core.queries import subquery_aggregate
from app.core.requests import parse_id
from app.core.timeseries import as_date, daily_counts, week_list
from app.learning.models import Course, Exam, LearningPath
from app.vouchers.models import Redemption, Voucher, VoucherAllowance, VoucherBatch

Product = Course | Exam | LearningPath
PRODUCT_MODELS: dict[str, type[Product]] = {"course": Course, "exam": Exam, "path": LearningPath}


def _seats(field: str) -> Coalesce:
    return subquery_aggregate(
        queryset=Voucher.objects.filter(batch=OuterRef("pk")),
        group_by="batch",
        aggregate=Sum(field),
    )


def batch_list(*, user: User, channel: str) -> QuerySet[VoucherBatch]:
    """The user's batches in one area, newest first, with their seats and used seats."""
    return (
        VoucherBatch.objects.filter(issued_by=user, channel=channel)
        .select_related("course", "exam", "path")
        .annotate(
            seats_total=_seats("seats"),
            seats_taken=_seats("seats_used"),
            codes_made=subquery_aggregate(
                queryset=Voucher.objects.filter(batch=OuterRef("pk")), group_by="batch"
            ),
        )
        .order_by("-created_at", "-id")
    )


def access_batch_by_id(*, user: User, channel: str, batch_id: int) -> VoucherBatch:
    """The user's own batch of this area; raises Http404 for anybody else's."""
    batch = batch_list(user=user, channel=channel).filter(pk=batch_id).first()
    if batch is None:
        raise Http404
    return batch


def voucher_list(*, batch: VoucherBatch) -> QuerySet[Voucher]:
    """The codes of a batch, in the order they were generated."""
    return Voucher.objects.filter(batch=batch).order_by("id")


def redemption_list(*, batch: VoucherBatch) -> QuerySet[Redemption]:
    """Who redeemed the codes of a batch, newest first, with the learner and the code."""
    return (
        Redemption.objects.filter(voucher__batch=batch)
        .select_related("user", "voucher")
        .order_by("-redeemed_at", "-id")
    )


def batch_usage_weekly(
    *, batch_ids: list[int], today: date | None = None
) -> tuple[list[date], dict[int, list[int]]]:
    """Seats used of each batch by the end of each of the last 12 weeks: the weeks'
    Mondays, and each batch's running totals (redemptions before the first week count
    from the start). One query, grouped by batch and week in the database."""
    weeks = week_list(today=today)
    rows = (
        Redemption.objects.filter(voucher__batch_id__in=batch_ids)
        .annotate(week=TruncWeek("redeemed_at"))
        .order_by()
        .values("voucher__batch_id", "week")
        .annotate(n=Count("pk"))
        .values_list("voucher__batch_id", "week", "n")
    )
    per_week: dict[int, dict[date, int]] = {batch_id: {} for batch_id in batch_ids}
    for batch_id, week, count in rows:
        # Weeks before the chart's first are folded into it: the line starts at their sum.
        key = max(as_date(week), weeks[0])
        per_week[batch_id][key] = per_week[batch_id].get(key, 0) + count
    totals: dict[int, list[int]] = {}
    for batch_id, counts in per_week.items():
        running, line = 0, []
        for week in weeks:
            running += counts.get(week, 0)
            line.append(running)
        totals[batch_id] = line
    return weeks, totals


def batch_redemptions_daily(
    *, batch: VoucherBatch, today: date | None = None
) -> list[tuple[date, int]]:
    """Codes of the batch redeemed on each of the last 30 days (day, count), oldest first,
    days without any as 0: one query, grouped by day in the database."""
    return daily_counts(
        Redemption.objects.filter(voucher__batch=batch), at="redeemed_at", today=today
    )


def allowance_get(*, user: User) -> tuple[int, int]:
    """(codes left, total allowance) of a reseller's batches; without an allowance (0, 0)."""
    limit = VoucherAllowance.objects.filter(user=user).values_list("codes", flat=True).first()
    used = VoucherBatch.objects.filter(
        issued_by=user, channel=VoucherBatch.Channel.RESELLER
    ).aggregate(n=Sum("size"))["n"]
    total = limit or 0
    return max(total - (used or 0), 0), total


def product_choice_list() -> dict[str, list[tuple[str, str]]]:
    """Everything a batch may grant, as "<kind>:<id>" values grouped by kind."""
    return {
        kind: [(f"{kind}:{pk}", title) for pk, title in model.objects.values_list("id", "title")]
        for kind, model in PRODUCT_MODELS.items()
    }


def product_find(*, value: str) -> Product | None:
    """The product a "<kind>:<id>" value names, or None for anything malformed or missing."""
    kind, _sep, raw_id = str(value).partition(":")
    model = PRODUCT_MODELS.get(kind)
    product_id = parse_id(raw_id)
    if model is None or product_id is None:
        return None
    return model.objects.filter(pk=product_id).first()


class _Echo:
    """A file that hands back what is written to it: csv.writer then returns each line."""

    def write(self, value: str) -> str:
        return value


def _cell(value: str) -> str:
    # A cell starting like a formula would run in a spreadsheet (CSV injection).
    return f"'{value}" if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _csv_rows(batch: VoucherBatch) -> Iterator[list[str]]:
    yield [
        _("Kod"),
        _("Produkt"),
        _("Miejsca"),
        _("Wykorzystane"),
        _("Imię i nazwisko"),
        _("E-mail"),
        _("Data wykorzystania"),
    ]
    product = _cell(batch.product.title) if batch.product else ""
    vouchers = (
        voucher_list(batch=batch).prefetch_related("redemptions__user").iterator(chunk_size=2000)
    )
    for voucher in vouchers:
        base = [voucher.code, product, str(voucher.seats), str(voucher.seats_used)]
        redemptions = list(voucher.redemptions.all())
        if not redemptions:
            yield [*base, "", "", ""]
        for redemption in redemptions:
            when = timezone.localtime(redemption.redeemed_at).strftime("%Y-%m-%d %H:%M")
            yield [
                *base,
                _cell(redemption.user.full_name),
                _cell(redemption.user.email),
                when,
            ]


def batch_csv_lines(*, batch: VoucherBatch) -> Iterator[str]:
    """The batch as CSV, line by line (to stream): a row per code and redemption, cells
    that would run as spreadsheet formulas escaped, after a byte-order mark."""
    # The byte-order mark makes spreadsheets read the file as UTF-8 (Polish letters).
    yield "\ufeff"
    writer = csv.writer(_Echo())
    for row in _csv_rows(batch):
        yield writer.writerow(row)


LIMIT_EVENT_DAYS = 30


def learner_limit_events_daily(
    *, institution: User, today: date | None = None
) -> list[dict[str, Any]]:
    """How often the institution's learners (those who redeemed one of its codes) were
    slowed down or refused by a limit, day by day over the last LIMIT_EVENT_DAYS days,
    newest first, days without any left out; never where from (no address is kept)."""
    since = (today or timezone.localdate()) - timedelta(days=LIMIT_EVENT_DAYS - 1)
    learners = Redemption.objects.filter(
        voucher__batch__issued_by=institution,
        voucher__batch__channel=VoucherBatch.Channel.INSTITUTION,
    ).values("user_id")
    rows: Any = (
        LimitEvent.objects.filter(user_id__in=learners, day__gte=since)
        .values("day")
        .annotate(
            slowed=Coalesce(Sum("count", filter=Q(kind=LimitEvent.Kind.SLOWED)), 0),
            refused=Coalesce(Sum("count", filter=Q(kind=LimitEvent.Kind.REFUSED)), 0),
        )
        .order_by("-day")
    )
    return list(rows)
