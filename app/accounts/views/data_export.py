"""The learner's data export: asked for on the profile, downloaded once from the e-mailed
link (GDPR Art. 15 and 20)."""

import json

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from app.accounts import props, services
from app.accounts.ratelimits import link_guessed, link_refusal
from app.accounts.views.links import link_page, refusal_message
from app.core.guards import login_required
from app.core.ratelimits import client_of, rate_limited
from app.core.requests import AuthenticatedRequest


@require_POST
@login_required
@rate_limited("data_export_request")
def data_export_request(request: AuthenticatedRequest) -> HttpResponse:
    """The learner asks for their data; the link to the file comes by e-mail."""
    services.data_export_request(user=request.user)
    messages.success(
        request,
        _("Przygotowujemy Twoje dane. Link do pliku wyślemy na adres %(email)s.")
        % {"email": request.user.email},
    )
    return redirect("learning:profile")


@require_http_methods(["GET", "POST"])
@login_required
def data_export(request: AuthenticatedRequest, hash: str) -> HttpResponse:
    """Opening the link shows a button (mail scanners that open links use nothing up);
    the button's POST answers with the file, once."""
    if request.method == "POST":
        # The GET's limit too: opening and posting a link draw on one budget for guessing.
        content = link_guessed(
            client=client_of(request),
            look=lambda: services.data_export_download(user=request.user, token=hash),
        )
        response = HttpResponse(
            json.dumps(content, ensure_ascii=False, indent=2),
            content_type="application/json; charset=utf-8",
        )
        name = f"platforma-dane-{timezone.localdate():%Y-%m-%d}.json"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        response["Cache-Control"] = "no-store"
        return response
    refusal = link_refusal(
        request, check=lambda: services.data_export_check(user=request.user, token=hash)
    )
    return link_page(
        request,
        "Accounts/DataExport",
        props.data_export_page_props(error=refusal_message(refusal), token=hash),
        refusal,
    )
