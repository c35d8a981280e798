from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from app.core.return_url import safe_return_url


def validate_link(value: str) -> None:
    """Links admins put in alerts and notifications: a same-site path or an https URL,
    never javascript: or another scheme a browser would run."""
    if not value:
        return
    if value.startswith("/"):
        if safe_return_url(value, default="") != value:
            raise ValidationError(_("Podaj adres strony zaczynający się od / albo https://."))
        return
    parts = urlsplit(value)
    if parts.scheme != "https" or not parts.netloc or any(c in value for c in '\\\n\r\t <>"'):
        raise ValidationError(_("Podaj adres strony zaczynający się od / albo https://."))
