"""Account entry: login and registration (SPEC §2 "Login and registration page")."""

from urllib.parse import urlencode

from allauth.account.adapter import get_adapter
from allauth.account.utils import complete_signup, perform_login
from allauth.core import ratelimit
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from inertia import location

from app.accounts import props, selectors, services
from app.accounts.forms import (
    AdminLoginForm,
    LoginForm,
    NewPasswordForm,
    PasswordReminderForm,
    RegistrationForm,
    UsernameCheckForm,
)
from app.accounts.login_query import LoginQuery, read_login_query
from app.accounts.ratelimits import LINK_CHECK, consume_link_check
from app.core import roles
from app.core.admin_site import ADMIN_HOME
from app.core.errors import default_message, error_response, rate_limit
from app.core.guards import anonymous_only, login_required
from app.core.header import ADMIN_HEADER, header_type
from app.core.inertia import FORM_ERROR_KEY, form_errors, redirect_with_errors, render_page
from app.core.requests import AuthenticatedRequest, is_inertia, request_data
from app.core.return_url import (
    RETURN_URL_PARAM,
    default_return_url,
    login_url,
    safe_return_url,
)
from app.core.tokens import TokenError


def _too_many_attempts() -> dict[str, str]:
    return {FORM_ERROR_KEY: default_message(429)}


def _link_check_refusal(request: HttpRequest) -> str | None:
    """The message for a visitor who has opened too many e-mailed links lately; the link's
    page then says so itself, like any other reason it cannot be used."""
    return None if consume_link_check(request) else default_message(429)


def _link_status(refusal: str | None) -> int:
    return 429 if refusal is not None else 200


@require_http_methods(["GET", "POST"])
@anonymous_only(settings.DEFAULT_RETURN_URL)
def login(request: HttpRequest) -> HttpResponse:
    query = read_login_query(request)
    if request.method == "POST":
        return _log_in(request, query)
    return render_page(
        request,
        "Accounts/Login",
        props.login_page_props(
            form=query.form, invitation_email=query.invitation_email, query=query.query
        ),
    )


def _log_in(request: HttpRequest, query: LoginQuery) -> HttpResponse:
    if not ratelimit.consume(request, action="login"):
        return redirect_with_errors(request, query.page_url, _too_many_attempts())
    form = LoginForm(data=request_data(request), request=request)
    if not form.is_valid():
        return redirect_with_errors(request, query.page_url, form_errors(form))
    return form.login(request, redirect_url=query.target)


@require_POST
@anonymous_only(settings.DEFAULT_RETURN_URL)
def register(request: HttpRequest) -> HttpResponse:
    query = read_login_query(request)
    if not ratelimit.consume(request, action="signup"):
        return redirect_with_errors(request, query.page_url, _too_many_attempts())
    form = RegistrationForm(request_data(request))
    if not form.is_valid():
        return redirect_with_errors(request, query.page_url, form_errors(form))
    data = form.cleaned_data
    try:
        user = services.user_register(
            request=request,
            email=data["username"],
            first_name=data["first_name"],
            last_name=data["last_name"],
            password=data["password"],
            newsletter=data["newsletter"],
        )
    except services.EmailTaken:
        return redirect_with_errors(
            request, query.page_url, {"username": _("Nazwa użytkownika jest już zajęta")}
        )
    return complete_signup(
        request, user, settings.ACCOUNT_EMAIL_VERIFICATION, success_url=query.target
    )


@require_POST
def username_check(request: HttpRequest) -> HttpResponse:
    """The registration e-mail's availability, checked when the field loses focus."""
    if not ratelimit.consume(request, action="username_check"):
        return error_response(request, status=429, code="rate_limited")
    form = UsernameCheckForm(request_data(request))
    if form.is_valid():
        return JsonResponse({"available": True, "message": None})
    return JsonResponse({"available": False, "message": form_errors(form)["username"]})


@require_POST
def logout(request: HttpRequest) -> HttpResponse:
    get_adapter(request).logout(request)
    return redirect(settings.LOGIN_URL)


@require_GET
def session_logout(request: HttpRequest) -> HttpResponse:
    """Opening /session logs the user out. The page sends the logout as a POST, so a
    prefetcher or link scanner that only fetches the URL changes nothing."""
    if not request.user.is_authenticated:
        return redirect(settings.LOGIN_URL)
    return render_page(request, "Accounts/SessionLogout", {})


# --- Password reminders (SPEC §2 "Admin password reminder", §5 "Reminder") ----------------

_REMINDER_SENT_KEY = "_platforma_reminder_sent"


def _noindex(response: HttpResponse) -> HttpResponse:
    """Both admin entry pages stay out of search engines (SPEC §2 "Admin login")."""
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _reminder(request: HttpRequest, *, variant: str) -> HttpResponse:
    page_url = request.path
    if request.method == "POST":
        form = PasswordReminderForm(request_data(request))
        if not form.is_valid():
            return redirect_with_errors(request, page_url, form_errors(form))
        # Per IP and per address; the same answer follows whether the address exists.
        email = form.cleaned_data["email"]
        if not ratelimit.consume(request, action="reset_password", key=email):
            return redirect_with_errors(request, page_url, _too_many_attempts())
        form.save(request)
        request.session[_REMINDER_SENT_KEY] = variant
        return HttpResponseRedirect(page_url)
    sent = request.session.pop(_REMINDER_SENT_KEY, None) == variant
    return render_page(
        request, "Accounts/PasswordReminder", props.reminder_page_props(variant=variant, sent=sent)
    )


@require_http_methods(["GET", "POST"])
def password_reminder(request: HttpRequest) -> HttpResponse:
    return _reminder(request, variant="learner")


@header_type(ADMIN_HEADER)
@require_http_methods(["GET", "POST"])
def admin_reminder(request: HttpRequest) -> HttpResponse:
    return _noindex(_reminder(request, variant="admin"))


@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest, key: str) -> HttpResponse:
    """The page of the e-mailed reset link: a GET only shows the form (a mail scanner
    that fetches the link changes nothing); the POST sets the new password."""
    if request.method == "POST":
        rate_limit(request, action=LINK_CHECK)  # The GET's limit: one budget for guessing.
        if not ratelimit.consume(request, action="reset_password_from_key"):
            return redirect_with_errors(request, request.path, _too_many_attempts())
        form = NewPasswordForm(request_data(request))
        if not form.is_valid():
            return redirect_with_errors(request, request.path, form_errors(form))
        try:
            user = services.password_reset(
                request=request, key=key, password=form.cleaned_data["password"]
            )
        except services.InvalidResetKey:
            return redirect_with_errors(request, request.path, {FORM_ERROR_KEY: _invalid_reset()})
        is_admin = user.has_any_role(roles.ADMIN_ROLES)
        if request.user.is_authenticated:
            messages.success(request, _("Hasło zostało zmienione."))
            return HttpResponseRedirect(ADMIN_HOME if is_admin else default_return_url())
        messages.success(request, _("Hasło zostało zmienione. Zaloguj się nowym hasłem."))
        login_page = reverse("accounts:admin_login") if is_admin else "/login?form=login"
        return HttpResponseRedirect(login_page)
    refusal = error = _link_check_refusal(request)
    if refusal is None:
        try:
            services.password_reset_user(key=key)
        except services.InvalidResetKey:
            error = _invalid_reset()
    return render_page(
        request,
        "Accounts/PasswordReset",
        props.password_reset_page_props(error=error, submit_url=request.path),
        status=_link_status(refusal),
    )


def _invalid_reset() -> str:
    return _("Link do zmiany hasła jest nieprawidłowy, został już użyty albo wygasł.")


# --- Admin login (SPEC §2 "Admin login", §4) ---------------------------------------------


@header_type(ADMIN_HEADER)
@require_http_methods(["GET", "POST"])
def admin_login(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated and request.user.has_any_role(roles.ADMIN_ROLES):
        return HttpResponseRedirect(ADMIN_HOME)
    target = safe_return_url(request.GET.get(RETURN_URL_PARAM), default=str(ADMIN_HOME))
    # The page's own address, rebuilt from the checked return URL only.
    page_url = request.path
    if RETURN_URL_PARAM in request.GET:
        page_url += "?" + urlencode({RETURN_URL_PARAM: target})
    if request.method == "POST":
        return _noindex(_admin_log_in(request, page_url=page_url, target=target))
    return _noindex(
        render_page(
            request, "Accounts/AdminLogin", props.admin_login_page_props(submit_url=page_url)
        )
    )


def _admin_log_in(request: HttpRequest, *, page_url: str, target: str) -> HttpResponse:
    # Django's admin has no limits of its own and its login form is not reachable:
    # this is the only way into the admin panel, limited per IP and per address.
    if not ratelimit.consume(request, action="admin_login"):
        return redirect_with_errors(request, page_url, _too_many_attempts())
    form = AdminLoginForm(data=request_data(request), request=request)
    if not form.is_valid():
        return redirect_with_errors(request, page_url, form.field_errors)
    response = form.login(request, redirect_url=target)
    if is_inertia(request) and response.status_code in (301, 302):
        # The admin panel is not an Inertia page: the browser loads it in full.
        return location(response.headers["Location"])
    return response


# --- One-click session links (SPEC §2 route table, §4 "Session link") ---------------------


def _session_link_errors() -> dict[str, str]:
    return {
        "unknown": _("Ten link logowania jest nieprawidłowy."),
        "used": _("Ten link logowania został już wykorzystany."),
        "expired": _("Ten link logowania wygasł."),
        services.PASSWORD_ONLY: _(
            "Konta z dostępem do panelu logują się tylko hasłem. Zaloguj się e-mailem i hasłem."
        ),
    }


def _session_link_failed(request: HttpRequest, message: str) -> HttpResponse:
    """SPEC §8: the server's message, then /login (it shows there as a flash message),
    with the login form open: whoever got the link has an account."""
    messages.error(request, message)
    return HttpResponseRedirect(login_url(form="login"))


@require_http_methods(["GET", "HEAD", "POST"])
def session_link(
    request: HttpRequest, hash: str, path: str, course_id: int | None = None
) -> HttpResponse:
    """Opening the link shows a page that completes the login with a POST, so a mail
    scanner that only fetches the URL does not use the link up."""
    if request.user.is_authenticated:
        return redirect(settings.DEFAULT_RETURN_URL)
    if request.method != "POST":
        page: props.SessionLinkPageProps = {"submit_url": request.path}
        return render_page(request, "Accounts/SessionLink", page)
    if not ratelimit.consume(request, action="session_link"):
        return _session_link_failed(request, str(_too_many_attempts()[FORM_ERROR_KEY]))
    if not selectors.is_learner_page(path=path, course_id=course_id):
        return _session_link_failed(request, _("Ten link prowadzi poza platformę."))
    try:
        user = services.session_link_redeem(token=hash, path=path, course_id=course_id)
    except TokenError as refused:
        return _session_link_failed(request, _session_link_errors()[refused.code])
    suffix = f"/{course_id}" if course_id is not None else ""
    return perform_login(
        request,
        user,
        email_verification=settings.ACCOUNT_EMAIL_VERIFICATION,
        redirect_url=f"{default_return_url()}/{path}{suffix}",
    )


# --- Account deletion (SPEC §2 "Deletion page", §4, §8) ------------------------------------

_DELETION_SENT_KEY = "_platforma_deletion_sent"


def _deletion_errors() -> dict[str, str]:
    return {
        "unknown": _("Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta."),
        "used": _("Ten link usunięcia konta został już wykorzystany."),
        "expired": _("Ten link usunięcia konta wygasł. Poproś o nowy na stronie profilu."),
    }


@require_http_methods(["GET", "POST"])
@login_required
def account_deletion_request(request: AuthenticatedRequest) -> HttpResponse:
    """The learner asks to delete the account; the confirmation link comes by e-mail."""
    if request.method == "POST":
        if not ratelimit.consume(request, action="account_deletion_request"):
            return redirect_with_errors(request, request.path, _too_many_attempts())
        services.account_deletion_request(user=request.user)
        request.session[_DELETION_SENT_KEY] = True
        return HttpResponseRedirect(request.path)
    page: props.DeletionRequestPageProps = {
        "email": request.user.email,
        "sent": bool(request.session.pop(_DELETION_SENT_KEY, False)),
        "submit_url": request.path,
    }
    return render_page(request, "Accounts/DeletionRequest", page)


@require_http_methods(["GET", "POST"])
@login_required
def account_deletion(request: AuthenticatedRequest, hash: str) -> HttpResponse:
    if request.method == "POST":
        rate_limit(request, action=LINK_CHECK)  # The GET's limit: one budget for guessing.
        if not ratelimit.consume(request, action="account_deletion_confirm"):
            return redirect_with_errors(request, request.path, _too_many_attempts())
        try:
            services.account_deletion_confirm(user=request.user, token=hash)
        except TokenError as refused:
            errors = {FORM_ERROR_KEY: _deletion_errors()[refused.code]}
            return redirect_with_errors(request, request.path, errors)
        get_adapter(request).logout(request)
        # Added after the logout: the message travels in its cookie, past the new session.
        messages.success(request, _("Twoje konto zostanie usunięte w ciągu 24 godzin"))
        return redirect(settings.LOGIN_URL)
    refusal = error = _link_check_refusal(request)
    if refusal is None:
        try:
            services.account_deletion_check(user=request.user, token=hash)
        except TokenError as exc:
            error = _deletion_errors()[exc.code]
    return render_page(
        request,
        "Accounts/AccountDeletion",
        props.account_deletion_page_props(user=request.user, error=error, submit_url=request.path),
        status=_link_status(refusal),
    )


def _restore_errors() -> dict[str, str]:
    return {
        "unknown": _("Ten link przywrócenia konta jest nieprawidłowy."),
        "used": _("Ten link przywrócenia konta został już wykorzystany."),
        "expired": _("Ten link przywrócenia konta wygasł."),
    }


@require_http_methods(["GET", "POST"])
def account_restore(request: HttpRequest, hash: str) -> HttpResponse:
    """The undo link of a confirmed deletion: public, since the account cannot log in
    until it is restored; the GET only shows the button, the POST restores."""
    if request.method == "POST":
        rate_limit(request, action=LINK_CHECK)  # The GET's limit: one budget for guessing.
        if not ratelimit.consume(request, action="account_restore"):
            return redirect_with_errors(request, request.path, _too_many_attempts())
        try:
            services.account_restore(token=hash)
        except TokenError as refused:
            errors = {FORM_ERROR_KEY: _restore_errors()[refused.code]}
            return redirect_with_errors(request, request.path, errors)
        messages.success(request, _("Twoje konto zostało przywrócone. Możesz się zalogować."))
        return HttpResponseRedirect("/login?form=login")
    refusal = error = _link_check_refusal(request)
    if refusal is None:
        try:
            services.account_restore_check(token=hash)
        except TokenError as exc:
            error = _restore_errors()[exc.code]
    page: props.AccountRestorePageProps = {"error": error, "submit_url": request.path}
    return render_page(request, "Accounts/AccountRestore", page, status=_link_status(refusal))
