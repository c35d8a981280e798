"""Whitelisted props of the account pages and of the logged-in user."""

import base64
from functools import cache
from typing import Any, Literal, TypedDict

from allauth.mfa.adapter import get_adapter as get_mfa_adapter
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils.http import urlencode

from app.accounts.forms import (
    ADMIN_LOGIN_ERROR_KEYS,
    PASSKEY_NAME_MAX_LENGTH,
    TOTP_CODE_MAX_LENGTH,
    AdminLoginForm,
    LoginForm,
    NewPasswordForm,
    PasswordReminderForm,
    RegistrationForm,
)
from app.accounts.mfa_web import SecondFactor
from app.accounts.models import SessionLink, User
from app.core import roles
from app.core.props import FieldRule, form_rules
from app.core.return_url import RETURN_URL_PARAM, login_url
from app.core.typegen import page_props, ts_export


class AccountProps(TypedDict):
    """What the web and the mobile app both show of an account."""

    customer_id: str
    first_name: str
    last_name: str
    supervision: bool
    is_profile_public: bool
    is_student: bool


@ts_export
class UserProps(AccountProps):
    is_shop_user: bool
    roles: list[str]


@ts_export
class AuthProps(TypedDict):
    user: UserProps | None
    avatar: str | None


def _account_props(user: User) -> AccountProps:
    """The names as every screen shows them."""
    return {
        "customer_id": str(user.customer_id),
        "first_name": user.shown_first_name,
        "last_name": user.shown_last_name,
        "supervision": user.supervision,
        "is_profile_public": user.is_profile_public,
        "is_student": user.is_student,
    }


def user_props(user: User) -> UserProps:
    return {
        **_account_props(user),
        "is_shop_user": user.is_shop_user,
        "roles": sorted(user.role_codes),
    }


def auth_props(user: User | AnonymousUser) -> AuthProps:
    if not user.is_authenticated:
        return {"user": None, "avatar": None}
    return {"user": user_props(user), "avatar": user.avatar.url if user.avatar else None}


@ts_export
class LoginPageUrls(TypedDict):
    login: str
    register: str
    passkey_login: str
    username_check: str
    password_reminder: str
    terms: str
    privacy: str


@page_props("Accounts/Login")
class LoginPageProps(TypedDict):
    form: Literal["login", "register"]
    invitation_email: str | None
    rules: dict[str, FieldRule]
    student_email_pattern: str
    urls: LoginPageUrls


# Addresses a learner may lose after graduating: a "student"/"stud" label in the domain,
# or an academic domain (.edu, .edu.pl, .ac.uk, …). Matched against the lowercased address.
STUDENT_EMAIL_PATTERN = (
    r"@(?:[^@]+\.)?(?:stud|student|students|studenci)\.[^@]+$"
    r"|@[^@]+\.(?:edu|ac)(?:\.[a-z]{2})?$"
)


def login_rules() -> dict[str, FieldRule]:
    """Both forms of the login page: the login's fields and the registration's."""
    return form_rules(LoginForm, ["login", "login_password"]) | form_rules(
        RegistrationForm, ["username", "first_name", "last_name", "password"]
    )


@cache
def _paths() -> dict[str, str]:
    names = ["login", "register", "passkey_login", "username_check", "password_reminder"]
    paths = {name: reverse(f"accounts:{name}") for name in names}
    return paths | {"terms": reverse("shell:terms"), "privacy": reverse("shell:privacy")}


def login_page_props(*, form: str, invitation_email: str | None, query: str) -> LoginPageProps:
    suffix = f"?{query}" if query else ""
    paths = _paths()
    return {
        "form": "login" if form == "login" else "register",
        "invitation_email": invitation_email,
        "rules": login_rules(),
        "student_email_pattern": STUDENT_EMAIL_PATTERN,
        "urls": {
            "login": paths["login"] + suffix,
            "register": paths["register"] + suffix,
            "passkey_login": paths["passkey_login"] + suffix,
            "username_check": paths["username_check"],
            "password_reminder": paths["password_reminder"],
            "terms": paths["terms"],
            "privacy": paths["privacy"],
        },
    }


# --- Account lifecycle pages ----------------------------------------------------------------


@ts_export
class ReminderPageUrls(TypedDict):
    submit: str
    login: str
    home: str


@page_props("Accounts/PasswordReminder")
class ReminderPageProps(TypedDict):
    variant: Literal["learner", "admin"]
    # The confirmation view replaces the form after a request was accepted.
    sent: bool
    rules: dict[str, FieldRule]
    urls: ReminderPageUrls


@page_props("Accounts/PasswordReset")
class PasswordResetPageProps(TypedDict):
    # Why the link cannot be used (malformed, used up, expired, too many tried): the page
    # shows it instead of the form. None: the form.
    error: str | None
    rules: dict[str, FieldRule]
    submit_url: str
    reminder_url: str


@page_props("Accounts/AdminLogin")
class AdminLoginPageProps(TypedDict):
    rules: dict[str, FieldRule]
    submit_url: str
    reminder_url: str


@page_props("Accounts/SessionLink")
class SessionLinkPageProps(TypedDict):
    submit_url: str


@page_props("Accounts/AccountDeletion")
class AccountDeletionPageProps(TypedDict):
    first_name: str
    last_name: str
    # The server's message when the link cannot be used (wrong user, used, expired).
    error: str | None
    submit_url: str


@page_props("Accounts/DeletionRequest")
class DeletionRequestPageProps(TypedDict):
    email: str
    sent: bool
    submit_url: str


@page_props("Accounts/DataExport")
class DataExportPageProps(TypedDict):
    error: str | None
    submit_url: str


@page_props("Accounts/AccountRestore")
class AccountRestorePageProps(TypedDict):
    error: str | None
    submit_url: str


def reminder_page_props(*, variant: str, sent: bool) -> ReminderPageProps:
    admin = variant == "admin"
    return {
        "variant": "admin" if admin else "learner",
        "sent": sent,
        "rules": form_rules(PasswordReminderForm, ["email"]),
        "urls": {
            "submit": reverse("accounts:admin_reminder" if admin else "accounts:password_reminder"),
            "login": reverse("accounts:admin_login") if admin else login_url(form="login"),
            "home": reverse("core:home"),
        },
    }


def password_reset_page_props(*, error: str | None, key: str) -> PasswordResetPageProps:
    return {
        "error": error,
        "rules": form_rules(NewPasswordForm, ["password"]),
        "submit_url": reverse("accounts:password_reset", kwargs={"key": key}),
        "reminder_url": reverse("accounts:password_reminder"),
    }


def admin_login_page_props(*, submit_url: str) -> AdminLoginPageProps:
    return {
        "rules": form_rules(AdminLoginForm, ADMIN_LOGIN_ERROR_KEYS),
        "submit_url": submit_url,
        "reminder_url": reverse("accounts:admin_reminder"),
    }


# --- Second factors (docs/behaviour.md#second-factors) -------------------------------------


@page_props("Accounts/MfaAuthenticate")
class MfaAuthenticatePageProps(TypedDict):
    has_totp: bool
    # The WebAuthn request options (JSON) when the account has a passkey.
    request_options: dict[str, Any] | None
    code_length: int
    submit_url: str
    cancel_url: str


def mfa_authenticate_page_props(
    *, has_totp: bool, request_options: dict[str, Any] | None
) -> MfaAuthenticatePageProps:
    return {
        "has_totp": has_totp,
        "request_options": request_options,
        "code_length": 8,
        "submit_url": reverse("accounts:mfa_authenticate"),
        "cancel_url": reverse("accounts:mfa_authenticate_cancel"),
    }


@page_props("Accounts/PasskeyLogin")
class PasskeyLoginPageProps(TypedDict):
    request_options: dict[str, Any]
    submit_url: str
    login_url: str


def passkey_login_page_props(
    *, request_options: dict[str, Any], submit_url: str
) -> PasskeyLoginPageProps:
    return {
        "request_options": request_options,
        "submit_url": submit_url,
        "login_url": login_url(form="login"),
    }


@page_props("Accounts/Reauthenticate")
class ReauthenticatePageProps(TypedDict):
    submit_url: str


def reauthenticate_page_props(*, submit_url: str) -> ReauthenticatePageProps:
    return {"submit_url": submit_url}


@ts_export
class MfaFactorsUrls(TypedDict):
    totp: str
    passkey: str
    recovery_codes: str
    profile: str


@page_props("Accounts/MfaFactors")
class MfaFactorsPageProps(TypedDict):
    factors: list[SecondFactor]
    # The secret to add to an authenticator app, with its otpauth:// address and QR code
    # (an SVG data URI), while the account has no app yet.
    totp_secret: str | None
    totp_url: str | None
    totp_qr: str | None
    creation_options: dict[str, Any]
    # Shown once, right after they were generated.
    recovery_codes: list[str]
    required: bool
    # Where the login was going before it was asked to enrol ("Not now" goes on there).
    return_url: str | None
    urls: MfaFactorsUrls
    # Of the authenticator app's code ("totp_code") and the new passkey's name
    # ("passkey_name"), keyed like their errors.
    rules: dict[str, FieldRule]


# The limits of the authenticator app's code and a new passkey's name, as their forms hold
# them (app/accounts/forms.py). form_rules cannot read those forms: built without a user
# and unbound, allauth's ActivateTOTPForm would fail, and would offer a new secret.
MFA_FACTORS_RULES: dict[str, FieldRule] = {
    "totp_code": {"max_length": TOTP_CODE_MAX_LENGTH},
    "passkey_name": {"max_length": PASSKEY_NAME_MAX_LENGTH},
}


def mfa_factors_page_props(
    *,
    user: User,
    factors: list[SecondFactor],
    totp_secret: str | None,
    creation_options: dict[str, Any],
    recovery_codes: list[str],
    required: bool,
    return_url: str | None,
) -> MfaFactorsPageProps:
    totp_url = totp_qr = None
    if totp_secret:
        adapter = get_mfa_adapter()
        totp_url = adapter.build_totp_url(user, totp_secret)
        svg = adapter.build_totp_svg(totp_url)
        totp_qr = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    suffix = "?" + urlencode({RETURN_URL_PARAM: return_url}) if return_url else ""
    return {
        "factors": factors,
        "totp_secret": totp_secret,
        "totp_url": totp_url,
        "totp_qr": totp_qr,
        "creation_options": creation_options,
        "recovery_codes": recovery_codes,
        "required": required,
        "return_url": return_url,
        "urls": {
            "totp": reverse("accounts:mfa_totp") + suffix,
            "passkey": reverse("accounts:mfa_passkey") + suffix,
            "recovery_codes": reverse("accounts:mfa_recovery_codes") + suffix,
            "profile": reverse("learning:profile"),
        },
        "rules": MFA_FACTORS_RULES,
    }


def session_link_page_props(
    *, token: str, path: str, course_id: int | None
) -> SessionLinkPageProps:
    return {"submit_url": SessionLink.address(token=token, path=path, course_id=course_id)}


def deletion_request_page_props(*, user: User, sent: bool) -> DeletionRequestPageProps:
    return {
        "email": user.email,
        "sent": sent,
        "submit_url": reverse("accounts:account_deletion_request"),
    }


def account_deletion_page_props(
    *, user: User, error: str | None, token: str
) -> AccountDeletionPageProps:
    return {
        "first_name": user.shown_first_name,
        "last_name": user.shown_last_name,
        "error": error,
        "submit_url": reverse("accounts:account_deletion", kwargs={"hash": token}),
    }


def data_export_page_props(*, error: str | None, token: str) -> DataExportPageProps:
    return {
        "error": error,
        "submit_url": reverse("accounts:data_export", kwargs={"hash": token}),
    }


def account_restore_page_props(*, error: str | None, token: str) -> AccountRestorePageProps:
    return {
        "error": error,
        "submit_url": reverse("accounts:account_restore", kwargs={"hash": token}),
    }


@page_props("Accounts/SessionLogout")
class SessionLogoutPageProps(TypedDict):
    """The page that posts the logout needs nothing beyond the shared props."""


# --- The mobile app's account ------------------------------------------------------------

# Admin roles carry a ROLE_ prefix in the app's codes, the others none (docs/behaviour.md#roles).
_APP_ROLE_CODES = {roles.Role.ADMIN: "ROLE_ADMIN", roles.Role.SUPER_ADMIN: "ROLE_SUPER_ADMIN"}


class AppUserProps(AccountProps):
    """The account as the mobile app's answers show it (docs/behaviour.md#api-calls)."""

    roles: list[str]


class AppUserDataProps(TypedDict):
    user: AppUserProps
    # An absolute URL, or the string "null" when there is no avatar (docs/behaviour.md#api-calls).
    avatar: str


def app_role_codes(user: User) -> list[str]:
    return sorted(_APP_ROLE_CODES.get(roles.Role(code), code) for code in user.role_codes)


def app_user_props(user: User) -> AppUserProps:
    return {**_account_props(user), "roles": app_role_codes(user)}


def app_avatar_url(user: User) -> str:
    """The avatar's absolute address (the configured public one, never the request's
    Host), or the string "null" the app reads as none."""
    if not user.avatar:
        return "null"
    url = user.avatar.url
    return url if url.startswith(("http://", "https://")) else f"{settings.SITE_URL}{url}"


def app_user_data_props(user: User) -> AppUserDataProps:
    return {"user": app_user_props(user), "avatar": app_avatar_url(user)}
