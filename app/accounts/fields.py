"""Form fields of account data, each with its rules and messages written once
(docs/behaviour.md#validation): the server forms check with them, and the pages get them
as props (app.core.props.form_rules) to check while the visitor types."""

from typing import TYPE_CHECKING

from django import forms
from django.contrib.auth import password_validation
from django.core.validators import MinLengthValidator, RegexValidator
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from app.accounts import validators

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class PatternField(forms.CharField):
    """Text that matches the class's `pattern` (written so that Python and a browser read
    it alike) within `limit` characters; a too long value gets the pattern's message too."""

    pattern: str
    limit: int

    def __init__(
        self, *, required_message: "StrOrPromise", invalid_message: "StrOrPromise"
    ) -> None:
        super().__init__(
            max_length=self.limit,
            validators=[RegexValidator(self.pattern, message=invalid_message)],
            error_messages={"required": required_message, "max_length": invalid_message},
        )


class EmailAddressField(PatternField):
    """An e-mail address by the strict pattern (docs/behaviour.md#validation)."""

    pattern = validators.EMAIL_PATTERN
    limit = validators.EMAIL_MAX_LENGTH


class NameField(PatternField):
    """A first or last name: Latin letters (Polish diacritics included), spaces and
    hyphens, at least one letter; runs of spaces become one."""

    pattern = validators.NAME_PATTERN
    limit = validators.NAME_MAX_LENGTH

    def clean(self, value):
        return super().clean(" ".join(str(value or "").split()))


class NewPasswordField(forms.CharField):
    """A password being chosen (registration, the reset link). The platform's password
    validators (settings.AUTH_PASSWORD_VALIDATORS) decide; their shortest length is also a
    validator of the field, so the page checks it with the same message."""

    def __init__(self) -> None:
        shortest = validators.MinimumLengthValidator()
        super().__init__(
            strip=False,
            max_length=validators.PASSWORD_MAX_LENGTH,
            validators=[
                MinLengthValidator(
                    shortest.min_length, message=lazy(shortest.get_error_message, str)()
                )
            ],
            error_messages={
                "required": _("Hasło jest wymagane"),
                "max_length": _("Hasło jest za długie"),
            },
        )

    def clean(self, value):
        value = super().clean(value)
        password_validation.validate_password(value)
        return value


def first_name_field() -> NameField:
    """The first name with its messages (docs/behaviour.md#validation)."""
    return NameField(
        required_message=_("Imię jest wymagane"),
        invalid_message=_("Imię może zawierać tylko litery"),
    )


def last_name_field() -> NameField:
    """The last name with its messages (docs/behaviour.md#validation)."""
    return NameField(
        required_message=_("Nazwisko jest wymagane"),
        invalid_message=_("Nazwisko może zawierać tylko litery"),
    )
