"""Multilicences (/instytucja) and the reseller or cloud panel (/reseller): batches of
voucher codes, who redeemed them, and the CSV of a batch."""

import csv
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from allauth.core import ratelimit
from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from app.core import roles
from app.core.guards import View, institution_required, reseller_required
from app.core.inertia import FORM_ERROR_KEY, form_errors, redirect_with_errors, render_page
from app.core.pagination import queryset_paginate
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
    base_url: str
    guard: Callable[[View], View]


INSTITUTION = Area(VoucherBatch.Channel.INSTITUTION, "/instytucja", institution_required)
RESELLER = Area(VoucherBatch.Channel.RESELLER, "/reseller", reseller_required)


def _area_name(area: Area, request: AuthenticatedRequest) -> str:
    if area is INSTITUTION:
        return "institution"
    return "cloud" if roles.is_cloud_panel(request.user.role_codes) else "reseller"


def _batches(area: Area) -> View:
    @require_http_methods(["GET", "POST"])
    @area.guard
    def view(request: AuthenticatedRequest) -> HttpResponse:
        if request.method == "POST":
            return _generate(request, area)
        batches, pagination = queryset_paginate(
            request=request,
            queryset=selectors.batches_of(user=request.user, channel=area.channel),
            per_page=BATCHES_PER_PAGE,
        )
        allowance: props.Allowance | None = None
        if area is RESELLER:
            left, total = services.allowance_left(user=request.user)
            allowance = props.Allowance(left=left, total=total)
        page: props.BatchesProps = {
            "area": _area_name(area, request),
            "batches": [props.batch_summary(batch, area.base_url) for batch in batches],
            "pagination": pagination,
            "products": props.product_groups(selectors.product_choices()),
            "allowance": allowance,
            "create_url": area.base_url,
            "max_size": services.BATCH_MAX_SIZE,
            "name_max_length": props.LIMITS["name_max_length"],
        }
        return render_page(request, "Vouchers/Batches", page)

    return view


def _generate(request: AuthenticatedRequest, area: Area) -> HttpResponse:
    form = BatchForm(request_data(request))
    if not form.is_valid():
        return redirect_with_errors(request, area.base_url, form_errors(form))
    # Up to 10,000 codes a time is heavy work: a few batches a minute is plenty.
    if not ratelimit.consume(request, action="batch_generate", user=request.user):
        return redirect_with_errors(
            request,
            area.base_url,
            {FORM_ERROR_KEY: _("Zbyt wiele pul w krótkim czasie. Spróbuj ponownie za chwilę.")},
        )
    data = form.cleaned_data
    product = data["product"]
    name = data["name"] or _("%(title)s, %(date)s") % {
        "title": product.title[:60],
        "date": timezone.localdate().isoformat(),
    }
    try:
        batch = services.batch_generate(
            issued_by=request.user,
            channel=area.channel,
            product=product,
            size=data["size"],
            name=name,
            valid_until=data["valid_until"],
        )
    except services.BatchError as error:
        return redirect_with_errors(request, area.base_url, {FORM_ERROR_KEY: error.message})
    # Polish needs three plural forms; a count after a colon reads right for every number.
    messages.success(request, _("Wygenerowane kody: %(count)s.") % {"count": batch.size})
    return HttpResponseRedirect(f"{area.base_url}/pula/{batch.pk}")


def _batch(area: Area) -> View:
    @require_GET
    @area.guard
    def view(request: AuthenticatedRequest, batch_id: int) -> HttpResponse:
        batch = selectors.access_batch_by_id(
            user=request.user, channel=area.channel, batch_id=batch_id
        )
        codes, codes_pagination = queryset_paginate(
            request=request,
            queryset=selectors.batch_codes(batch=batch),
            per_page=ROWS_PER_PAGE,
            param="kody",
        )
        redemptions, redemptions_pagination = queryset_paginate(
            request=request,
            queryset=selectors.batch_redemptions(batch=batch),
            per_page=ROWS_PER_PAGE,
        )
        page: props.BatchProps = {
            "area": _area_name(area, request),
            "batch": props.batch_summary(batch, area.base_url),
            "codes": [props.code_row(voucher) for voucher in codes],
            "codes_pagination": codes_pagination,
            "redemptions": [props.redemption_row(item) for item in redemptions],
            "redemptions_pagination": redemptions_pagination,
            "csv_url": f"{area.base_url}/pula/{batch.pk}/csv",
            "back_url": area.base_url,
        }
        return render_page(request, "Vouchers/Batch", page)

    return view


class _Echo:
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
        selectors.batch_codes(batch=batch)
        .prefetch_related("redemptions__user")
        .iterator(chunk_size=2000)
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


def _batch_csv(area: Area) -> View:
    @require_GET
    @area.guard
    def view(request: AuthenticatedRequest, batch_id: int) -> StreamingHttpResponse:
        batch = selectors.access_batch_by_id(
            user=request.user, channel=area.channel, batch_id=batch_id
        )
        writer = csv.writer(_Echo())
        # The byte-order mark makes spreadsheets read the file as UTF-8 (Polish letters).
        lines = (writer.writerow(row) for row in _csv_rows(batch))
        response = StreamingHttpResponse(_with_bom(lines), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="pula-{batch.pk}.csv"'
        return response

    return view


def _with_bom(lines: Iterator[str]) -> Iterator[str]:
    yield "\ufeff"
    yield from lines


institution = _batches(INSTITUTION)
institution_batch = _batch(INSTITUTION)
institution_batch_csv = _batch_csv(INSTITUTION)
reseller = _batches(RESELLER)
reseller_batch = _batch(RESELLER)
reseller_batch_csv = _batch_csv(RESELLER)
institution_not_found = area_not_found(institution_required)
reseller_not_found = area_not_found(reseller_required)
