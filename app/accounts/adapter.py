"""How allauth behaves on Platforma."""

import uuid
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from inertia.http import clear_history

from app.accounts import login_throttle
from app.core.ratelimits import client_of
from app.core.return_url import default_return_url, login_url, safe_return_url
from app.core.tasks import send_email


def _password_reset_context(context: dict[str, Any]) -> dict[str, Any]:
    return {
        "url": context["password_reset_url"],
        "hours": settings.PASSWORD_RESET_TIMEOUT // 3600,
    }


def _password_changed_context(context: dict[str, Any]) -> dict[str, Any]:
    when = timezone.localtime(context.get("timestamp") or timezone.now())
    return {
        "when": when.strftime("%Y-%m-%d %H:%M"),
        "reminder_url": f"{settings.SITE_URL}{reverse('accounts:password_reminder')}",
    }


def _email_confirmation_context(context: dict[str, Any]) -> dict[str, Any]:
    return {"url": context["activate_url"], "days": settings.ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS}


# allauth's e-mails that Platforma's flows send, as (Platforma template, plain context).
_EMAILS = {
    "account/email/password_reset_key": ("password_reset", _password_reset_context),
    "account/email/password_reset": ("password_changed", _password_changed_context),
    "account/email/email_confirmation_signup": ("email_confirmation", _email_confirmation_context),
    "account/email/email_confirmation": ("email_confirmation", _email_confirmation_context),
}


def _login_of(credentials: dict[str, Any]) -> str:
    return str(credentials.get("email") or credentials.get("username") or "")


class AccountAdapter(DefaultAccountAdapter):
    def add_message(self, *args, **kwargs) -> None:
        # allauth's "signed in as …" notices are not part of Platforma's screens; the
        # platform's own flows add their own messages (docs/behaviour.md).
        return None

    def is_safe_url(self, url: str) -> bool:
        return bool(url) and safe_return_url(url, default="/") == url

    def respond_user_inactive(self, request: HttpRequest, user) -> HttpResponse:
        # The login form refuses inactive accounts first; this covers any other login path.
        return redirect(settings.LOGIN_URL)

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        # allauth's own failed-login limit is off (RATE_LIMITS = False); the
        # platform's counts in `authenticate` below.
        return None

    def authenticate(self, request: HttpRequest, **credentials: Any):
        """allauth's authentication, counted by the platform's failed-login limits
        (app/accounts/login_throttle.py): refused (429) before the password is looked at
        when they say so, the guess given back when the password was right."""
        attempt = login_throttle.login_attempt_begin(
            client=client_of(request), email=_login_of(credentials)
        )
        try:
            user = super().authenticate(request, **credentials)
        except BaseException:
            attempt.succeeded()
            raise
        if user is None:
            attempt.failed()
        else:
            attempt.succeeded()
        return user

    def get_login_redirect_url(self, request: HttpRequest) -> str:
        return default_return_url()

    def logout(self, request: HttpRequest) -> None:
        super().logout(request)
        # Into the new session: the next page makes Inertia drop the key of the encrypted
        # history, so Back shows none of the pages seen logged in (PrivatePagesMiddleware).
        clear_history(request)

    def get_logout_redirect_url(self, request: HttpRequest) -> str:
        return login_url()

    def get_email_confirmation_url(self, request: HttpRequest, emailconfirmation) -> str:
        from app.accounts.services import email_confirmation_link

        return email_confirmation_link(key=emailconfirmation.key)

    def get_reset_password_from_key_url(self, key: str) -> str:
        from app.accounts.services import password_reset_link

        return password_reset_link(key=key)

    def send_notification_mail(self, template_prefix, user, context=None, email=None) -> None:
        # allauth leaves the user out of a notice's context; the e-mail greets them by name.
        super().send_notification_mail(
            template_prefix, user, {**(context or {}), "user": user}, email
        )

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """allauth's e-mails go out like every other: a Celery task after the commit, in
        the user's language, once per key."""
        if template_prefix not in _EMAILS:
            # Only the flows above are reachable on Platforma; a new one needs its template.
            raise ImproperlyConfigured(f"Platforma has no e-mail for allauth's {template_prefix}")
        template, build_context = _EMAILS[template_prefix]
        user = context["user"]
        send_email(
            template=template,
            to=email,
            language=user.language,
            context={"first_name": user.shown_first_name, **build_context(context)},
            # allauth calls this once per e-mail it decides to send; the task may run more
            # than once, and the key makes it send once.
            key=f"{template}:{user.pk}:{uuid.uuid4().hex}",
        )
