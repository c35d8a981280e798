"""An account's own records: registration, its e-mail address and its verification, its
roles and its newsletter consent."""

from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from app.accounts.forms import RegistrationForm, UsernameCheckForm
from app.accounts.models import Role, User
from app.accounts.services.mail import absolute_url
from app.accounts.signals import newsletter_changed
from app.core import roles
from app.core.errors import ApplicationError, valid_data
from app.core.inertia import form_errors
from app.core.ratelimits import Client, limit_count
from app.core.tokens import UNKNOWN


def user_register(
    *, email: str, first_name: str, last_name: str, password: str, newsletter: bool
) -> User:
    """Create a learner account, in the current language, with its address on record
    (primary, not verified yet); raises ApplicationError ("email_taken", on the username
    field) when the address was registered by someone else a moment ago."""
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
            # allauth's record of the address, as its signup makes it.
            EmailAddress.objects.create(user=user, email=user.email, primary=True)
    except IntegrityError as exc:
        message = _("Nazwa użytkownika jest już zajęta")
        raise ApplicationError(message, code="email_taken", fields={"username": message}) from exc
    if newsletter:
        newsletter_changed.send(sender=User, user=user, subscribed=True)
    return user


def user_register_from_data(
    *, data: dict, client: Client, error_keys: dict[str, str] | None = None
) -> User:
    """Register the learner of the registration form's `data`, counted first against
    RATE_LIMITS "signup" for `client`; raises ApplicationError (429, or the form's
    refusal)."""
    limit_count(action="signup", client=client)
    cleaned = valid_data(RegistrationForm(data), error_keys=error_keys)
    return user_register(
        email=cleaned["username"],
        first_name=cleaned["first_name"],
        last_name=cleaned["last_name"],
        password=cleaned["password"],
        newsletter=cleaned["newsletter"],
    )


def username_refusal(*, data: dict) -> str | None:
    """Why the registration e-mail of `data` cannot be used (the registration form's
    message: required, invalid or taken), or None when it is available."""
    form = UsernameCheckForm(data)
    if form.is_valid():
        return None
    return form_errors(form)["username"]


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
    """Give `user` the roles `codes` (docs/behaviour.md#roles; unknown codes raise
    ValueError)."""
    valid = [roles.Role(code) for code in codes]
    # Rows exist from the migration, but tests that empty the database remove them.
    rows = Role.objects.bulk_create([Role(code=code) for code in valid], ignore_conflicts=True)
    user.roles.add(*rows)
    user.__dict__.pop("role_codes", None)


def email_confirmation_link(*, key: str) -> str:
    """The e-mailed address that verifies an account's address with allauth's `key`."""
    return absolute_url(reverse("accounts:email_confirm", kwargs={"key": key}))


def email_confirm(*, key: str) -> User:
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
    if address.verified or address.email.lower() != address.user.email.lower():
        raise refused
    email_mark_verified(user=address.user)
    return address.user
