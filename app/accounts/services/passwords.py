"""Password reminders and setting a new password from the e-mailed link
(docs/behaviour.md#password-reminders, docs/behaviour.md#new-password)."""

from allauth.account.adapter import get_adapter
from allauth.account.forms import UserTokenForm, default_token_generator
from allauth.account.signals import password_reset as password_reset_signal
from allauth.account.utils import user_pk_to_url_str
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from app.accounts.forms import PasswordReminderForm
from app.accounts.models import User
from app.accounts.services.app_sessions import user_end_sessions
from app.accounts.services.mail import absolute_url
from app.core.errors import ApplicationError, valid_data
from app.core.ratelimits import Client, limit_count


def password_reminder_send(
    *, data: dict, client: Client, error_keys: dict[str, str] | None = None
) -> None:
    """E-mail a password reset link to the address of `data` when an account has it; the
    same outcome either way. Limited per address of the client and per e-mail address
    (RATE_LIMITS "reset_password"); raises ApplicationError (the form's refusal, or 429)."""
    form = PasswordReminderForm(data)
    valid_data(form, error_keys=error_keys)
    email = form.cleaned_data["email"]
    limit_count(action="reset_password", client=client, key=email)
    adapter = get_adapter()
    # allauth's lookup (active accounts with the address, verified ones first) and its
    # token; the e-mail is the platform's (AccountAdapter.send_mail).
    for user in form.users:
        key = f"{user_pk_to_url_str(user)}-{default_token_generator.make_token(user)}"
        adapter.send_mail(
            "account/email/password_reset_key",
            email,
            {"user": user, "password_reset_url": password_reset_link(key=key)},
        )


def password_reset_link(*, key: str) -> str:
    """The e-mailed address of the page that sets a new password with allauth's `key`."""
    return absolute_url(reverse("accounts:password_reset", kwargs={"key": key}))


def password_reset_check(*, key: str) -> User:
    """The user whose password allauth's reset `key` ("<uidb36>-<token>") may set; raises
    ApplicationError ("invalid_link") when it is malformed, used up (the password
    changed) or expired."""
    uidb36, _dash, token = key.partition("-")
    form = UserTokenForm(data={"uidb36": uidb36, "key": token})
    if not form.is_valid() or not form.reset_user.is_active:
        raise ApplicationError(
            _("Link do zmiany hasła jest nieprawidłowy, został już użyty albo wygasł."),
            code="invalid_link",
        )
    return form.reset_user


def password_reset(*, key: str, password: str, keep_session_key: str | None = None) -> User:
    """Set a new password from the e-mailed link and end every session of the user but
    `keep_session_key` (the browser resetting it, when it is the user's own); the user
    gets the "password changed" notice. Raises ApplicationError ("invalid_link", see
    password_reset_check)."""
    with transaction.atomic():
        user = password_reset_check(key=key)
        adapter = get_adapter()
        adapter.set_password(user, password)
        user_end_sessions(user=user, keep_session_key=keep_session_key)
        password_reset_signal.send(sender=User, request=None, user=user)
        adapter.send_notification_mail("account/email/password_reset", user)
    return user
