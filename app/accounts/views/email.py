"""The link of the verification e-mail sent at registration (allauth's e-mail
confirmation)."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from app.accounts import services
from app.accounts.ratelimits import link_guessed
from app.core.ratelimits import client_of
from app.core.return_url import login_url


@require_GET
def email_confirm(request: HttpRequest, key: str) -> HttpResponse:
    """Opening the link verifies the address. A GET may: the signed key only ever reaches
    the mailbox it proves, so whoever opens it (a mail scanner too) acts for that mailbox,
    and it changes nothing but that proof. Counted like every page of an e-mailed link."""
    link_guessed(client=client_of(request), look=lambda: services.email_confirm(key=key))
    messages.success(request, _("Adres e-mail został potwierdzony."))
    if request.user.is_authenticated:
        return redirect(settings.DEFAULT_RETURN_URL)
    return redirect(login_url(form="login"))
