"""Forms of the manager area."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from app.teams.models import TEAM_NAME_MAX_LENGTH

# A team's name travels in invitation e-mails: no addresses of websites in it.
_LINK = re.compile(r"(?:://|www\.)", re.IGNORECASE)


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
