from django import forms
from django.utils.translation import gettext_lazy as _

from app.consent.services import LOGGED_ACTIONS


class ConsentLogForm(forms.Form):
    """An event the consent notice reports (SPEC §7 "Consent log")."""

    action = forms.ChoiceField(
        choices=[(action, action) for action in sorted(LOGGED_ACTIONS)],
        error_messages={
            "required": _("Nieznane zdarzenie zgody."),
            "invalid_choice": _("Nieznane zdarzenie zgody."),
        },
    )
