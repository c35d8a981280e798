"""Forms of the learner area: notes, profile and avatar (server-side rules and messages)."""

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _
from PIL import Image, UnidentifiedImageError

from app.accounts.fields import NameField
from app.learning.models.study import NOTE_MAX_LENGTH

AVATAR_MAX_BYTES = 2 * 1024 * 1024
AVATAR_MAX_SIDE = 6000
AVATAR_FORMATS = {"JPEG", "PNG", "WEBP", "GIF"}
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

    def __init__(self, *args, course_choices: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["course"]).choices = course_choices


class NoteTextForm(forms.Form):
    text = NoteForm.base_fields["text"]


class ProfileForm(forms.Form):
    first_name = NameField(
        required_message=_("Imię jest wymagane"),
        letters_message=_("Imię może zawierać tylko litery"),
    )
    last_name = NameField(
        required_message=_("Nazwisko jest wymagane"),
        letters_message=_("Nazwisko może zawierać tylko litery"),
    )
    is_profile_public = forms.BooleanField(required=False)


class AvatarForm(forms.Form):
    """An uploaded picture, checked by its content (not its name or declared type)."""

    avatar = forms.FileField(
        error_messages={
            "required": _("Wybierz plik z awatarem."),
            "invalid": _("Wybierz plik z awatarem."),
            "empty": _("Wybrany plik jest pusty."),
        }
    )

    def clean_avatar(self) -> Image.Image:
        upload = self.cleaned_data["avatar"]
        if upload.size > AVATAR_MAX_BYTES:
            raise forms.ValidationError(AVATAR_TOO_LARGE)
        not_an_image = forms.ValidationError(
            _("Wybierz zdjęcie w formacie JPG, PNG, WebP lub GIF.")
        )
        try:
            with Image.open(upload) as probe:
                probe.verify()
            upload.seek(0)
            image = Image.open(upload)
            if image.format not in AVATAR_FORMATS:
                raise not_an_image
            if max(image.size) > AVATAR_MAX_SIDE:
                raise forms.ValidationError(
                    _("Zdjęcie jest za duże: najwyżej 6000 x 6000 pikseli.")
                )
            image.load()
        except forms.ValidationError:
            raise
        except (
            UnidentifiedImageError,
            OSError,
            ValueError,
            SyntaxError,
            Image.DecompressionBombError,
        ):
            raise not_an_image from None
        return image
