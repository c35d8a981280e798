"""Whitelisted props of the account pages and of the logged-in user."""

from functools import cache
from typing import Literal, TypedDict

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from app.accounts.forms import (
    ADMIN_LOGIN_ERROR_KEYS,
    AdminLoginForm,
    LoginForm,
    NewPasswordForm,
    PasswordReminderForm,
    RegistrationForm,
)
from app.accounts.models import SessionLink, User
from app.core import roles
from app.core.props import FieldRule, form_rules
from app.core.return_url import login_url
from app.core.typegen import page_props, ts_export


@ts_export
class UserProps(TypedDict):
    customer_id: str
    first_name: str
    last_name: str
    supervision: bool
    is_profile_public: bool
    is_student: bool
    is_shop_user: bool
    roles: list[str]


@ts_export
class AuthProps(TypedDict):
    user: UserProps | None
    avatar: str | None


def user_props(user: User) -> UserProps:
    return {
        "customer_id": str(user.customer_id),
        "first_name": user.shown_first_name,
        "last_name": user.shown_last_name,
        "supervision": user.supervision,
        "is_profile_public": user.is_profile_public,
        "is_student": user.is_student,
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
    names = ["login", "register", "username_check", "password_reminder"]
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


class AppUserProps(TypedDict):
    """The account as the mobile app's answers show it (docs/behaviour.md#api-calls)."""

    customer_id: str
    first_name: str
    last_name: str
    supervision: bool
    is_profile_public: bool
    is_student: bool
    roles: list[str]


class AppUserDataProps(TypedDict):
    user: AppUserProps
    # An absolute URL, or the string "null" when there is no avatar (docs/behaviour.md#api-calls).
    avatar: str


def app_role_codes(user: User) -> list[str]:
    return sorted(_APP_ROLE_CODES.get(roles.Role(code), code) for code in user.role_codes)


def app_user_props(user: User) -> AppUserProps:
    return {
        "customer_id": str(user.customer_id),
        "first_name": user.shown_first_name,
        "last_name": user.shown_last_name,
        "supervision": user.supervision,
        "is_profile_public": user.is_profile_public,
        "is_student": user.is_student,
        "roles": app_role_codes(user),
    }


def app_avatar_url(user: User) -> str:
    """The avatar's absolute address (the configured public one, never the request's
    Host), or the string "null" the app reads as none."""
    if not user.avatar:
        return "null"
    url = user.avatar.url
    return url if url.startswith(("http://", "https://")) else f"{settings.SITE_URL}{url}"


def app_user_data_props(user: User) -> AppUserDataProps:
    return {"user": app_user_props(user), "avatar": app_avatar_url(user)}
