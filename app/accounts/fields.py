"""Form fields of account data that forms of other apps use too (docs/behaviour.md#validation)."""

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from app.accounts import validators

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class NameField(forms.CharField):
    """A first or last name: Latin letters (Polish diacritics included), spaces and
    hyphens, at least one letter; runs of spaces become one."""

    def __init__(
        self, *, required_message: "StrOrPromise", letters_message: "StrOrPromise"
    ) -> None:
        self.letters_message = letters_message
        super().__init__(
            max_length=validators.NAME_MAX_LENGTH,
            error_messages={
                "required": required_message,
                "max_length": letters_message,
            },
        )

    def clean(self, value):
        value = " ".join(str(value or "").split())
        value = super().clean(value)
        if not validators.is_valid_name(value):
            raise forms.ValidationError(self.letters_message, code="invalid")
        return value


def first_name_field() -> NameField:
    """The first name with its messages (docs/behaviour.md#validation)."""
    return NameField(
        required_message=_("Imię jest wymagane"),
        letters_message=_("Imię może zawierać tylko litery"),
    )


def last_name_field() -> NameField:
    """The last name with its messages (docs/behaviour.md#validation)."""
    return NameField(
        required_message=_("Nazwisko jest wymagane"),
        letters_message=_("Nazwisko może zawierać tylko litery"),
    )
