"""The accounts app's middleware: the request's account itself on `request.user`, and an
account that must have a second factor reaching nothing but its enrolment until it has one
(docs/behaviour.md#second-factors)."""

from collections.abc import Callable
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from inertia import location

from app.accounts import mfa_web
from app.accounts.sessions import account_of
from app.core.errors import json_error
from app.core.request_cache import request_cache
from app.core.requests import is_inertia, wants_json

# What such an account may open: the enrolment page and its forms, the password
# confirmation in front of them, and the logout.
_ALLOWED = frozenset(
    {
        "accounts:mfa_factors",
        "accounts:mfa_totp",
        "accounts:mfa_passkey",
        "accounts:mfa_factor_remove",
        "accounts:mfa_recovery_codes",
        "accounts:reauthenticate",
        "accounts:logout",
        "accounts:session_logout",
    }
)


def _view_name(request: HttpRequest) -> str | None:
    try:
        return resolve(request.path_info).view_name
    except Resolver404:
        return None


class RequestAccountMiddleware:
    """From here in, `request.user` is the account read with the request's session itself,
    not Django's lazy stand-in for it: every attribute read through the stand-in is a call
    of its own (2.6 µs against 0.05 µs), and the guards, the shell and the views read about
    ten on every logged-in page. After PrivatePagesMiddleware, which has loaded it; a
    visitor's request, which read no account, is left as it is."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        state = request_cache()
        if state is not None and state.accounts:
            # The same object the stand-in holds (account_of); none while it stands for a
            # visitor (an account that failed its checks was read, but not let in).
            request.user = account_of(request)
        return self.get_response(request)


class MfaEnrolmentMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            # The role first: resolving the address again is paid only by the few
            # accounts that must enrol.
            and mfa_web.enrolment_required(user)
            and _view_name(request) not in _ALLOWED
        ):
            return self._refusal(request)
        return self.get_response(request)

    def _refusal(self, request: HttpRequest) -> HttpResponse:
        if wants_json(request):
            return json_error(
                status=403,
                code="mfa_enrolment_required",
                message=_("Najpierw włącz logowanie dwuetapowe."),
            )
        url = reverse("accounts:mfa_factors")
        if request.method == "GET":
            url += "?" + urlencode({"returnUrl": request.get_full_path()})
        if is_inertia(request):
            return location(url)
        return HttpResponseRedirect(url)
