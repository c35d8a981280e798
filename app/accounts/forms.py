"""Login and registration forms, their rules and messages (docs/behaviour.md#validation)."""

from allauth.account import forms as allauth_forms
from allauth.account.adapter import get_adapter
from allauth.mfa.totp.forms import ActivateTOTPForm
from allauth.mfa.webauthn.forms import AddWebAuthnForm
from django import forms
from django.core import validators
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from app.accounts import selectors
from app.accounts.fields import (
    EmailAddressField,
    NewPasswordField,
    first_name_field,
    last_name_field,
)
from app.core import roles
from app.core.errors import ApplicationError
from app.core.images import ImageRefused, image_thumbnail
from app.core.inertia import FORM_ERROR_KEY

# The refusal code of the admin login for an account without an admin role.
NOT_ADMIN = "not_admin"


class LoginForm(allauth_forms.LoginForm):
    """allauth's login (rate limits, signals, session rotation) with the fields
    `login` and `login_password` of the platform's login form."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # allauth's own login and password fields give way to the platform's.
        del self.fields["password"]
        self.fields["login"] = self.login_field()
        self.fields["login_password"] = forms.CharField(
            strip=False, error_messages={"required": _("Hasło jest wymagane")}
        )

    @staticmethod
    def login_field() -> EmailAddressField:
        return EmailAddressField(
            required_message=_("E-mail jest niepoprawny"),
            invalid_message=_("E-mail jest niepoprawny"),
        )

    def clean_login(self) -> str:
        return super().clean_login().lower()

    def clean(self):
        cleaned_data = super().clean()
        # allauth authenticates inactive accounts and turns them away later with a page
        # of its own; Platforma answers on the login form instead.
        if self.user is not None and not self.user.is_active:
            if self.user.deletion_marked_at is not None:
                raise forms.ValidationError(
                    _(
                        "To konto czeka na usunięcie. Aby je zachować, użyj linku"
                        " z e-maila potwierdzającego usunięcie."
                    ),
                    code="deletion_pending",
                )
            raise get_adapter().validation_error("account_inactive")
        return cleaned_data

    def user_credentials(self) -> dict:
        self.cleaned_data["password"] = self.cleaned_data.get("login_password")
        return super().user_credentials()


class RegistrationForm(forms.Form):
    username = EmailAddressField(
        required_message=_("E-mail jest wymagany"),
        invalid_message=_("E-mail jest niepoprawny"),
    )
    first_name = first_name_field()
    last_name = last_name_field()
    password = NewPasswordField()
    # The form shows no checkbox for it: registering means accepting the terms linked
    # under the button, so the page always sends true and a false is refused.
    accept_terms = forms.BooleanField(
        initial=True, error_messages={"required": _("Akceptacja regulaminu jest wymagana")}
    )
    newsletter = forms.BooleanField(required=False, initial=False)

    def clean_username(self) -> str:
        value = self.cleaned_data["username"].lower()
        if selectors.user_email_taken(email=value):
            raise forms.ValidationError(_("Nazwa użytkownika jest już zajęta"), code="taken")
        return value


class UsernameCheckForm(forms.Form):
    """The on-blur availability check: the same e-mail rules as registration."""

    username = RegistrationForm.base_fields["username"]
    clean_username = RegistrationForm.clean_username


class PasswordReminderForm(allauth_forms.ResetPasswordForm):
    """allauth's password reset request (users looked up by address, the reset e-mail,
    no hint whether the address exists) with the reminder's messages
    (docs/behaviour.md#validation)."""

    email = EmailAddressField(
        required_message=_("E-mail jest wymagany"), invalid_message=_("Błędny e-mail")
    )

    def clean_email(self) -> str:
        self.cleaned_data["email"] = self.cleaned_data["email"].lower()
        return super().clean_email()


class NewPasswordForm(forms.Form):
    """The new password set from the e-mailed reset link (docs/behaviour.md#new-password)."""

    password = NewPasswordField()


class AdminLoginForm(LoginForm):
    """The admin login (docs/behaviour.md#admin-login) on allauth's login, which keeps
    its failed-login limits per address; only ADMIN and SUPER_ADMIN accounts get in."""

    @staticmethod
    def login_field() -> EmailAddressField:
        return EmailAddressField(
            required_message=_("E-mail jest wymagany"),
            invalid_message=_("E-mail jest niepoprawny"),
        )

    def __init__(self, *args, **kwargs) -> None:
        data = kwargs.get("data")
        if data is not None:
            # The admin form's field names, mapped onto the platform's login form.
            kwargs["data"] = {
                "login": data.get("username", ""),
                "login_password": data.get("password", ""),
            }
        super().__init__(*args, **kwargs)

    def clean(self):
        cleaned_data = super().clean()
        if self.user is not None and not self.user.has_any_role(roles.ADMIN_ROLES):
            # The right password of an account without the role: not bad input but a
            # refusal of access (403), raised as such out of the form's validation, as
            # the failed-login limits raise their 429 (AccountAdapter.authenticate).
            message = str(_("To konto nie ma dostępu do panelu administratora."))
            raise ApplicationError(
                message, code=NOT_ADMIN, status=403, fields={FORM_ERROR_KEY: message}
            )
        return cleaned_data


# The admin form's own field names for the errors of the login form's fields.
ADMIN_LOGIN_ERROR_KEYS = {"login": "username", "login_password": "password"}


AVATAR_MAX_BYTES = 2 * 1024 * 1024
# The stored avatar: a square JPEG this many pixels a side.
AVATAR_SIZE = 400
# The storage refused the avatar or did not answer in time (accounts.services.avatar_store).
AVATAR_NOT_STORED = _("Nie udało się zapisać zdjęcia. Spróbuj ponownie później.")


def avatar_from_upload(upload: UploadedFile) -> bytes:
    """The avatar to store from an uploaded picture, wherever it is uploaded (the profile,
    the admin panel): a square JPEG of AVATAR_SIZE pixels without metadata, decoded within
    the memory budget of app.core.images; raises ValidationError with the field's message."""
    if upload.size is None or upload.size > AVATAR_MAX_BYTES:
        raise forms.ValidationError(_("Plik jest za duży: awatar może mieć najwyżej 2 MB."))
    upload.seek(0)
    try:
        return image_thumbnail(data=upload.read(AVATAR_MAX_BYTES + 1), size=AVATAR_SIZE)
    except ImageRefused as refused:
        raise forms.ValidationError(image_refusal_message(refused)) from None


def image_refusal_message(refused: ImageRefused) -> str:
    """The message of an image field for a picture app.core.images refused."""
    if refused.code == "too_large":
        return str(
            _(
                "Zdjęcie ma za duże wymiary: najwyżej 16 megapikseli (np. 4000 x 4000 pikseli)."
                " Zmniejsz je i spróbuj ponownie."
            )
        )
    return str(_("Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF."))


# How long the authenticator app's code and a new passkey's name may be: the fields'
# maxlength on the factors page (props.MFA_FACTORS_RULES), and what the posts are held to.
# allauth's forms set no limit: a name as long as a request body would be stored.
TOTP_CODE_MAX_LENGTH = 10
PASSKEY_NAME_MAX_LENGTH = 100


def _limit(field: forms.Field, max_length: int) -> None:
    """An allauth field held to `max_length` by the validator Django's
    CharField(max_length=…) adds."""
    field.validators.append(validators.MaxLengthValidator(max_length))


class TotpActivateForm(ActivateTOTPForm):
    """allauth's form turning the authenticator app on, its code held to its length (a
    longer one is refused before allauth counts it as a guess)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _limit(self.fields["code"], TOTP_CODE_MAX_LENGTH)


class PasskeyAddForm(AddWebAuthnForm):
    """allauth's form adding a passkey, its name held to its length."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _limit(self.fields["name"], PASSKEY_NAME_MAX_LENGTH)
