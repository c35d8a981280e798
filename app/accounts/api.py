"""The accounts' JSON calls: the registration page's username check, and the mobile app's
entry (login, registration, session links, the admin's login, password reminders), its
account and its logout (app.api mounts the routers and gives them their callers' auth).

An answer that carries a token is never stored by a browser or a proxy (no-store).
"""

from typing import Annotated

from allauth.account.models import EmailAddress
from allauth.account.signals import user_signed_up
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status
from pydantic import Field, StrictBool

from app.accounts import known_devices, services
from app.accounts.forms import ADMIN_LOGIN_ERROR_KEYS, AdminLoginForm
from app.accounts.login_forms import login_form_checked
from app.accounts.models import User
from app.accounts.props import (
    AppUserDataProps,
    AppUserProps,
    app_user_data_props,
    app_user_props,
)
from app.accounts.ratelimits import link_guessed
from app.core.ratelimits import client_of, rate_limited
from app.core.requests import caller_account
from app.core.schemas import Body, MessageOut, Text, refusals

# The pages' calls, any visitor.
web = Router(tags=["web"])
# The app's calls under /api/public/, before it has a token.
public = Router(tags=["public"])
# The app's calls under /api/app/, with its token.
app_calls = Router(tags=["app"])

# The form fields behind each call, under the names of its body (docs/behaviour.md#api-calls).
LOGIN_ERROR_KEYS = {"login_password": "loginPassword"}
REGISTER_ERROR_KEYS = {
    "first_name": "firstName",
    "last_name": "lastName",
    "accept_terms": "acceptTerms",
}


# The second factor of an account that has one (docs/behaviour.md#api-second-factor).
FactorCode = Annotated[
    Text,
    Field(
        description=(
            "The account's second factor, when it has one: the 6 digits its authenticator"
            " app shows, or one of its 8-digit recovery codes (each works once), digits"
            " only: a space or a hyphen among them is refused as malformed. Leave it out for"
            " an account without a factor."
        )
    ),
]


class LoginIn(Body):
    login: Text = ""
    loginPassword: Text = ""
    code: FactorCode = ""


class RegisterIn(Body):
    username: Text = ""
    firstName: Text = ""
    lastName: Text = ""
    password: Text = ""
    acceptTerms: StrictBool = True
    newsletter: StrictBool = False


class AdminLoginIn(Body):
    username: Text = ""
    password: Text = ""
    code: FactorCode = ""


class ReminderIn(Body):
    email: Text = ""


class UsernameIn(Body):
    username: Text = ""


class TokenOut(Schema):
    value: str


class AvailabilityOut(Schema):
    available: bool
    # Why not: the registration form's message for the address (None when available).
    message: str | None = None


class AdminLoginOut(Schema):
    customer: AppUserProps
    token: str


def _token_for(request: HttpRequest, response: HttpResponse, user: User) -> str:
    _app_token, token = services.app_token_issue(
        user=user, device=request.headers.get("User-Agent", "")
    )
    # The answer carries the app's secret: no cache keeps it.
    add_never_cache_headers(response)
    known_devices.device_remember(request, response, email=user.email)
    return token


def _availability(username: str) -> AvailabilityOut:
    refusal = services.username_refusal(data={"username": username})
    return AvailabilityOut(available=refusal is None, message=refusal)


@web.post(
    "api/accounts/username-check",
    response={200: AvailabilityOut, **refusals(400, 429)},
    operation_id="web_username_check",
)
@rate_limited("username_check")
def username_check(request: HttpRequest, payload: UsernameIn) -> AvailabilityOut:
    """The registration e-mail's availability, checked when the field loses focus; posted,
    so the address stays out of URLs and their logs."""
    return _availability(payload.username)


@public.get(
    "username", response={200: AvailabilityOut, **refusals(400, 429)}, operation_id="username"
)
@rate_limited("username_check")
def username(request: HttpRequest, query: Query[UsernameIn]) -> AvailabilityOut:
    """Whether the e-mail can register (valid and not taken), and if not, why: the same
    check as the registration page's (one limit for both)."""
    return _availability(query.username)


def _second_factor_checked(request: HttpRequest, user: User, code: str) -> None:
    services.login_factor_check(user=user, code=code, client=client_of(request))


@public.post(
    "login", response={200: TokenOut, **refusals(400, 401, 403, 429)}, operation_id="login"
)
def login(request: HttpRequest, response: HttpResponse, payload: LoginIn) -> TokenOut:
    """Log in with e-mail and password; the answer's `value` is the app's token.

    An account with a second factor also sends `code`: without it the right password is
    answered 401 `mfa_required` (ask for the code, send all three again), a malformed or
    wrong code 400 (`mfa_code_malformed`, `mfa_code_wrong`, the message also under
    `fields.code`), too many wrong codes 429 (counted with the web's code step). An
    account whose role requires a second factor it has not set up is refused with 403
    `mfa_enrolment_required`: it enrols on the web first. Nothing is issued on a refusal."""
    form = login_form_checked(
        request,
        data={"login": payload.login, "login_password": payload.loginPassword},
        error_keys=LOGIN_ERROR_KEYS,
    )
    _second_factor_checked(request, form.user, payload.code)
    return TokenOut(value=_token_for(request, response, form.user))


@public.post("register", response={200: TokenOut, **refusals(400, 429)}, operation_id="register")
def register(request: HttpRequest, response: HttpResponse, payload: RegisterIn) -> TokenOut:
    """Create a learner account (the registration form's rules) and log it in."""
    user = services.user_register_from_data(
        client=client_of(request),
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
    # What the web's registration does after creating the account, less the browser's
    # login: allauth's signal and the verification e-mail (the app gets a token instead).
    user_signed_up.send(sender=User, request=request, user=user)
    address = EmailAddress.objects.filter(user=user, email__iexact=user.email).first()
    if address is not None and not address.verified:
        address.send_confirmation(request, signup=True)
    return TokenOut(value=_token_for(request, response, user))


@public.get(
    "relogin/{secret:hash}",
    response={200: TokenOut, **refusals(400, 409, 429)},
    operation_id="relogin",
)
def relogin(request: HttpRequest, response: HttpResponse, hash: str) -> TokenOut:
    """Exchange an e-mailed session link's secret for a token (the link is used up: 409
    once it was)."""
    link = services.session_link_redeem(client=client_of(request), token=hash)
    return TokenOut(value=_token_for(request, response, link.user))


@public.post(
    "admin/login",
    response={200: AdminLoginOut, **refusals(400, 401, 403, 429)},
    operation_id="admin_login",
)
def admin_login(
    request: HttpRequest, response: HttpResponse, payload: AdminLoginIn
) -> AdminLoginOut:
    """Log in an ADMIN or SUPER_ADMIN account; any other account is refused (403
    `not_admin`). The second factor as on `login`: `code` when the account has one (401
    `mfa_required` without it, 400 for a wrong one), 403 `mfa_enrolment_required` when
    its role requires one it has not set up."""
    form = login_form_checked(
        request,
        data={"username": payload.username, "password": payload.password},
        form_class=AdminLoginForm,
        error_keys=ADMIN_LOGIN_ERROR_KEYS,
    )
    _second_factor_checked(request, form.user, payload.code)
    token = _token_for(request, response, form.user)
    return AdminLoginOut(customer=app_user_props(form.user), token=token)


def _reminder_sent() -> MessageOut:
    # The same answer whether an account has the address (docs/behaviour.md#password-reminders).
    return MessageOut(message=_("Wiadomość powinna być już w Twojej skrzynce e-mail"))


@public.post("reminder", response={200: MessageOut, **refusals(400, 429)}, operation_id="reminder")
def reminder(request: HttpRequest, payload: ReminderIn) -> MessageOut:
    """E-mail a password reset link to the address, when an account has it."""
    services.password_reminder_send(data={"email": payload.email}, client=client_of(request))
    return _reminder_sent()


@public.post(
    "admin/reminder",
    response={200: MessageOut, **refusals(400, 429)},
    operation_id="admin_reminder",
)
def admin_reminder(request: HttpRequest, payload: ReminderIn) -> MessageOut:
    """The admin form's password reminder: the same e-mail and answer."""
    services.password_reminder_send(data={"email": payload.email}, client=client_of(request))
    return _reminder_sent()


@app_calls.get("user", response={200: AppUserDataProps, **refusals(401)}, operation_id="user")
def user(request: HttpRequest) -> AppUserDataProps:
    """The logged-in account and its avatar."""
    return app_user_data_props(caller_account(request))


@app_calls.get(
    "user/mark-to-remove/{secret:hash}",
    response={200: MessageOut, **refusals(400, 401, 409, 429)},
    operation_id="mark_to_remove",
)
def mark_to_remove(request: HttpRequest, hash: str) -> MessageOut:
    """Confirm the account's deletion with the e-mailed link's secret: the account is
    locked at once (every session ends, this token too) and purged after the grace."""
    user = caller_account(request)
    # As the page's link: opening and using one draw on one budget for guessing.
    link_guessed(
        client=client_of(request),
        also="account_deletion_confirm",
        look=lambda: services.account_deletion_confirm(user=user, token=hash),
    )
    return MessageOut(message=_("Twoje konto zostanie usunięte w ciągu 24 godzin"))


@app_calls.post("logout", response={204: None, **refusals(401)}, operation_id="logout")
def logout(request: HttpRequest) -> Status[None]:
    """End this app session: the token stops working."""
    services.app_token_revoke(token=request.headers.get(services.APP_TOKEN_HEADER, ""))
    return Status(204, None)
