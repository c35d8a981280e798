"""Writes of accounts."""

import secrets
import uuid
from datetime import datetime, timedelta

from allauth.account.forms import UserTokenForm
from allauth.account.internal.flows import password_reset as allauth_password_reset
from allauth.account.internal.flows.email_verification import send_verification_email_to_address
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from allauth.account.signals import user_signed_up
from allauth.account.utils import setup_user_email
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.contrib.auth import update_session_auth_hash
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.files.storage import Storage
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from app.accounts import selectors
from app.accounts.cache import account_cache_bump
from app.accounts.forms import (
    AVATAR_NOT_STORED,
    NOT_ADMIN,
    LoginForm,
    PasswordReminderForm,
    RegistrationForm,
    UsernameCheckForm,
)
from app.accounts.models import (
    AccountDeletionLink,
    AppToken,
    Role,
    Session,
    SessionLink,
    User,
)
from app.accounts.ratelimits import LINK_CHECK
from app.accounts.signals import account_anonymised, newsletter_changed
from app.core import roles
from app.core.data_export import data_export_content
from app.core.errors import ApplicationError, rate_limit, valid_data
from app.core.inertia import form_errors
from app.core.models import DataExport, EmailOutbox
from app.core.storage import StorageUnavailable, file_delete, file_delete_on_commit, file_save
from app.core.tasks import send_email, task_enqueue_on_commit
from app.core.tokens import UNKNOWN, USED, new_token, token_digest

# The refusal code of a session link whose account has a role: it logs in with a password.
PASSWORD_ONLY = "password_only"

# Where purged accounts' addresses point: `.invalid` can never be delivered (RFC 2606).
ANONYMOUS_EMAIL_DOMAIN = "usuniete.invalid"


def user_register(
    *,
    request: HttpRequest,
    email: str,
    first_name: str,
    last_name: str,
    password: str,
    newsletter: bool,
) -> User:
    """Create a learner account with a verified-later e-mail record; raises
    ApplicationError ("email_taken", on the username field) when the address was
    registered by someone else a moment ago."""
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email,
                password,
                first_name=first_name,
                last_name=last_name,
                newsletter=newsletter,
                newsletter_consented_at=timezone.now() if newsletter else None,
                terms_accepted_at=timezone.now(),
                language=get_language(),
            )
            setup_user_email(request, user, [])
    except IntegrityError as exc:
        message = _("Nazwa użytkownika jest już zajęta")
        raise ApplicationError(message, code="email_taken", fields={"username": message}) from exc
    if newsletter:
        newsletter_changed.send(sender=User, user=user, subscribed=True)
    return user


def newsletter_set(*, user: User, subscribed: bool) -> None:
    """Give or withdraw the newsletter consent; the time it was given is kept while it is
    in force. Saying again what is already in force changes nothing."""
    if user.newsletter == subscribed:
        return
    user.newsletter = subscribed
    user.newsletter_consented_at = timezone.now() if subscribed else None
    user.save(update_fields=["newsletter", "newsletter_consented_at"])
    newsletter_changed.send(sender=User, user=user, subscribed=subscribed)


def email_mark_verified(*, user: User) -> None:
    """Record that `user` receives mail at its address (a secret e-mailed there came back
    to this account): allauth's address record, verified; raises nothing."""
    address = EmailAddress.objects.filter(user=user, email__iexact=user.email).first()
    if address is None:
        EmailAddress.objects.create(
            user=user,
            email=user.email,
            primary=not EmailAddress.objects.filter(user=user).exists(),
            verified=True,
        )
    elif not address.verified:
        address.verified = True
        address.save(update_fields=["verified"])


def user_grant_roles(*, user: User, codes: list[str] | tuple[str, ...]) -> None:
    """Give `user` the roles `codes` (docs/behaviour.md#roles; unknown codes raise ValueError)."""
    valid = [roles.Role(code) for code in codes]
    # Rows exist from the migration, but tests that empty the database remove them.
    rows = Role.objects.bulk_create([Role(code=code) for code in valid], ignore_conflicts=True)
    user.roles.add(*rows)
    user.__dict__.pop("role_codes", None)


def user_end_sessions(*, user: User, keep_session_key: str | None = None) -> int:
    """End every session of `user` except `keep_session_key` (the browser's, kept beside
    their account in the session table, and the mobile app's); returns how many browser
    sessions ended."""
    ended, _ = (
        Session.objects.filter(account_id=user.pk)
        .exclude(session_key=keep_session_key or "")
        .delete()
    )
    # allauth's registry of the same sessions (shown to the owner and in the admin).
    UserSession.objects.filter(user=user).exclude(session_key=keep_session_key or "").delete()
    # The mobile app's sessions end with the browser's, whatever ends them.
    app_tokens_revoke(user=user)
    return ended


# --- Entry forms (the web pages and the app's API alike) ----------------------------------


def login_form_valid(
    *,
    request: HttpRequest,
    data: dict,
    form_class: type[LoginForm] = LoginForm,
    action: str = "login",
    error_keys: dict[str, str] | None = None,
) -> LoginForm:
    """The valid login form of `data` (allauth's checks: failed-login limits, the password,
    an inactive or deleted account), counted against ACCOUNT_RATE_LIMITS[action] first;
    raises ApplicationError (429, or the form's refusal, each field's message under
    `error_keys[field]`)."""
    rate_limit(request, action=action)
    form = form_class(data=data, request=request)
    try:
        valid_data(form, error_keys=error_keys)
    except ApplicationError as refused:
        if form.has_error(NON_FIELD_ERRORS, code=NOT_ADMIN):
            # The right password of an account without the role: a 403, not bad input.
            refused.code, refused.status = NOT_ADMIN, 403
        raise
    return form


def user_register_from_data(
    *, request: HttpRequest, data: dict, error_keys: dict[str, str] | None = None
) -> User:
    """Register the learner of the registration form's `data` (ACCOUNT_RATE_LIMITS
    "signup" counted first); raises ApplicationError (429, or the form's refusal)."""
    rate_limit(request, action="signup")
    cleaned = valid_data(RegistrationForm(data), error_keys=error_keys)
    return user_register(
        request=request,
        email=cleaned["username"],
        first_name=cleaned["first_name"],
        last_name=cleaned["last_name"],
        password=cleaned["password"],
        newsletter=cleaned["newsletter"],
    )


def username_refusal(*, request: HttpRequest, data: dict) -> str | None:
    """Why the registration e-mail of `data` cannot be used (the registration form's
    message: required, invalid or taken), or None when it is available; checked when the
    field loses focus, limited by ACCOUNT_RATE_LIMITS "username_check" (raises
    ApplicationError 429 once used up)."""
    rate_limit(request, action="username_check")
    form = UsernameCheckForm(data)
    if form.is_valid():
        return None
    return form_errors(form)["username"]


def password_reminder_send(
    *, request: HttpRequest, data: dict, error_keys: dict[str, str] | None = None
) -> None:
    """E-mail a password reset link to the address of `data` when an account has it; the
    same outcome either way. Limited per IP and per address (ACCOUNT_RATE_LIMITS
    "reset_password"); raises ApplicationError (the form's refusal, or 429)."""
    form = PasswordReminderForm(data)
    valid_data(form, error_keys=error_keys)
    rate_limit(request, action="reset_password", key=form.cleaned_data["email"])
    form.save(request)


# --- Sessions of the mobile app ------------------------------------------------------------

# The header the mobile app sends its session's token in (docs/behaviour.md#api-tokens).
APP_TOKEN_HEADER = "X-Platforma-Token"


def app_token_issue(*, user: User, device: str = "") -> tuple[AppToken, str]:
    """Open a session of the mobile app for `user`; returns it with its secret, which is
    given out once and stored only as a digest."""
    token, digest = new_token()
    app_token = AppToken.objects.create(
        user=user, digest=digest, device=device[: AppToken._meta.get_field("device").max_length]
    )
    return app_token, token


def app_token_authenticate(*, token: str) -> User | None:
    """The active account whose app session `token` is, or None (unknown, ended, idle
    longer than API_TOKEN_IDLE_DAYS, or an inactive account); an idle session found is
    ended, a live one is marked used."""
    if not token or len(token) > 200:
        return None
    found = AppToken.objects.select_related("user").filter(digest=token_digest(token)).first()
    if found is None:
        return None
    now = timezone.now()
    if found.last_used_at <= now - timedelta(days=settings.API_TOKEN_IDLE_DAYS):
        found.delete()
        return None
    if not found.user.is_active:
        return None
    if found.last_used_at <= now - timedelta(seconds=settings.API_TOKEN_TOUCH_SECONDS):
        AppToken.objects.filter(pk=found.pk).update(last_used_at=now)
    found.user.current_app_token_id = found.pk  # type: ignore[attr-defined]
    return found.user


def app_token_revoke(*, token: str) -> None:
    """End the app session `token` (the app logging out); raises nothing."""
    AppToken.objects.filter(digest=token_digest(token)).delete()


def app_token_end(*, user: User, token_id: int) -> None:
    """End one app session of `user`, chosen on the profile page; raises ApplicationError
    (404) for a session that is not theirs or is over already."""
    deleted, _counts = AppToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise ApplicationError(
            _("Ta sesja aplikacji jest już zakończona."), code="not_found", status=404
        )


def app_tokens_revoke(*, user: User) -> int:
    """End every app session of `user`; returns how many."""
    deleted, _counts = AppToken.objects.filter(user=user).delete()
    return deleted


def _absolute(path: str) -> str:
    # E-mailed links use the configured public address, never the request's Host header.
    return f"{settings.SITE_URL}{path}"


# --- E-mail verification ------------------------------------------------------------------


def _link_email_send(*, user: User, template: str, url: str, lifetime: timedelta, key: str) -> None:
    """E-mail `user` a one-time link `url`, saying how many hours it works."""
    send_email(
        template=template,
        to=user.email,
        language=user.language,
        context={
            "first_name": user.shown_first_name,
            "url": url,
            "hours": int(lifetime.total_seconds() // 3600),
        },
        key=key,
    )


def email_confirmation_link(*, key: str) -> str:
    """The e-mailed address that verifies an account's address with allauth's `key`."""
    return _absolute(reverse("accounts:email_confirm", kwargs={"key": key}))


def email_confirm(*, request: HttpRequest, key: str) -> User:
    """Verify the address the registration e-mail's link `key` was sent to (allauth's
    signed key, valid ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS) and return its account;
    raises ApplicationError ("unknown") when the key is malformed or expired, the address
    is verified already or is no longer the account's."""
    refused = ApplicationError(
        _(
            "Ten link potwierdzenia adresu e-mail jest nieprawidłowy, wygasł albo adres"
            " jest już potwierdzony."
        ),
        code=UNKNOWN,
    )
    confirmation = EmailConfirmationHMAC.from_key(key)
    if confirmation is None:
        raise refused
    address = confirmation.email_address
    if address.email.lower() != address.user.email.lower():
        raise refused
    if confirmation.confirm(request) is None:
        raise refused
    return address.user


# --- Password reminders ------------------------------------------------------------------


def password_reset_link(*, key: str) -> str:
    """The e-mailed address of the page that sets a new password with allauth's `key`."""
    return _absolute(reverse("accounts:password_reset", kwargs={"key": key}))


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


def password_reset(*, request: HttpRequest, key: str, password: str) -> User:
    """Set a new password from the e-mailed link (allauth's flow: it also e-mails the
    "password changed" notice), then end the user's other sessions; raises
    ApplicationError ("invalid_link", see password_reset_check)."""
    # Read before the password changes: afterwards the session no longer matches it.
    current = request.user if request.user.is_authenticated else None
    with transaction.atomic():
        user = password_reset_check(key=key)
        allauth_password_reset.reset_password(user, password)
        keep = None
        if current is not None and current.pk == user.pk:
            # The person resetting is logged in here: this session survives, the rest end.
            update_session_auth_hash(request, user)
            keep = request.session.session_key
        user_end_sessions(user=user, keep_session_key=keep)
        if keep is not None:
            # The session got a new key with the new hash: the registry learns it.
            UserSession.objects.create_from_request(request)
        allauth_password_reset.finalize_password_reset(request, user)
    return user


# --- One-click session links --------------------------------------------------------------


def session_link_allowed(*, user: User) -> bool:
    """Whether a one-click link may log `user` in: an active learner without any role. A
    link lives in a mailbox for days; an account that opens a panel (docs/behaviour.md#roles) logs
    in with its password only."""
    return user.is_active and not user.has_any_role(roles.ALL_ROLES)


def _outside_platform() -> ApplicationError:
    return ApplicationError(_("Ten link prowadzi poza platformę."), code="outside_platform")


def session_link_issue(
    *,
    user: User,
    path: str,
    course_id: int | None = None,
    issued_by: User | None = None,
) -> tuple[SessionLink, str]:
    """Store a new one-click login link of `user` to /platforma/<path>[/<course_id>] and
    return it with its absolute URL (shown or sent once); raises ApplicationError:
    "outside_platform" for a page outside the learner area, "session_link_refused" for
    an account that may not get one (see session_link_allowed)."""
    if not selectors.learner_page_exists(path=path, course_id=course_id):
        raise _outside_platform()
    if not session_link_allowed(user=user):
        raise ApplicationError(
            _(
                "Link logowania można wysłać tylko do aktywnego konta bez żadnej roli: konta z"
                " dostępem do panelu logują się hasłem."
            ),
            code="session_link_refused",
        )
    link, token = SessionLink.issue(
        lifetime=settings.SESSION_LINK_LIFETIME,
        user=user,
        path=path,
        course_id=course_id,
        issued_by=issued_by,
    )
    return link, _absolute(SessionLink.address(token=token, path=path, course_id=course_id))


def session_link_send(
    *,
    user: User,
    path: str,
    course_id: int | None = None,
    issued_by: User | None = None,
) -> SessionLink:
    """Issue a session link (see session_link_issue) and e-mail it to `user` after the
    commit; raises ApplicationError ("outside_platform", "session_link_refused")."""
    link, url = session_link_issue(user=user, path=path, course_id=course_id, issued_by=issued_by)
    _link_email_send(
        user=user,
        template="session_link",
        url=url,
        lifetime=settings.SESSION_LINK_LIFETIME,
        key=f"session-link:{link.pk}",
    )
    return link


def session_link_redeem(
    *, request: HttpRequest, token: str, path: str | None = None, course_id: int | None = None
) -> SessionLink:
    """Use up the session link `token` and return it (its user logs in). Opened at
    /platforma/<path>[/<course_id>], the page must be one of the learner area and the one
    the link was issued for; the mobile app exchanges the link alone (`path` None). The
    account must still be allowed one (see session_link_allowed). Counted first against
    ACCOUNT_RATE_LIMITS "session_link"; raises ApplicationError (429, "outside_platform",
    the link's refusal: unknown, used or expired, or "password_only" for an account that
    has a role now)."""
    rate_limit(request, action="session_link")
    if path is None:
        link = SessionLink.redeem(token)
    else:
        if not selectors.learner_page_exists(path=path, course_id=course_id):
            raise _outside_platform()
        link = SessionLink.redeem(token, path=path, course_id=course_id)
    if not link.user.is_active:
        raise SessionLink.refusal(UNKNOWN)
    if not session_link_allowed(user=link.user):
        raise ApplicationError(
            _("Konta z dostępem do panelu logują się tylko hasłem. Zaloguj się e-mailem i hasłem."),
            code=PASSWORD_ONLY,
        )
    return link


# --- Account deletion ---------------------------------------------------------------------


def account_deletion_request(*, user: User) -> AccountDeletionLink:
    """E-mail `user` a link (single use, ACCOUNT_DELETION_LINK_LIFETIME) that confirms the
    deletion of the account; raises nothing."""
    link, token = AccountDeletionLink.issue(
        lifetime=settings.ACCOUNT_DELETION_LINK_LIFETIME,
        user=user,
        kind=AccountDeletionLink.Kind.CONFIRM,
    )
    _link_email_send(
        user=user,
        template="account_deletion_request",
        url=_absolute(reverse("accounts:account_deletion", kwargs={"hash": token})),
        lifetime=settings.ACCOUNT_DELETION_LINK_LIFETIME,
        key=f"account-deletion-request:{link.pk}",
    )
    return link


def account_deletion_check(*, user: User, token: str) -> AccountDeletionLink:
    """The usable confirmation link `token` of `user`, not used up; raises ApplicationError
    (unknown, used or expired; someone else's link reads as unknown)."""
    return AccountDeletionLink.find(token, user=user, kind=AccountDeletionLink.Kind.CONFIRM)


def account_deletion_confirm_limited(*, request: HttpRequest, user: User, token: str) -> datetime:
    """Confirm the deletion with the link `token` (see account_deletion_confirm), counted
    first against the limit of every page of an e-mailed link ("link_check": opening and
    posting a link draw on one budget for guessing) and of confirmations; the page and
    the app's API alike. Raises ApplicationError (429, unknown, used or expired)."""
    rate_limit(request, action=LINK_CHECK)
    rate_limit(request, action="account_deletion_confirm")
    return account_deletion_confirm(user=user, token=token)


def account_deletion_confirm(*, user: User, token: str) -> datetime:
    """Use up the confirmation link `token` of `user` and mark the account for deletion:
    it is locked at once, every session ends, and an e-mail offers the undo link, valid
    until the purge. Returns when the purge is due; raises ApplicationError (unknown, used
    or expired)."""
    with transaction.atomic():
        AccountDeletionLink.redeem(token, user=user, kind=AccountDeletionLink.Kind.CONFIRM)
        now = timezone.now()
        User.objects.filter(pk=user.pk).update(deletion_marked_at=now, is_active=False)
        # The update sends no signal: the cached account must go by hand.
        account_cache_bump(user_id=user.pk)
        user.deletion_marked_at, user.is_active = now, False
        purge_at = now + settings.ACCOUNT_DELETION_GRACE
        restore, restore_token = AccountDeletionLink.issue(
            lifetime=settings.ACCOUNT_DELETION_GRACE,
            user=user,
            kind=AccountDeletionLink.Kind.RESTORE,
        )
        user_end_sessions(user=user)
        send_email(
            template="account_deletion_scheduled",
            to=user.email,
            language=user.language,
            context={
                "first_name": user.shown_first_name,
                "undo_url": _absolute(
                    reverse("accounts:account_restore", kwargs={"hash": restore_token})
                ),
                "purge_at": timezone.localtime(purge_at).strftime("%Y-%m-%d %H:%M"),
            },
            key=f"account-deletion-scheduled:{restore.pk}",
        )
    return purge_at


def account_restore_check(*, token: str) -> User:
    """The account the undo link `token` would restore, without using the link up;
    raises ApplicationError (unknown, used or expired)."""
    kind = AccountDeletionLink.Kind.RESTORE
    link = AccountDeletionLink.find(token, kind=kind)
    if link.user.deletion_marked_at is None or link.user.anonymised_at is not None:
        raise AccountDeletionLink.refusal(USED, kind=kind)
    return link.user


def account_restore(*, token: str) -> User:
    """Undo a confirmed deletion with the e-mailed link `token` until the purge: the account
    can log in again; raises ApplicationError (unknown, used or expired; also once the
    data is purged)."""
    kind = AccountDeletionLink.Kind.RESTORE
    with transaction.atomic():
        link = AccountDeletionLink.find(token, kind=kind)
        # The user row first, then the link: the purge locks in the same order, so the
        # two wait for each other instead of deadlocking. Whichever comes second sees
        # the other's outcome (a purged account's links are gone: "unknown").
        user = User.objects.select_for_update().get(pk=link.user_id)
        AccountDeletionLink.redeem(token, kind=kind, user=user)
        if user.deletion_marked_at is None or user.anonymised_at is not None:
            raise AccountDeletionLink.refusal(USED, kind=kind)
        user.deletion_marked_at = None
        user.is_active = True
        user.save(update_fields=["deletion_marked_at", "is_active"])
    return user


# --- Avatars ---------------------------------------------------------------------------------


def _avatar_storage() -> Storage:
    return User._meta.get_field("avatar").storage


def avatar_store(*, user: User, image: bytes) -> str:
    """Keep the re-encoded avatar `image` under a new random name and return the name.
    Nothing of the account is in it, so no avatar's address can be guessed or enumerated
    (the storage serves it publicly, ARCHITECTURE.md). Raises ApplicationError (503, under
    the avatar field) when the storage refuses it or does not answer in time; nothing of
    it remains then."""
    field = User._meta.get_field("avatar")
    name = field.generate_filename(user, f"{secrets.token_hex(16)}.jpg")
    try:
        return file_save(storage=field.storage, name=name, content=image)
    except StorageUnavailable as error:
        message = str(AVATAR_NOT_STORED)
        raise ApplicationError(
            message, code="storage_unavailable", status=503, fields={"avatar": message}
        ) from error


def avatar_delete(*, name: str, after_commit: bool = True) -> None:
    """Delete the avatar file `name` once the current transaction commits (or at once,
    for a file no committed row points at); a storage that fails then costs a line in the
    log, never the change."""
    if after_commit:
        file_delete_on_commit(storage=_avatar_storage(), name=name)
    else:
        file_delete(storage=_avatar_storage(), name=name)


def account_purge(*, user_id: int, now: datetime | None = None) -> bool:
    """Anonymise one account whose deletion is due (marked longer than
    ACCOUNT_DELETION_GRACE ago); returns False and changes nothing for any other account."""
    cutoff = (now or timezone.now()) - settings.ACCOUNT_DELETION_GRACE
    with transaction.atomic():
        user = (
            User.objects.select_for_update(skip_locked=True)
            .filter(
                pk=user_id,
                deletion_marked_at__isnull=False,
                deletion_marked_at__lte=cutoff,
                anonymised_at__isnull=True,
            )
            .first()
        )
        if user is None:
            return False
        _anonymise(user)
    return True


def account_erase(*, user: User) -> bool:
    """Anonymise an account now (an admin deleting it): the same result as the purge, so
    others' records stay whole; returns False when it was anonymised already."""
    with transaction.atomic():
        locked = User.objects.select_for_update().filter(pk=user.pk, anonymised_at__isnull=True)
        target = locked.first()
        if target is None:
            return False
        if target.deletion_marked_at is None:
            target.deletion_marked_at = timezone.now()
        _anonymise(target)
    return True


def _anonymise(user: User) -> None:
    """Remove the personal data of `user` (locked by the caller, inside its transaction).

    The row stays, because others' records (vouchers, teams, certificates, e-mail log)
    point at it: it keeps its id, date_joined and language, and nothing that names the
    person. The address becomes a unique undeliverable placeholder; names, avatar,
    password, roles, flags, consents, e-mail records, sessions and links are removed; the
    public customer_id is replaced so analytics can no longer tie data to the person.
    Other apps scrub their own records on `account_anonymised` (notes, favourites,
    certificate names, notifications, invitations, team management).
    """
    old_email = user.email
    placeholder = f"{uuid.uuid4().hex}@{ANONYMOUS_EMAIL_DOMAIN}"
    user_end_sessions(user=user)
    EmailAddress.objects.filter(user=user).delete()
    SessionLink.objects.filter(user=user).delete()
    AccountDeletionLink.objects.filter(user=user).delete()
    DataExport.objects.filter(user=user).delete()
    # An anonymised account is e-mailed nothing more; what was sent keeps no trace of it.
    EmailOutbox.objects.filter(to=old_email, sent_at__isnull=True).delete()
    EmailOutbox.objects.filter(to=old_email).update(to=placeholder, context={})
    user.roles.clear()
    user.groups.clear()
    user.user_permissions.clear()
    avatar = user.avatar.name
    user.email = placeholder
    user.first_name = ""
    user.last_name = ""
    user.avatar = ""
    user.set_unusable_password()
    user.customer_id = uuid.uuid4()
    user.is_active = False
    user.is_superuser = False
    user.is_shop_user = False
    user.is_student = False
    user.supervision = False
    user.is_profile_public = False
    user.newsletter = False
    user.newsletter_consented_at = None
    user.terms_accepted_at = None
    user.last_login = None
    user.anonymised_at = timezone.now()
    user.save()
    account_anonymised.send(
        sender=User, user=user, old_email=old_email, placeholder_email=placeholder
    )
    if avatar:
        # The file goes only once the anonymised row is committed: a crash before
        # that leaves both the file and the data for the next run.
        avatar_delete(name=avatar)


def accounts_purge_due(*, now: datetime | None = None, batch_size: int = 200) -> int:
    """Purge every account whose deletion is due (see account_purge); returns how many.
    Each account is its own transaction, so a run that stops half way leaves the rest
    for the next one, and a second run finds nothing left to do."""
    now = now or timezone.now()
    purged = 0
    while True:
        due = list(selectors.accounts_due_for_purge(now=now)[:batch_size])
        done = [user_id for user_id in due if account_purge(user_id=user_id, now=now)]
        purged += len(done)
        if len(due) < batch_size or not done:
            return purged


def user_signup_complete_for_app(*, request: HttpRequest, user: User) -> None:
    """What the web's registration does after creating the account, less the browser's
    login: allauth's signal and the verification e-mail (the app gets a token instead)."""
    user_signed_up.send(sender=User, request=request, user=user)
    address = EmailAddress.objects.filter(user=user, email__iexact=user.email).first()
    if address is not None and not address.verified:
        send_verification_email_to_address(request, address, signup=True)


# --- Data export (GDPR Art. 15 and 20) -------------------------------------------------------

# The task that builds an export (app.accounts.tasks), enqueued by name: the tasks module
# imports this one.
DATA_EXPORT_TASK = "accounts.build_data_export"


def data_export_request(*, user: User) -> str:
    """Queue the export of the user's data (data_export_build, in the background) once the
    current transaction commits; returns the request's key."""
    request_key = uuid.uuid4().hex
    task_enqueue_on_commit(DATA_EXPORT_TASK, user_id=user.pk, request_key=request_key)
    return request_key


def data_export_build(*, user_id: int, request_key: str) -> DataExport | None:
    """Build the export `request_key` of the user `user_id` (app.core.data_export) and
    e-mail its one-time link (DATA_EXPORT_LINK_LIFETIME). Idempotent: a second run for the
    same request finds it built and does nothing; None when the account is gone or locked."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id, is_active=True).first()
        if user is None or DataExport.objects.filter(request_key=request_key).exists():
            return None
        export, token = DataExport.issue(
            lifetime=settings.DATA_EXPORT_LINK_LIFETIME,
            user=user,
            request_key=request_key,
            content=data_export_content(user=user),
        )
        _link_email_send(
            user=user,
            template="data_export_ready",
            url=_absolute(reverse("accounts:data_export", kwargs={"hash": token})),
            lifetime=settings.DATA_EXPORT_LINK_LIFETIME,
            key=f"data-export:{request_key}",
        )
    return export


def data_export_check(*, user: User, token: str) -> DataExport:
    """The usable export link `token` of `user`; raises ApplicationError (unknown, used or
    expired; someone else's link reads as unknown)."""
    return DataExport.find(token, user=user)


def data_export_download(*, user: User, token: str) -> dict:
    """Use up the export link `token` of `user` and hand over its data, which is deleted
    from the platform's copy at once; raises ApplicationError (unknown, used or expired)."""
    with transaction.atomic():
        export = DataExport.redeem(token, user=user)
        content = export.content or {}
        export.content = None
        export.save(update_fields=["content"])
    return content
