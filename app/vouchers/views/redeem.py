"""The voucher page (docs/behaviour.md#vouchers)."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from app.core.errors import errors_return_to
from app.core.guards import login_required
from app.core.inertia import render_page
from app.core.ratelimits import client_of
from app.core.requests import AuthenticatedRequest, request_data
from app.vouchers import services
from app.vouchers.models import CODE_MAX_LENGTH, CODE_SHAPE, normalize_code
from app.vouchers.props import RedeemProps


def _success_target(grant: services.Grant) -> str:
    """A course opens the course, an exam the exams, a path the learner's courses
    (docs/behaviour.md#vouchers)."""
    if grant.type == "course":
        return reverse("learning:course", kwargs={"course_id": grant.object_id})
    if grant.type == "exam":
        return reverse("learning:exams")
    return reverse("learning:my_courses")


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


def _page_url(request: AuthenticatedRequest, hash: str | None = None) -> str:
    """The page's own address, rebuilt from the checked code, never echoed from the URL."""
    code = _prefill(hash)
    if code:
        return reverse("vouchers:redeem_link", kwargs={"hash": code})
    return reverse("vouchers:redeem")


@require_http_methods(["GET", "POST"])
@login_required
@errors_return_to(_page_url)
def redeem(request: AuthenticatedRequest, hash: str | None = None) -> HttpResponse:
    if request.method == "POST":
        return _redeem(request)
    if _prefill(hash):
        # The link's code is a guess like a typed one (the page would fill in any code).
        services.voucher_guess(client=client_of(request))
    props: RedeemProps = {
        "code": _prefill(hash),
        "action": _page_url(request, hash),
        "max_length": CODE_MAX_LENGTH,
    }
    return render_page(request, "Vouchers/Redeem", props)


def _redeem(request: AuthenticatedRequest) -> HttpResponse:
    raw = request_data(request).get("code")
    grant = services.voucher_redeem_limited(
        client=client_of(request), user=request.user, code=raw if isinstance(raw, str) else ""
    )
    messages.success(request, _success_message(grant))
    return redirect(_success_target(grant))
