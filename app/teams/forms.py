"""Forms of the manager area."""

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from app.core.errors import ApplicationError
from app.core.inertia import form_errors
from app.teams.models import TEAM_NAME_MAX_LENGTH

# A team's name travels in invitation e-mails: no addresses of websites in it.
_LINK = re.compile(r"(?:://|www\.)", re.IGNORECASE)


def valid_data(form: forms.Form) -> dict[str, Any]:
    """The cleaned data of a valid form; raises ApplicationError with the first message of
    each invalid field (the form page shows them beside their fields)."""
    if not form.is_valid():
        errors = form_errors(form)
        raise ApplicationError(next(iter(errors.values())), fields=errors)
    return form.cleaned_data


class TeamForm(forms.Form):
    name = forms.CharField(
        max_length=TEAM_NAME_MAX_LENGTH,
        error_messages={
            "required": _("Podaj nazwę zespołu."),
            "max_length": _("Nazwa może mieć najwyżej 120 znaków."),
        },
    )

    def clean_name(self) -> str:
        if not isinstance(self.data.get("name"), str):
            # A JSON object or list would otherwise be stored as its Python text.
            raise forms.ValidationError(_("Podaj nazwę zespołu."), code="invalid")
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Podaj nazwę zespołu."), code="required")
        if _LINK.search(name):
            raise forms.ValidationError(
                _("Nazwa zespołu nie może zawierać adresu strony."), code="link"
            )
        return name
