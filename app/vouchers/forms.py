"""The batch form of the institution and reseller areas."""

from datetime import datetime, time

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.vouchers import selectors
from app.vouchers.services import BATCH_FORM_KEY_REFUSED, BATCH_MAX_SIZE

BATCH_NAME_MAX_LENGTH = 100
# The key the batch form carries (made by the page for each showing of the form,
# frontend/lib/formKey.ts): letters, digits, "-" and "_".
FORM_KEY_SHAPE = r"^[A-Za-z0-9_-]{16,64}$"


class DayField(forms.DateField):
    """A day typed as RRRR-MM-DD. A JSON body may carry a number, a list or an object
    here; only text can be a day, anything else is the field's own message."""

    def to_python(self, value):
        if value not in self.empty_values and not isinstance(value, str):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class BatchForm(forms.Form):
    product = forms.CharField(
        max_length=40,
        error_messages={
            "required": _("Wybierz kurs, egzamin lub ścieżkę."),
            "max_length": _("Wybierz kurs, egzamin lub ścieżkę."),
        },
    )
    size = forms.IntegerField(
        min_value=1,
        max_value=BATCH_MAX_SIZE,
        error_messages={
            "required": _("Podaj liczbę kodów."),
            "invalid": _("Liczba kodów musi być liczbą całkowitą od 1 do 10 000."),
            "min_value": _("Liczba kodów musi być liczbą całkowitą od 1 do 10 000."),
            "max_value": _("Liczba kodów musi być liczbą całkowitą od 1 do 10 000."),
        },
    )
    name = forms.CharField(
        required=False,
        max_length=BATCH_NAME_MAX_LENGTH,
        error_messages={"max_length": _("Nazwa może mieć najwyżej 100 znaków.")},
    )
    valid_until = DayField(
        required=False,
        input_formats=["%Y-%m-%d"],
        error_messages={"invalid": _("Podaj datę w formacie RRRR-MM-DD.")},
    )

    # The same form sent twice orders one batch (services.batch_generate).
    idempotency_key = forms.RegexField(
        regex=FORM_KEY_SHAPE,
        error_messages={
            "required": BATCH_FORM_KEY_REFUSED,
            "invalid": BATCH_FORM_KEY_REFUSED,
        },
    )

    def clean_product(self):
        product = selectors.product_find(value=self.cleaned_data["product"])
        if product is None:
            raise forms.ValidationError(_("Wybierz kurs, egzamin lub ścieżkę."))
        return product

    def clean_valid_until(self) -> datetime | None:
        day = self.cleaned_data.get("valid_until")
        if day is None:
            return None
        if day < timezone.localdate():
            raise forms.ValidationError(_("Data ważności nie może być wcześniejsza niż dziś."))
        # Valid through the whole chosen day, in the platform's time zone.
        return timezone.make_aware(datetime.combine(day, time(23, 59, 59)))

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())
