"""Writes of accounts, one module per concern; every service is importable from here.

- `account`: registration, the address and its verification, roles, newsletter consent;
- `app_sessions`: ending an account's sessions, and the mobile app's tokens;
- `passwords`: reminders and the new password from the e-mailed link;
- `session_links`: one-click session links;
- `deletion`: deletion asked for, confirmed, undone, and the purge;
- `avatars`: the avatar's file;
- `data_export`: a learner's data export;
- `mfa`: second factors outside the browser (the app's code, an admin's reset);
- `mail`: what their e-mails share.
"""

from app.accounts.services.account import (
    email_confirm,
    email_confirmation_link,
    email_mark_verified,
    newsletter_set,
    user_grant_roles,
    user_register,
    user_register_from_data,
    username_refusal,
)
from app.accounts.services.app_sessions import (
    APP_TOKEN_HEADER,
    app_token_authenticate,
    app_token_end,
    app_token_issue,
    app_token_revoke,
    app_tokens_revoke,
    user_end_sessions,
)
from app.accounts.services.avatars import avatar_delete, avatar_store
from app.accounts.services.data_export import (
    DATA_EXPORT_TASK,
    data_export_build,
    data_export_check,
    data_export_download,
    data_export_request,
)
from app.accounts.services.deletion import (
    ANONYMOUS_EMAIL_DOMAIN,
    account_deletion_check,
    account_deletion_confirm,
    account_deletion_request,
    account_erase,
    account_purge,
    account_restore,
    account_restore_check,
    accounts_purge_due,
)
from app.accounts.services.mail import account_email_send
from app.accounts.services.mfa import (
    MfaCodeRefused,
    MfaEnrolmentRequired,
    MfaRequired,
    account_factor_required,
    account_factors_summary,
    account_has_factor,
    account_needs_enrolment,
    login_factor_check,
    mfa_code_attempt,
    mfa_code_check,
    mfa_code_format_check,
    mfa_code_format_message,
    mfa_reset,
)
from app.accounts.services.passwords import (
    password_reminder_send,
    password_reset,
    password_reset_check,
    password_reset_link,
)
from app.accounts.services.session_links import (
    PASSWORD_ONLY,
    session_link_allowed,
    session_link_issue,
    session_link_redeem,
    session_link_send,
)

__all__ = [
    "ANONYMOUS_EMAIL_DOMAIN",
    "APP_TOKEN_HEADER",
    "DATA_EXPORT_TASK",
    "PASSWORD_ONLY",
    "MfaCodeRefused",
    "MfaEnrolmentRequired",
    "MfaRequired",
    "account_deletion_check",
    "account_deletion_confirm",
    "account_deletion_request",
    "account_email_send",
    "account_erase",
    "account_factor_required",
    "account_factors_summary",
    "account_has_factor",
    "account_needs_enrolment",
    "account_purge",
    "account_restore",
    "account_restore_check",
    "accounts_purge_due",
    "app_token_authenticate",
    "app_token_end",
    "app_token_issue",
    "app_token_revoke",
    "app_tokens_revoke",
    "avatar_delete",
    "avatar_store",
    "data_export_build",
    "data_export_check",
    "data_export_download",
    "data_export_request",
    "email_confirm",
    "email_confirmation_link",
    "email_mark_verified",
    "login_factor_check",
    "mfa_code_attempt",
    "mfa_code_check",
    "mfa_code_format_check",
    "mfa_code_format_message",
    "mfa_reset",
    "newsletter_set",
    "password_reminder_send",
    "password_reset",
    "password_reset_check",
    "password_reset_link",
    "session_link_allowed",
    "session_link_issue",
    "session_link_redeem",
    "session_link_send",
    "user_end_sessions",
    "user_grant_roles",
    "user_register",
    "user_register_from_data",
    "username_refusal",
]
