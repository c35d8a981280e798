"""Forms of the learner area: notes, profile and avatar (server-side rules and messages)."""

from collections.abc import Sequence
from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from app.accounts.fields import first_name_field, last_name_field
from app.accounts.forms import AVATAR_MAX_BYTES as AVATAR_MAX_BYTES
from app.accounts.forms import avatar_from_upload
from app.learning.models.study import NOTE_MAX_LENGTH

AVATAR_TOO_LARGE = _("Plik jest za duży: awatar może mieć najwyżej 2 MB.")


class NoteForm(forms.Form):
    course = forms.TypedChoiceField(
        coerce=int,
        error_messages={
            "required": _("Wybierz kurs, którego dotyczy notatka."),
            "invalid_choice": _("Wybierz kurs, którego dotyczy notatka."),
        },
    )
    text = forms.CharField(
        max_length=NOTE_MAX_LENGTH,
        error_messages={
            "required": _("Wpisz treść notatki."),
            "max_length": _("Notatka może mieć najwyżej 5000 znaków."),
        },
    )

    def __init__(self, *args, course_choices: Sequence[tuple[int, str]] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["course"]).choices = course_choices


class NoteTextForm(forms.Form):
    text = NoteForm.base_fields["text"]


class ProfileForm(forms.Form):
    first_name = first_name_field()
    last_name = last_name_field()
    is_profile_public = forms.BooleanField(required=False)


class AvatarForm(forms.Form):
    """An uploaded picture, checked by its content (not its name or declared type) and
    re-encoded to the stored avatar within a fixed memory budget (app.core.images)."""

    avatar = forms.FileField(
        error_messages={
            "required": _("Wybierz plik z awatarem."),
            "invalid": _("Wybierz plik z awatarem."),
            "empty": _("Wybrany plik jest pusty."),
        }
    )

    def clean_avatar(self) -> bytes:
        return avatar_from_upload(self.cleaned_data["avatar"])
