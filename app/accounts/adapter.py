"""How allauth behaves on Platforma."""

import base64
import hashlib
import uuid
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.mfa.adapter import DefaultMFAAdapter
from allauth.mfa.models import Authenticator
from cryptography.fernet import Fernet, MultiFernet
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from inertia.http import clear_history

from app.accounts import known_devices, login_throttle, mfa_web
from app.accounts.services import account_email_send, account_factor_required
from app.core.ratelimits import client_of
from app.core.return_url import default_return_url, login_url, safe_return_url


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


def _mfa_context(factor: str) -> Any:
    def build(context: dict[str, Any]) -> dict[str, Any]:
        when = timezone.localtime(context.get("timestamp") or timezone.now())
        return {
            "factor": factor,
            "when": when.strftime("%Y-%m-%d %H:%M"),
            "profile_url": f"{settings.SITE_URL}{reverse('learning:profile')}",
        }

    return build


# allauth's e-mails that Platforma's flows send, as (Platforma template, plain context).
_EMAILS = {
    # A second factor added or removed (docs/behaviour.md#second-factors).
    "mfa/email/totp_activated": ("mfa_added", _mfa_context("totp")),
    "mfa/email/webauthn_added": ("mfa_added", _mfa_context("webauthn")),
    "mfa/email/recovery_codes_generated": ("mfa_added", _mfa_context("recovery_codes")),
    "mfa/email/totp_deactivated": ("mfa_removed", _mfa_context("totp")),
    "mfa/email/webauthn_removed": ("mfa_removed", _mfa_context("webauthn")),
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
        email = _login_of(credentials)
        attempt = login_throttle.login_attempt_begin(
            client=client_of(request),
            email=email,
            known_device=known_devices.device_vouches(request, email=email),
        )
        try:
            user = super().authenticate(request, **credentials)
        except BaseException:
            attempt.abandoned()
            raise
        if user is None:
            attempt.failed()
        else:
            attempt.succeeded()
        return user

    def get_login_redirect_url(self, request: HttpRequest) -> str:
        return default_return_url()

    def get_login_stages(self) -> list[str]:
        # allauth's second step, answered on the platform's own page.
        return [
            "app.accounts.mfa_web.SecondFactorStage"
            if stage == "allauth.mfa.stages.AuthenticateStage"
            else stage
            for stage in super().get_login_stages()
        ]

    def post_login(self, request: HttpRequest, user, **kwargs: Any) -> HttpResponse:
        response = super().post_login(request, user, **kwargs)
        known_devices.device_remember(request, response, email=user.email)
        if mfa_web.is_session_link_login(request):
            return response
        mfa_web.record_login_as_reauthentication(request)
        if mfa_web.enrolment_suggested(user) and not mfa_web.enrolment_required(user):
            # An account with a role and no second factor is asked to add one, on the
            # page the login goes to (the admin panel shows the message too); one of
            # MFA_REQUIRED_ROLES must (MfaEnrolmentMiddleware).
            messages.info(request, mfa_web.enrolment_prompt())
        return response

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
        # An account without allauth's address row (made in the admin panel) is written
        # to at its own address.
        super().send_notification_mail(
            template_prefix, user, {**(context or {}), "user": user}, email or user.email
        )

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """allauth's e-mails go out like every other: a Celery task after the commit, in
        the user's language, once per key."""
        if template_prefix not in _EMAILS:
            # Only the flows above are reachable on Platforma; a new one needs its template.
            raise ImproperlyConfigured(f"Platforma has no e-mail for allauth's {template_prefix}")
        template, build_context = _EMAILS[template_prefix]
        user = context["user"]
        account_email_send(
            user=user,
            to=email,
            template=template,
            context=build_context(context),
            # allauth calls this once per e-mail it decides to send; the task may run more
            # than once, and the key makes it send once.
            key=f"{template}:{user.pk}:{uuid.uuid4().hex}",
        )


def _fernet() -> MultiFernet:
    keys = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return MultiFernet(
        [
            Fernet(base64.urlsafe_b64encode(hashlib.sha256(f"mfa:{key}".encode()).digest()))
            for key in keys
        ]
    )


class MFAAdapter(DefaultMFAAdapter):
    """allauth.mfa on Platforma: its secrets (the TOTP key, the seed of the recovery codes)
    stored encrypted with a key derived from SECRET_KEY, its messages in Polish."""

    error_messages = {
        **DefaultMFAAdapter.error_messages,
        "incorrect_code": gettext_lazy("Nieprawidłowy kod. Sprawdź go i spróbuj ponownie."),
        "cannot_delete_authenticator": gettext_lazy(
            "Twoja rola wymaga logowania dwuetapowego: zostaw co najmniej jeden sposób."
        ),
        "cannot_generate_recovery_codes": gettext_lazy(
            "Kody zapasowe są dostępne po dodaniu aplikacji albo klucza dostępu."
        ),
        "unverified_email": gettext_lazy(
            "Potwierdź najpierw swój adres e-mail, potem włącz logowanie dwuetapowe."
        ),
    }

    def encrypt(self, text: str) -> str:
        return _fernet().encrypt(text.encode()).decode()

    def decrypt(self, encrypted_text: str) -> str:
        return _fernet().decrypt(encrypted_text.encode()).decode()

    def get_totp_issuer(self) -> str:
        return settings.MFA_TOTP_ISSUER

    def get_public_key_credential_rp_entity(self) -> dict[str, str]:
        return {**super().get_public_key_credential_rp_entity(), "name": "Platforma"}

    def generate_authenticator_name(self, user, type: Authenticator.Type) -> str:
        count = Authenticator.objects.filter(user_id=user.pk, type=type).count()
        return _("Klucz dostępu {number}").format(number=count + 1)

    def can_delete_authenticator(self, authenticator: Authenticator) -> bool:
        """An account of a required role keeps at least one second factor."""
        user = authenticator.user
        if not account_factor_required(user=user):
            return True
        others = Authenticator.objects.filter(
            user_id=user.pk, type__in=mfa_web.SECOND_FACTORS
        ).exclude(pk=authenticator.pk)
        return others.exists()
