"""The voucher page (SPEC §2 "Voucher page", §4 "Voucher success", §8 voucher failures)."""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from app.core.guards import login_required
from app.core.inertia import FORM_ERROR_KEY, redirect_with_errors, render_page
from app.core.requests import AuthenticatedRequest, request_data
from app.vouchers import services
from app.vouchers.models import CODE_MAX_LENGTH, CODE_SHAPE, normalize_code
from app.vouchers.props import RedeemProps

REDEEM_URL = "/odbierz_kurs"
# Far longer than any code: such input is refused unread, as an unknown code.
_RAW_CODE_LIMIT = 200


def success_target(grant: services.Grant) -> str:
    """SPEC §4: a course opens the course, an exam the exams, a path the learner's courses."""
    if grant.type == "course":
        return f"/platforma/kurs/{grant.object_id}"
    if grant.type == "exam":
        return "/platforma/egzamin"
    return "/platforma/moje_kursy"


def _success_message(grant: services.Grant) -> str:
    texts = {
        "course": _("Odebrano kurs: %(title)s."),
        "exam": _("Odebrano egzamin: %(title)s."),
        "path": _("Odebrano ścieżkę nauki: %(title)s."),
    }
    return texts[grant.type] % {"title": grant.title}


def _prefill(hash_: str | None) -> str:
    """The code carried by /odbierz_kurs/{hash}, when it can be a code at all."""
    code = normalize_code(hash_ or "")[: CODE_MAX_LENGTH + 1]
    return code if CODE_SHAPE.match(code) else ""


@require_http_methods(["GET", "POST"])
@login_required
def redeem(request: AuthenticatedRequest, hash: str | None = None) -> HttpResponse:
    code = _prefill(hash)
    # The page's own address is rebuilt from the checked code, never echoed from the URL.
    page_url = f"{REDEEM_URL}/{code}" if code else REDEEM_URL
    if request.method == "POST":
        return _redeem(request, page_url)
    if code:
        services.voucher_guess(request=request)
    props: RedeemProps = {
        "code": code,
        "action": page_url,
        "max_length": CODE_MAX_LENGTH,
    }
    return render_page(request, "Vouchers/Redeem", props)


def _redeem(request: AuthenticatedRequest, page_url: str) -> HttpResponse:
    user = request.user
    guess = services.voucher_guess(request=request)
    raw = request_data(request).get("code")
    raw = raw if isinstance(raw, str) else ""
    try:
        if len(raw) > _RAW_CODE_LIMIT:
            raise services.unknown_code_error()
        grant = services.voucher_redeem(user=user, code=raw)
    except services.VoucherError as error:
        if error.code != "unknown":
            guess.refund()  # The code exists (or none was typed): not a miss.
        return redirect_with_errors(request, page_url, {FORM_ERROR_KEY: error.message})
    guess.refund()
    messages.success(request, _success_message(grant))
    return HttpResponseRedirect(success_target(grant))
