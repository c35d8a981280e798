"""Account entry, password reminders, the admin login, session links, deletion and the
verification of an address."""

from app.accounts.views.admin_login import admin_login
from app.accounts.views.app_sessions import app_session_end
from app.accounts.views.data_export import data_export, data_export_request
from app.accounts.views.deletion import account_deletion, account_deletion_request, account_restore
from app.accounts.views.email import email_confirm
from app.accounts.views.entry import login, logout, register, session_logout
from app.accounts.views.mfa import (
    mfa_authenticate,
    mfa_authenticate_cancel,
    mfa_factor_remove,
    mfa_factors,
    mfa_passkey,
    mfa_recovery_codes,
    mfa_totp,
    passkey_login,
    reauthenticate,
)
from app.accounts.views.reminders import admin_reminder, password_reminder, password_reset
from app.accounts.views.session_links import session_link

__all__ = [
    "account_deletion",
    "account_deletion_request",
    "account_restore",
    "admin_login",
    "admin_reminder",
    "app_session_end",
    "data_export",
    "data_export_request",
    "email_confirm",
    "login",
    "logout",
    "mfa_authenticate",
    "mfa_authenticate_cancel",
    "mfa_factor_remove",
    "mfa_factors",
    "mfa_passkey",
    "mfa_recovery_codes",
    "mfa_totp",
    "passkey_login",
    "password_reminder",
    "password_reset",
    "reauthenticate",
    "register",
    "session_link",
    "session_logout",
]
