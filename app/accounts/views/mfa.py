"""Second factors on the web (docs/behaviour.md#second-factors): the login's second step,
the passkey login, the password confirmation and the enrolment page. The factors are
allauth's (its forms and flows); these views only show them and limit the attempts."""

from collections.abc import Callable

from allauth.account.forms import ReauthenticateForm
from allauth.account.models import Login
from allauth.account.stages import LoginStageController
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.forms import GenerateRecoveryCodesForm
from allauth.mfa.totp.forms import DeactivateTOTPForm
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from inertia import location

from app.accounts import mfa_allauth, mfa_web, props, services
from app.accounts.forms import PasskeyAddForm, TotpActivateForm
from app.accounts.login_query import read_login_query
from app.core.errors import errors_return_to, valid_data
from app.core.guards import anonymous_only, login_required
from app.core.inertia import render_page
from app.core.requests import AuthenticatedRequest, is_inertia, request_data
from app.core.return_url import RETURN_URL_PARAM, return_url_from, safe_return_url

# Shown once, on the next view of the enrolment page, after new recovery codes.
_SHOW_CODES = "platforma.mfa.show_recovery_codes"


def _full_load(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    """A completed login loads its target in full (the admin panel is no Inertia page,
    and the logged-in layout starts anew)."""
    if is_inertia(request) and response.status_code in (301, 302):
        return location(response.headers["Location"])
    return response


# --- The login's second step ------------------------------------------------------------------


def _step_page(request: HttpRequest) -> str:
    return reverse("accounts:mfa_authenticate")


@never_cache
@errors_return_to(_step_page)
@require_http_methods(["GET", "POST"])
def mfa_authenticate(request: HttpRequest) -> HttpResponseBase:
    """Only a login waiting at this step, in this session, is answered here; anything else
    (nobody gave a password, it timed out, someone is logged in) goes to /login."""
    stage = None
    if not request.user.is_authenticated:
        stage = LoginStageController.enter(request, mfa_web.SecondFactorStage.key)
    if stage is None:
        return HttpResponseRedirect(reverse("accounts:login"))
    user = stage.login.user
    if request.method == "POST":
        data = request_data(request)
        form: mfa_web.PasskeyStepForm | mfa_web.SecondFactorCodeForm
        if "credential" in data:
            form = mfa_web.PasskeyStepForm(user=user, data={"credential": data["credential"]})
        else:
            code = data.get("code")
            code = code if isinstance(code, str) else ""
            # A code that is not one is refused before it is counted as a guess (as in
            # the app: docs/behaviour.md#limits).
            services.mfa_code_format_check(code=code)
            form = mfa_web.SecondFactorCodeForm(user=user, data={"code": code})
        attempt = mfa_web.code_attempt(request, user)
        valid_data(form)
        attempt.refund()
        form.save()
        return _full_load(request, stage.exit())
    types = _factor_types(user)
    has_passkey = Authenticator.Type.WEBAUTHN in types
    return render_page(
        request,
        "Accounts/MfaAuthenticate",
        props.mfa_authenticate_page_props(
            has_totp=Authenticator.Type.TOTP in types,
            request_options=mfa_allauth.passkey_request_options(user) if has_passkey else None,
        ),
    )


def _factor_types(user) -> set[str]:
    return set(Authenticator.objects.filter(user_id=user.pk).values_list("type", flat=True))


@require_POST
def mfa_authenticate_cancel(request: HttpRequest) -> HttpResponse:
    """Give up the second step: the half-done login is forgotten."""
    mfa_allauth.forget_pending_login(request)
    return HttpResponseRedirect(reverse("accounts:login"))


# --- The passkey login ------------------------------------------------------------------------


def _passkey_page(request: HttpRequest) -> str:
    return reverse("accounts:passkey_login")


@never_cache
@errors_return_to(_passkey_page)
@require_http_methods(["GET", "POST"])
@anonymous_only(settings.DEFAULT_RETURN_URL)
def passkey_login(request: HttpRequest) -> HttpResponseBase:
    if request.method == "POST":
        attempt = mfa_web.passkey_login_attempt(request)
        form = mfa_web.PasskeyLoginForm(
            data={"credential": request_data(request).get("credential")}
        )
        authenticator = valid_data(form)["credential"]
        attempt.refund()
        login = Login(user=authenticator.user, redirect_url=read_login_query(request).target)
        response = mfa_allauth.passkey_login(request, authenticator, login)
        return _full_load(request, response)
    return render_page(
        request,
        "Accounts/PasskeyLogin",
        props.passkey_login_page_props(
            request_options=mfa_allauth.passkey_request_options(None),
            submit_url=request.get_full_path(),
        ),
    )


# --- The password confirmation before a change of the factors --------------------------------


def _reauthenticate_page(request: HttpRequest) -> str:
    return request.get_full_path()


def _next_page(request: HttpRequest) -> str:
    return safe_return_url(request.GET.get("next"), default=reverse("accounts:mfa_factors"))


@never_cache
@require_http_methods(["GET", "POST"])
@login_required
@errors_return_to(_reauthenticate_page)
def reauthenticate(request: AuthenticatedRequest) -> HttpResponse:
    if request.method == "POST":
        form = ReauthenticateForm(
            user=request.user, data={"password": request_data(request).get("password", "")}
        )
        valid_data(form)
        mfa_allauth.record_reauthentication(request)
        return HttpResponseRedirect(_next_page(request))
    return render_page(
        request,
        "Accounts/Reauthenticate",
        props.reauthenticate_page_props(submit_url=request.get_full_path()),
    )


# --- The enrolment page --------------------------------------------------------------------


def _factors_page(request: HttpRequest, **kwargs: object) -> str:
    return reverse("accounts:mfa_factors")


def _factor_change(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponseBase]:
    """A change of the account's factors: a POST of its logged-in owner who confirmed the
    password recently, its refusals shown on the factors' page."""
    return require_POST(
        login_required(errors_return_to(_factors_page)(mfa_web.reauthentication_required(view)))
    )


def _back_to_factors(request: HttpRequest) -> HttpResponse:
    target = reverse("accounts:mfa_factors")
    return_url = request.GET.get(RETURN_URL_PARAM)
    if return_url:
        target += "?" + RETURN_URL_PARAM + "=" + safe_return_url(return_url)
    return HttpResponseRedirect(target)


@never_cache
@require_http_methods(["GET"])
@login_required
@mfa_web.reauthentication_required
def mfa_factors(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    codes: list[str] = []
    if request.session.pop(_SHOW_CODES, False):
        codes = _unused_recovery_codes(user)
    # The secret offered stays the same until it is used (a mistyped code keeps the QR).
    has_totp = Authenticator.Type.TOTP in _factor_types(user)
    return render_page(
        request,
        "Accounts/MfaFactors",
        props.mfa_factors_page_props(
            user=user,
            factors=mfa_web.factor_list(user=user),
            totp_secret=None if has_totp else mfa_allauth.totp_secret(request),
            creation_options=mfa_allauth.passkey_creation_options(user),
            recovery_codes=codes,
            required=mfa_web.enrolment_required(user),
            return_url=return_url_from(request) if RETURN_URL_PARAM in request.GET else None,
        ),
    )


def _unused_recovery_codes(user) -> list[str]:
    authenticator = Authenticator.objects.filter(
        user_id=user.pk, type=Authenticator.Type.RECOVERY_CODES
    ).first()
    return authenticator.wrap().get_unused_codes() if authenticator else []


@_factor_change
def mfa_totp(request: AuthenticatedRequest) -> HttpResponse:
    """Turn on the authenticator app with the secret shown and a code it gives."""
    attempt = mfa_web.code_attempt(request, request.user)
    form = TotpActivateForm(user=request.user, data={"code": request_data(request).get("code")})
    valid_data(form, error_keys={"code": "totp_code"})
    attempt.refund()
    if mfa_allauth.totp_activate(request, form):
        request.session[_SHOW_CODES] = True
    messages.success(request, _("Aplikacja uwierzytelniająca została dodana."))
    return _back_to_factors(request)


@_factor_change
def mfa_passkey(request: AuthenticatedRequest) -> HttpResponse:
    """Add a passkey (it also logs in alone, /login/klucz)."""
    data = request_data(request)
    form = PasskeyAddForm(
        user=request.user,
        data={
            "name": data.get("name", ""),
            "credential": data.get("credential"),
            "passwordless": True,
        },
    )
    cleaned = valid_data(form, error_keys={"name": "passkey_name"})
    if mfa_allauth.passkey_add(request, name=cleaned["name"], credential=cleaned["credential"]):
        request.session[_SHOW_CODES] = True
    messages.success(request, _("Klucz dostępu został dodany."))
    return _back_to_factors(request)


@_factor_change
def mfa_recovery_codes(request: AuthenticatedRequest) -> HttpResponse:
    """New recovery codes (the old ones stop working), shown once."""
    valid_data(GenerateRecoveryCodesForm(user=request.user, data={}))
    mfa_allauth.recovery_codes_generate(request)
    request.session[_SHOW_CODES] = True
    return _back_to_factors(request)


@_factor_change
def mfa_factor_remove(request: AuthenticatedRequest, factor_id: int) -> HttpResponse:
    """Remove the authenticator app or a passkey (with the last of them, the recovery codes
    go too); an account of a required role keeps one."""
    authenticator = get_object_or_404(
        Authenticator,
        pk=factor_id,
        user_id=request.user.pk,
        type__in=mfa_web.SECOND_FACTORS,
    )
    valid_data(DeactivateTOTPForm(authenticator=authenticator, data={}))
    if authenticator.type == Authenticator.Type.TOTP:
        mfa_allauth.totp_deactivate(request, authenticator)
        messages.success(request, _("Aplikacja uwierzytelniająca została usunięta."))
    else:
        mfa_allauth.passkey_remove(request, authenticator)
        messages.success(request, _("Klucz dostępu został usunięty."))
    return _back_to_factors(request)
