"""Account deletion: the request, the e-mailed confirmation and the undo link
(docs/behaviour.md#account-deletion)."""

from allauth.account.adapter import get_adapter
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from app.accounts import props, services
from app.accounts.ratelimits import link_guessed, link_refusal
from app.accounts.views.links import link_page, refusal_message
from app.core.guards import login_required
from app.core.inertia import render_page
from app.core.ratelimits import client_of, rate_limited
from app.core.requests import AuthenticatedRequest
from app.core.return_url import login_url

_DELETION_SENT_KEY = "_platforma_deletion_sent"


@require_http_methods(["GET", "POST"])
@login_required
@rate_limited("account_deletion_request", methods=["POST"])
def account_deletion_request(request: AuthenticatedRequest) -> HttpResponse:
    """The learner asks to delete the account; the confirmation link comes by e-mail."""
    if request.method == "POST":
        services.account_deletion_request(user=request.user)
        request.session[_DELETION_SENT_KEY] = True
        return redirect("accounts:account_deletion_request")
    sent = bool(request.session.pop(_DELETION_SENT_KEY, False))
    page = props.deletion_request_page_props(user=request.user, sent=sent)
    return render_page(request, "Accounts/DeletionRequest", page)


@require_http_methods(["GET", "POST"])
@login_required
def account_deletion(request: AuthenticatedRequest, hash: str) -> HttpResponse:
    if request.method == "POST":
        # The GET's limit too: opening and posting a link draw on one budget for guessing.
        link_guessed(
            client=client_of(request),
            also="account_deletion_confirm",
            look=lambda: services.account_deletion_confirm(user=request.user, token=hash),
        )
        get_adapter(request).logout(request)
        # Added after the logout: the message travels in its cookie, past the new session.
        messages.success(request, _("Twoje konto zostanie usunięte w ciągu 24 godzin"))
        return redirect(settings.LOGIN_URL)
    refusal = link_refusal(
        request, check=lambda: services.account_deletion_check(user=request.user, token=hash)
    )
    return link_page(
        request,
        "Accounts/AccountDeletion",
        props.account_deletion_page_props(
            user=request.user, error=refusal_message(refusal), token=hash
        ),
        refusal,
    )


@require_http_methods(["GET", "POST"])
def account_restore(request: HttpRequest, hash: str) -> HttpResponse:
    """The undo link of a confirmed deletion: public, since the account cannot log in
    until it is restored; the GET only shows the button, the POST restores."""
    if request.method == "POST":
        link_guessed(
            client=client_of(request),
            also="account_restore",
            look=lambda: services.account_restore(token=hash),
        )
        messages.success(request, _("Twoje konto zostało przywrócone. Możesz się zalogować."))
        return HttpResponseRedirect(login_url(form="login"))
    refusal = link_refusal(request, check=lambda: services.account_restore_check(token=hash))
    page = props.account_restore_page_props(error=refusal_message(refusal), token=hash)
    return link_page(request, "Accounts/AccountRestore", page, refusal)
