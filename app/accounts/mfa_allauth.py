"""The one adapter over allauth's internals for second factors (ARCHITECTURE.md,
"Libraries"). allauth.mfa's public API is its forms, models, adapter and stages; what its
own (template) views do with them, the flows that store a factor, send the owner's e-mail
and fire the signals, and the state of the WebAuthn and TOTP ceremonies in the session,
live in its `internal` packages. The platform's pages are Inertia pages, so they call the
same flows as allauth's views do, from here only; test_mfa_allauth.py fails the day one of
them changes. The platform's login step (mfa_web.SecondFactorStage) is allauth's
AuthenticateStage answered on its own page: whether the step is due is the stage's own
private decision (a second factor, no passkey login, no trusted browser), asked here."""

from typing import Any

from allauth.account.internal.flows.reauthentication import (
    did_recently_reauthenticate,
    reauthenticate_by_password,
)
from allauth.account.internal.stagekit import clear_login
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.recovery_codes.internal.flows import generate_recovery_codes
from allauth.mfa.stages import AuthenticateStage
from allauth.mfa.totp.internal.auth import TOTP, get_totp_secret
from allauth.mfa.totp.internal.flows import activate_totp, deactivate_totp
from allauth.mfa.webauthn.internal.auth import begin_authentication, begin_registration
from allauth.mfa.webauthn.internal.flows import (
    add_authenticator,
    perform_passwordless_login,
    remove_authenticator,
)
from django.http import HttpRequest


def recently_reauthenticated(request: HttpRequest) -> bool:
    """Whether the password was given again within ACCOUNT_REAUTHENTICATION_TIMEOUT."""
    return did_recently_reauthenticate(request)


def record_reauthentication(request: HttpRequest) -> None:
    """The password was just given again (or the login just completed)."""
    reauthenticate_by_password(request)


def second_step_due(stage: AuthenticateStage) -> bool:
    """Whether allauth's second step applies to the login `stage` is running: its account
    has an authenticator app or a passkey, did not log in with a passkey and is not on a
    browser it trusts (AuthenticateStage._should_handle, what its handle() asks)."""
    return stage._should_handle(stage.request)


def forget_pending_login(request: HttpRequest) -> None:
    """Drop a login waiting at one of its stages (the second step given up)."""
    clear_login(request)


def totp_secret(request: HttpRequest) -> str:
    """The secret offered for a new authenticator app: the session's, or a new one."""
    return get_totp_secret(regenerate=False)


def totp_activate(request: HttpRequest, form: Any) -> bool:
    """Store the app of a valid ActivateTOTPForm; True when recovery codes were made too."""
    _totp, recovery_codes = activate_totp(request, form)
    return recovery_codes is not None


def totp_store(user: Any, secret: str) -> None:
    """An authenticator app with a known secret, and recovery codes, stored without a
    request (the demo seed only; people enrol through totp_activate)."""
    TOTP.activate(user, secret)
    RecoveryCodes.activate(user)


def totp_deactivate(request: HttpRequest, authenticator: Any) -> None:
    deactivate_totp(request, authenticator)


def recovery_codes_generate(request: HttpRequest) -> None:
    generate_recovery_codes(request)


def passkey_creation_options(user: Any) -> dict[str, Any]:
    """Options for a new passkey (resident, with user verification), its state kept in the
    session for the answer."""
    return begin_registration(user, True)


def passkey_request_options(user: Any | None) -> dict[str, Any]:
    """Options to sign with one of `user`'s passkeys, or with any passkey (`None`)."""
    return begin_authentication(user)


def passkey_add(request: HttpRequest, *, name: str, credential: dict[str, Any]) -> bool:
    """Store a checked passkey; True when recovery codes were made too."""
    _passkey, recovery_codes = add_authenticator(request, name=name, credential=credential)
    return recovery_codes is not None


def passkey_remove(request: HttpRequest, authenticator: Any) -> None:
    remove_authenticator(request, authenticator)


def passkey_login(request: HttpRequest, authenticator: Any, login: Any) -> Any:
    """Log in with a passkey alone (its use recorded, the login's stages run)."""
    return perform_passwordless_login(request, authenticator, login)
