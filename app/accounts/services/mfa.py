"""Second factors (allauth.mfa) where no browser is involved: whether an account has one
or must enrol one, checking a code typed in the app, and an admin's reset
(docs/behaviour.md#api-second-factor and #admin-panel; SECURITY.md states the defences).

The factors are allauth's own (`Authenticator`: an authenticator app's TOTP secret,
recovery codes, passkeys); codes are checked by allauth only: a TOTP code once within its
window (allauth refuses a replay), a recovery code once for good. Guesses at codes are
counted by app/core/ratelimits.py under "mfa_code", the same action as the web's code
step, per account from every client and per client address: counted before the code is
checked, given back when it was right.
"""

import uuid
from functools import partial

from allauth.mfa import app_settings as mfa_settings
from allauth.mfa import signals
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from app.accounts import selectors
from app.accounts.models import User
from app.accounts.services.app_sessions import user_end_sessions
from app.accounts.services.mail import absolute_url, account_email_send
from app.core.errors import ApplicationError
from app.core.ratelimits import Client, Counted, limit_count

# The body field (and form field) the code is sent in.
CODE_FIELD = "code"
RESET_TEMPLATE = "mfa_reset"


class MfaRequired(ApplicationError):
    """The password was right, but the account has a second factor and no code came."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "To konto jest chronione drugim składnikiem. Podaj kod z aplikacji"
                " uwierzytelniającej albo kod zapasowy."
            ),
            code="mfa_required",
            status=401,
        )


class MfaEnrolmentRequired(ApplicationError):
    """The account's role needs a second factor it has not set up yet: it must enrol on
    the web (its profile) before anything else lets it in."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "Twoja rola wymaga drugiego składnika logowania. Zaloguj się na stronie"
                " Platformy i włącz go w swoim profilu, a potem wróć do aplikacji."
            ),
            code="mfa_enrolment_required",
            status=403,
        )


class MfaCodeRefused(ApplicationError):
    """A code that is not one (400, "mfa_code_malformed") or not the account's
    (400, "mfa_code_wrong"); its message also under the code's field."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message, code=code, status=400, fields={CODE_FIELD: message})


def account_has_factor(*, user: User) -> bool:
    """Whether `user` has any second factor (an authenticator app, a passkey, codes)."""
    return user.pk is not None and is_mfa_enabled(user)


def account_factors_summary(*, user: User) -> str:
    """The second factors of `user` in words, for the admin panel (no secrets): "brak"
    or e.g. "aplikacja uwierzytelniająca, kody zapasowe: 8 z 10, klucze dostępu: 2"."""
    parts: list[str] = []
    passkeys = 0
    for factor in Authenticator.objects.filter(user=user).order_by("type", "pk"):
        if factor.type == Authenticator.Type.TOTP:
            parts.insert(0, str(_("aplikacja uwierzytelniająca")))
        elif factor.type == Authenticator.Type.RECOVERY_CODES:
            codes = factor.wrap()
            parts.append(
                _("kody zapasowe: %(left)d z %(all)d")
                % {"left": len(codes.get_unused_codes()), "all": len(codes.generate_codes())}
            )
        else:
            passkeys += 1
    if passkeys:
        parts.append(_("klucze dostępu: %(count)d") % {"count": passkeys})
    return ", ".join(parts) if parts else str(_("brak"))


def account_factor_required(*, user: User) -> bool:
    """Whether a role of `user` is among settings.MFA_REQUIRED_ROLES."""
    required = frozenset(settings.MFA_REQUIRED_ROLES)
    return bool(required) and bool(user.role_codes & required)


def account_needs_enrolment(*, user: User) -> bool:
    """Whether `user` must set up a second factor before using the platform: a role of
    settings.MFA_REQUIRED_ROLES, and no factor yet."""
    return account_factor_required(user=user) and not account_has_factor(user=user)


def mfa_code_format_message() -> str:
    """What a second-factor code looks like, said to whoever typed something else."""
    return _(
        "Wpisz 6 cyfr z aplikacji uwierzytelniającej albo 8 cyfr kodu zapasowego, "
        "bez spacji i liter."
    )


def mfa_code_format_check(*, code: str) -> str:
    """The typed `code` when it is exactly a code's 6 or 8 digits (the app's or a recovery
    code's), on the web's code step and in the app alike; raises MfaCodeRefused
    ("mfa_code_malformed", not counted as a guess) for anything else, spaces or hyphens
    among the digits included: a code is typed as the app shows it."""
    if not (code or "").strip():
        message = _("Wpisz kod z aplikacji uwierzytelniającej albo kod zapasowy.")
        raise MfaCodeRefused(message, code="mfa_code_malformed")
    lengths = (mfa_settings.TOTP_DIGITS, mfa_settings.RECOVERY_CODE_DIGITS)
    if not (code.isascii() and code.isdigit()) or len(code) not in lengths:
        raise MfaCodeRefused(mfa_code_format_message(), code="mfa_code_malformed")
    return code


def mfa_code_attempt(*, user: User, client: Client) -> Counted:
    """Count one attempt at a second factor of `user` (a code, or a passkey at the login's
    step) from `client` under "mfa_code", per account from every client and per client
    address, on the web and in the app together; `refund()` it when it was right. Raises
    RateLimited (429) past the limits."""
    return limit_count(
        action="mfa_code",
        client=Client(address=client.address, user_id=user.pk),
        message=_("Zbyt wiele prób podania kodu. Spróbuj ponownie za kilka minut."),
        field=CODE_FIELD,
    )


def mfa_code_check(*, user: User, code: str, client: Client) -> Authenticator:
    """Check a second-factor `code` of `user` sent by `client`: a code of its
    authenticator app (once within its window) or one of its recovery codes (once for
    good), by allauth; returns the factor it was. Raises MfaCodeRefused (400) for a
    malformed code (not counted) or a wrong one (counted), RateLimited (429) when
    "mfa_code" says the account or the client guessed too often."""
    digits = mfa_code_format_check(code=code)
    guess = mfa_code_attempt(user=user, client=client)
    # The factors that take a code of this length (a passkey takes none).
    lengths = {
        Authenticator.Type.TOTP: mfa_settings.TOTP_DIGITS,
        Authenticator.Type.RECOVERY_CODES: mfa_settings.RECOVERY_CODE_DIGITS,
    }
    wanted = [kind for kind, length in lengths.items() if length == len(digits)]
    for authenticator in Authenticator.objects.filter(user=user, type__in=wanted):
        if authenticator.wrap().validate_code(digits):
            authenticator.record_usage()
            guess.refund()
            return authenticator
    raise MfaCodeRefused(
        _("Nieprawidłowy albo już użyty kod. Sprawdź kod i spróbuj ponownie."),
        code="mfa_code_wrong",
    )


def login_factor_check(*, user: User, code: str, client: Client) -> None:
    """The second step of a login of `user` outside the browser, after its password was
    right: raises MfaEnrolmentRequired (403) when its role needs a factor it has not set
    up, MfaRequired (401) when it has one and `code` is empty, or mfa_code_check's
    refusals for a code that is not right; lets an account without a factor through."""
    if not account_has_factor(user=user):
        if account_factor_required(user=user):
            raise MfaEnrolmentRequired()
        return
    if not code:
        raise MfaRequired()
    mfa_code_check(user=user, code=code, client=client)


@transaction.atomic
def mfa_reset(*, actor: User, target: User) -> int:
    """An admin takes every second factor off `target` (a lost phone): its factors are
    deleted, every session of it ends (browser and app) and its owner is e-mailed.
    Allowed only on accounts `actor` may change (selectors.user_change_allowed: never
    its own, never a peer's or a higher role's), else ApplicationError (403). Returns how
    many factors were deleted; an account without any is left as it is (0)."""
    if not selectors.user_change_allowed(actor=actor, target=target):
        raise ApplicationError(
            _("Nie możesz zresetować drugiego składnika tego konta."),
            code="not_allowed",
            status=403,
        )
    factors = list(Authenticator.objects.select_for_update().filter(user=target))
    if not factors:
        return 0
    Authenticator.objects.filter(pk__in=[factor.pk for factor in factors]).delete()
    user_end_sessions(user=target)
    account_email_send(
        user=target,
        template=RESET_TEMPLATE,
        context={
            "login_url": absolute_url(reverse("accounts:login")),
            "required": account_factor_required(user=target),
        },
        key=f"{RESET_TEMPLATE}:{target.pk}:{uuid.uuid4().hex}",
    )
    for factor in factors:
        # allauth's signal of a removed factor; no request: an admin removed it.
        transaction.on_commit(
            partial(
                signals.authenticator_removed.send,
                sender=Authenticator,
                request=None,
                user=target,
                authenticator=factor,
            )
        )
    return len(factors)
