"""Multilicences (/instytucja) and the reseller or cloud panel (/reseller): batches of
voucher codes, who redeemed them, and the CSV of a batch."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from app.core import roles
from app.core.errors import ApplicationError, valid_data
from app.core.guards import View, institution_required, reseller_required
from app.core.inertia import render_page
from app.core.pagination import queryset_paginate
from app.core.props import date_counts, form_rules
from app.core.ratelimits import rate_limited
from app.core.requests import AuthenticatedRequest, request_data
from app.core.views import area_not_found
from app.vouchers import props, selectors, services
from app.vouchers.forms import BatchForm
from app.vouchers.models import VoucherBatch

BATCHES_PER_PAGE = 20
ROWS_PER_PAGE = 50


@dataclass(frozen=True)
class Area:
    channel: str
    # URL names of the area's pages: its batches (and the form), one batch, a batch's CSV.
    page: str
    batch: str
    batch_csv: str
    guard: Callable[[View], View]


INSTITUTION = Area(
    VoucherBatch.Channel.INSTITUTION,
    "vouchers:institution",
    "vouchers:institution_batch",
    "vouchers:institution_batch_csv",
    institution_required,
)
RESELLER = Area(
    VoucherBatch.Channel.RESELLER,
    "vouchers:reseller",
    "vouchers:reseller_batch",
    "vouchers:reseller_batch_csv",
    reseller_required,
)


def _area_name(area: Area, request: AuthenticatedRequest) -> str:
    if area is INSTITUTION:
        return "institution"
    return "cloud" if roles.is_cloud_panel(request.user.role_codes) else "reseller"


def _batches(area: Area) -> View:
    @require_http_methods(["GET", "POST"])
    @area.guard
    # Up to 10,000 codes a time is heavy work: a few batches a minute is plenty.
    @rate_limited(
        "batch_generate",
        methods=["POST"],
        message=gettext_lazy("Zbyt wiele pul w krótkim czasie. Spróbuj ponownie za chwilę."),
    )
    def view(request: AuthenticatedRequest) -> HttpResponse:
        if request.method == "POST":
            return _generate(request, area)
        batches, pagination = queryset_paginate(
            request=request,
            queryset=selectors.batch_list(user=request.user, channel=area.channel),
            per_page=BATCHES_PER_PAGE,
        )
        allowance: props.Allowance | None = None
        if area is RESELLER:
            left, total = selectors.allowance_get(user=request.user)
            allowance = props.Allowance(left=left, total=total)
        weeks, used = selectors.batch_usage_weekly(batch_ids=[batch.pk for batch in batches])
        page: props.BatchesProps = {
            "area": _area_name(area, request),
            "batches": [props.batch_summary(batch, url_name=area.batch) for batch in batches],
            "pagination": pagination,
            "products": props.product_groups(selectors.product_choice_list()),
            "allowance": allowance,
            "create_url": reverse(area.page),
            "rules": form_rules(BatchForm, ["product", "size", "name"]),
            "usage": props.batch_usage_chart(batches=batches, weeks=weeks, used=used),
            "learner_limits": props.learner_limit_days(
                selectors.learner_limit_events_daily(institution=request.user)
                if area is INSTITUTION
                else []
            ),
        }
        return render_page(request, "Vouchers/Batches", page)

    return view


def _generate(request: AuthenticatedRequest, area: Area) -> HttpResponse:
    data = valid_data(BatchForm(request_data(request)))
    batch = services.batch_generate(
        issued_by=request.user,
        channel=area.channel,
        product=data["product"],
        size=data["size"],
        name=data["name"],
        valid_until=data["valid_until"],
        idempotency_key=data["idempotency_key"],
    )
    # Polish needs three plural forms; a count after a colon reads right for every number.
    messages.success(request, _("Zamówione kody: %(count)s.") % {"count": batch.size})
    return redirect(area.batch, batch_id=batch.pk)


def _area_batch(area: Area, request: AuthenticatedRequest, batch_id: int) -> VoucherBatch:
    """The area's batch `batch_id`, when its visitor may see it (404 otherwise)."""
    return selectors.access_batch_by_id(user=request.user, channel=area.channel, batch_id=batch_id)


def _batch(area: Area) -> View:
    @require_GET
    @area.guard
    def view(request: AuthenticatedRequest, batch_id: int) -> HttpResponse:
        batch = _area_batch(area, request, batch_id)
        codes, codes_pagination = queryset_paginate(
            request=request,
            queryset=selectors.voucher_list(batch=batch),
            per_page=ROWS_PER_PAGE,
            param="kody",
        )
        redemptions, redemptions_pagination = queryset_paginate(
            request=request,
            queryset=selectors.redemption_list(batch=batch),
            per_page=ROWS_PER_PAGE,
        )
        page: props.BatchProps = {
            "area": _area_name(area, request),
            "batch": props.batch_summary(batch, url_name=area.batch),
            "codes": [props.code_row(voucher) for voucher in codes],
            "codes_pagination": codes_pagination,
            "redemptions": [props.redemption_row(item) for item in redemptions],
            "redemptions_pagination": redemptions_pagination,
            "csv_url": (
                reverse(area.batch_csv, kwargs={"batch_id": batch.pk})
                if batch.is_generated
                else None
            ),
            "back_url": reverse(area.page),
            "daily": date_counts(selectors.batch_redemptions_daily(batch=batch)),
        }
        return render_page(request, "Vouchers/Batch", page)

    return view


def _batch_csv(area: Area) -> View:
    @require_GET
    @area.guard
    def view(request: AuthenticatedRequest, batch_id: int) -> StreamingHttpResponse:
        batch = _area_batch(area, request, batch_id)
        if not batch.is_generated:
            raise ApplicationError(
                _("Kody tej puli są jeszcze generowane. Spróbuj za chwilę."),
                code="pending",
                status=409,
            )
        response = StreamingHttpResponse(
            selectors.batch_csv_lines(batch=batch), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="pula-{batch.pk}.csv"'
        return response

    return view


institution = _batches(INSTITUTION)
institution_batch = _batch(INSTITUTION)
institution_batch_csv = _batch_csv(INSTITUTION)
reseller = _batches(RESELLER)
reseller_batch = _batch(RESELLER)
reseller_batch_csv = _batch_csv(RESELLER)
institution_not_found = area_not_found(institution_required)
reseller_not_found = area_not_found(reseller_required)
