"""Second factors on the web (docs/behaviour.md#second-factors): the login step after the
password, who must or should enrol, and the factors an account holds. TOTP, recovery
codes and passkeys are allauth's (allauth.mfa); this module only decides when they are
asked for and shows them."""

from collections.abc import Callable
from datetime import datetime
from functools import wraps
from typing import Any, TypedDict

from allauth.mfa.adapter import get_adapter
from allauth.mfa.base.forms import AuthenticateForm
from allauth.mfa.models import Authenticator
from allauth.mfa.stages import AuthenticateStage
from allauth.mfa.utils import is_mfa_enabled
from allauth.mfa.webauthn.forms import AuthenticateWebAuthnForm, LoginWebAuthnForm
from django import forms
from django.http import HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from app.accounts import mfa_allauth
from app.accounts.services import (
    MfaCodeRefused,
    account_needs_enrolment,
    mfa_code_attempt,
    mfa_code_format_check,
)
from app.core import roles
from app.core.ratelimits import Counted, client_of, limit_count
from app.core.typegen import ts_export

# The factors that answer the login's second step (recovery codes only stand in for them).
SECOND_FACTORS = [Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN]
# Marks a login made by a one-click session link: the link is its second factor.
_SESSION_LINK_LOGIN = "_platforma_session_link_login"

View = Callable[..., HttpResponseBase]


def has_second_factor(user: Any) -> bool:
    """An authenticator app or a passkey: what answers the login's second step."""
    return is_mfa_enabled(user, SECOND_FACTORS)


def enrolment_required(user: Any) -> bool:
    """A logged-in account whose role may not use the platform without a second factor,
    and has none (the accounts' one rule, services.account_needs_enrolment)."""
    return user.is_authenticated and account_needs_enrolment(user=user)


def enrolment_suggested(user: Any) -> bool:
    """An account with an area or admin role and no second factor: asked after its login."""
    return user.has_any_role(roles.ALL_ROLES) and not has_second_factor(user)


def enrolment_prompt() -> str:
    return _(
        "Twoje konto ma dostęp do panelu. Chroń je logowaniem dwuetapowym: włącz je w "
        "profilu, w części „Logowanie dwuetapowe”."
    )


def mark_session_link_login(request: HttpRequest) -> None:
    """The login in progress is a one-click session link's (it skips the second step)."""
    setattr(request, _SESSION_LINK_LOGIN, True)


def is_session_link_login(request: HttpRequest) -> bool:
    return getattr(request, _SESSION_LINK_LOGIN, False)


class SecondFactorStage(AuthenticateStage):
    """allauth's second step of the login, on the platform's own page: after the password,
    an account with a second factor is not logged in until it gives a code or a passkey.
    A session link (only learners without a role get one) is a second factor itself."""

    urlname = "accounts:mfa_authenticate"

    def handle(self) -> tuple:
        if mfa_allauth.second_step_due(self) and not is_session_link_login(self.request):
            self.state["authentication_required"] = True
            return HttpResponseRedirect(reverse(self.urlname)), True
        return None, True


def code_attempt(request: HttpRequest, user: Any) -> Counted:
    """One attempt at a second factor of `user` (a code or a passkey), counted with the
    app's (services.mfa_code_attempt); raises RateLimited past the limits."""
    return mfa_code_attempt(user=user, client=client_of(request))


def passkey_login_attempt(request: HttpRequest) -> Counted:
    """One passkey login from the request's address (no account is known before it)."""
    return limit_count(
        action="mfa_code",
        client=client_of(request),
        message=_("Zbyt wiele prób logowania kluczem dostępu. Spróbuj ponownie za chwilę."),
    )


class SecondFactorCodeForm(AuthenticateForm):
    """allauth's code form (TOTP or a recovery code, each used once), refusing anything
    that is not such a code before allauth looks at it."""

    def clean_code(self) -> str:
        try:
            mfa_code_format_check(code=self.cleaned_data["code"])
        except MfaCodeRefused as refused:
            raise forms.ValidationError(refused.message, code="code_format") from None
        return super().clean_code()


class _CheckedCredential:
    """A passkey's answer that is not one (a field missing, a wrong type) is refused like
    a wrong one, instead of failing deep inside the WebAuthn library."""

    def clean_credential(self) -> Authenticator:
        try:
            return super().clean_credential()  # type: ignore[misc]
        except (KeyError, TypeError, ValueError, AttributeError) as broken:
            raise get_adapter().validation_error("incorrect_code") from broken


class PasskeyStepForm(_CheckedCredential, AuthenticateWebAuthnForm):
    """allauth's passkey answer to the login's second step."""


class PasskeyLoginForm(_CheckedCredential, LoginWebAuthnForm):
    """allauth's passkey login (the passkey alone, with user verification)."""


# --- Re-authentication: changes of the factors need a recent password ----------------------


def record_login_as_reauthentication(request: HttpRequest) -> None:
    """A login just completed counts as a re-authentication for allauth's timeout, so the
    enrolment asked right after it does not ask for the password again."""
    mfa_allauth.record_reauthentication(request)


def reauthentication_required(view: View) -> View:
    """A factor is added or removed only within allauth's re-authentication timeout after
    the password was given; otherwise the password page first, back here after it."""

    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        if not mfa_allauth.recently_reauthenticated(request):
            back = request.get_full_path() if request.method == "GET" else _factors_page()
            url = reverse("accounts:reauthenticate") + "?" + urlencode({"next": back})
            return HttpResponseRedirect(url)
        return view(request, *args, **kwargs)

    return guarded


def _factors_page() -> str:
    return reverse("accounts:mfa_factors")


# --- The factors an account holds -----------------------------------------------------------


@ts_export
class SecondFactor(TypedDict):
    id: int
    type: str
    name: str
    created_at: str
    last_used_at: str | None
    unused_codes: int | None


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def factor_list(*, user: Any) -> list[SecondFactor]:
    """The account's factors, oldest first: type "totp", "webauthn" or "recovery_codes"."""
    factors: list[SecondFactor] = []
    for authenticator in Authenticator.objects.filter(user_id=user.pk).order_by("created_at"):
        wrapped = authenticator.wrap()
        name = wrapped.name if authenticator.type == Authenticator.Type.WEBAUTHN else ""
        unused = (
            len(wrapped.get_unused_codes())
            if authenticator.type == Authenticator.Type.RECOVERY_CODES
            else None
        )
        factors.append(
            {
                "id": authenticator.pk,
                "type": str(authenticator.type),
                "name": name,
                "created_at": authenticator.created_at.isoformat(),
                "last_used_at": _iso(authenticator.last_used_at),
                "unused_codes": unused,
            }
        )
    return factors
