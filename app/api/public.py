"""The calls of /api/public/: entry, reminders, alerts (docs/behaviour.md#api-calls)."""

from typing import Annotated

from annotated_types import Len
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from ninja import Form, Query, Router, Schema
from pydantic import Field

from app.accounts import services as account_services
from app.accounts.forms import ADMIN_LOGIN_ERROR_KEYS, AdminLoginForm
from app.accounts.models import User
from app.api import auth
from app.api.schemas import (
    TEXT_MAX,
    AdminLoginIn,
    AdminLoginOut,
    AlertOut,
    AvailabilityOut,
    ErrorOut,
    LoginIn,
    MessageOut,
    PrivacyPolicyOut,
    RegisterIn,
    ReminderIn,
    TokenOut,
)
from app.api.shapes import user_out
from app.consent import selectors as consent_selectors
from app.consent import services as consent_services
from app.shell import selectors as shell_selectors
from app.shell.presenters import alert_props

router = Router(tags=["public"])

# The form fields behind each call, under the names of its body (docs/behaviour.md#api-calls).
LOGIN_ERROR_KEYS = {"login_password": "loginPassword"}
REGISTER_ERROR_KEYS = {
    "first_name": "firstName",
    "last_name": "lastName",
    "accept_terms": "acceptTerms",
}
# Any call may be refused for bad input or a limit.
REFUSALS = {400: ErrorOut, 429: ErrorOut}
EmptyList = Annotated[list[AlertOut], Len(max_length=0)]


def _token_for(request: HttpRequest, user: User) -> str:
    _app_token, token = account_services.app_token_issue(
        user=user, device=request.headers.get("User-Agent", "")
    )
    return token


@router.post("login", response={200: TokenOut, **REFUSALS}, operation_id="login")
def login(request: HttpRequest, payload: LoginIn) -> TokenOut:
    """Log in with e-mail and password; the answer's `value` is the app's token."""
    form = account_services.login_form_valid(
        request=request,
        data={"login": payload.login, "login_password": payload.loginPassword},
        error_keys=LOGIN_ERROR_KEYS,
    )
    return TokenOut(value=_token_for(request, form.user))


@router.post("register", response={200: TokenOut, **REFUSALS}, operation_id="register")
def register(request: HttpRequest, payload: RegisterIn) -> TokenOut:
    """Create a learner account (the registration form's rules) and log it in."""
    user = account_services.user_register_from_data(
        request=request,
        data={
            "username": payload.username,
            "first_name": payload.firstName,
            "last_name": payload.lastName,
            "password": payload.password,
            "accept_terms": payload.acceptTerms,
            "newsletter": payload.newsletter,
        },
        error_keys=REGISTER_ERROR_KEYS,
    )
    account_services.user_signup_complete_for_app(request=request, user=user)
    return TokenOut(value=_token_for(request, user))


class UsernameQuery(Schema):
    username: str = Field("", max_length=TEXT_MAX)


@router.get("username", response={200: AvailabilityOut, **REFUSALS}, operation_id="username")
def username(request: HttpRequest, query: Query[UsernameQuery]) -> AvailabilityOut:
    """Whether the e-mail can register (valid and not taken)."""
    refusal = account_services.username_refusal(request=request, data={"username": query.username})
    return AvailabilityOut(available=refusal is None)


@router.get("relogin/{hash}", response={200: TokenOut, **REFUSALS}, operation_id="relogin")
def relogin(request: HttpRequest, hash: str) -> TokenOut:
    """Exchange an e-mailed session link's secret for a token (the link is used up)."""
    link = account_services.session_link_redeem(request=request, token=hash)
    return TokenOut(value=_token_for(request, link.user))


@router.post(
    "admin/login",
    response={200: AdminLoginOut, 403: ErrorOut, **REFUSALS},
    operation_id="admin_login",
)
def admin_login(request: HttpRequest, payload: AdminLoginIn) -> AdminLoginOut:
    """Log in an ADMIN or SUPER_ADMIN account; any other account is refused (403)."""
    form = account_services.login_form_valid(
        request=request,
        data={"username": payload.username, "password": payload.password},
        form_class=AdminLoginForm,
        action="admin_login",
        error_keys=ADMIN_LOGIN_ERROR_KEYS,
    )
    return AdminLoginOut(customer=user_out(form.user), token=_token_for(request, form.user))


def _reminder_sent() -> MessageOut:
    # The same answer whether an account has the address (docs/behaviour.md#password-reminders).
    return MessageOut(message=_("Wiadomość powinna być już w Twojej skrzynce e-mail"))


@router.post("reminder", response={200: MessageOut, **REFUSALS}, operation_id="reminder")
def reminder(request: HttpRequest, payload: ReminderIn) -> MessageOut:
    """E-mail a password reset link to the address, when an account has it."""
    account_services.password_reminder_send(request=request, data={"email": payload.email})
    return _reminder_sent()


@router.post(
    "admin/reminder", response={200: MessageOut, **REFUSALS}, operation_id="admin_reminder"
)
def admin_reminder(request: HttpRequest, payload: ReminderIn) -> MessageOut:
    """The admin form's password reminder: the same e-mail and answer."""
    account_services.password_reminder_send(request=request, data={"email": payload.email})
    return _reminder_sent()


class AlertQuery(Schema):
    preview: bool = False


@router.get("alerts", response={200: AlertOut | EmptyList, **REFUSALS}, operation_id="alerts")
def alerts(request: HttpRequest, query: Query[AlertQuery]) -> AlertOut | list[AlertOut]:
    """The alert banner's alert, or [] when there is none. With preview=true and the token
    of an author or admin, the alert about to be shown (unpublished or not started)."""
    user = auth.token_user(request) if query.preview else None
    if auth.preview_allowed(request, preview=query.preview, user=user):
        alert = shell_selectors.alert_preview_get()
    else:
        alert = shell_selectors.active_alert_get()
    if alert is None:
        return []
    return AlertOut(**alert_props(alert, get_language()))


@router.get(
    "page/get_privacy_policy",
    response={200: PrivacyPolicyOut, 404: ErrorOut, **REFUSALS},
    operation_id="privacy_policy",
)
def privacy_policy(request: HttpRequest) -> PrivacyPolicyOut:
    """The privacy policy's body in the request's language (paragraphs split by blank
    lines, "## " starts a heading)."""
    return PrivacyPolicyOut(body=consent_selectors.privacy_policy_get(language=get_language()))


class ConsentLogIn(Schema):
    action: str = Field("", max_length=TEXT_MAX)


@router.post(
    "consent_management_log",
    response={204: None, **REFUSALS},
    operation_id="consent_log",
)
def consent_log(request: HttpRequest, payload: Form[ConsentLogIn]) -> HttpResponse:
    """One event of the consent notice, as form data: script_initialization, accept,
    accept_all, show_popup or force_show_popup. With a token, logged for its account."""
    consent_services.consent_event_log(
        request=request, action=payload.action, user=auth.token_user(request)
    )
    return HttpResponse(status=204)
