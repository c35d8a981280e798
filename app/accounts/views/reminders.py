"""Password reminders and the reset link's page (docs/behaviour.md#password-reminders,
docs/behaviour.md#new-password)."""

from allauth.usersessions.models import UserSession
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from app.accounts import props, services
from app.accounts.forms import NewPasswordForm
from app.accounts.models import User
from app.accounts.ratelimits import link_guessed, link_refusal
from app.accounts.views.admin_login import noindex
from app.accounts.views.links import link_page, refusal_message
from app.core import roles
from app.core.admin_site import ADMIN_HOME, ADMIN_LOGIN
from app.core.errors import valid_data
from app.core.header import ADMIN_HEADER, header_type
from app.core.inertia import render_page
from app.core.ratelimits import client_of
from app.core.requests import request_data
from app.core.return_url import default_return_url, login_url

_REMINDER_SENT_KEY = "_platforma_reminder_sent"


def _reminder(request: HttpRequest, *, variant: str, route: str) -> HttpResponse:
    if request.method == "POST":
        # The same answer follows whether the address exists.
        services.password_reminder_send(data=request_data(request), client=client_of(request))
        request.session[_REMINDER_SENT_KEY] = variant
        return redirect(route)
    sent = request.session.pop(_REMINDER_SENT_KEY, None) == variant
    return render_page(
        request, "Accounts/PasswordReminder", props.reminder_page_props(variant=variant, sent=sent)
    )


@require_http_methods(["GET", "POST"])
def password_reminder(request: HttpRequest) -> HttpResponse:
    return _reminder(request, variant="learner", route="accounts:password_reminder")


@header_type(ADMIN_HEADER)
@require_http_methods(["GET", "POST"])
@noindex
def admin_reminder(request: HttpRequest) -> HttpResponse:
    return _reminder(request, variant="admin", route="accounts:admin_reminder")


@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest, key: str) -> HttpResponse:
    """The page of the e-mailed reset link: a GET only shows the form (a mail scanner
    that fetches the link changes nothing); the POST sets the new password."""
    if request.method == "POST":
        password = valid_data(NewPasswordForm(request_data(request)))["password"]
        # The one resetting it may be logged in here: that session survives, the rest end.
        own = request.session.session_key if request.user.is_authenticated else None
        # The GET's limit too: opening and posting a link draw on one budget for guessing.
        user = link_guessed(
            client=client_of(request),
            also="reset_password_from_key",
            look=lambda: services.password_reset(key=key, password=password, keep_session_key=own),
        )
        if request.user.is_authenticated and request.user.pk == user.pk:
            # The kept session is bound to the new password (under a new key), and the
            # registry of the account's sessions learns the new key.
            update_session_auth_hash(request, user)
            UserSession.objects.filter(session_key=own).delete()
            UserSession.objects.create_from_request(request)
        return _password_changed(request, user)
    refusal = link_refusal(request, check=lambda: services.password_reset_check(key=key))
    return link_page(
        request,
        "Accounts/PasswordReset",
        props.password_reset_page_props(error=refusal_message(refusal), key=key),
        refusal,
    )


def _password_changed(request: HttpRequest, user: User) -> HttpResponse:
    """Admins go on to their panel or its login, everyone else to the learner area or
    the login form."""
    is_admin = user.has_any_role(roles.ADMIN_ROLES)
    if request.user.is_authenticated:
        messages.success(request, _("Hasło zostało zmienione."))
        return HttpResponseRedirect(ADMIN_HOME if is_admin else default_return_url())
    messages.success(request, _("Hasło zostało zmienione. Zaloguj się nowym hasłem."))
    if is_admin:
        return redirect(ADMIN_LOGIN)
    return HttpResponseRedirect(login_url(form="login"))
