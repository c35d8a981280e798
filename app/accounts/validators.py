"""The account validation rules (docs/behaviour.md#validation), defined once.

Each pattern is written so that Python's `re` and the browser's RegExp read it the
same way: the page receives the pattern and the message as props for instant
feedback, and the server re-validates every submission with the same rule.
"""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

PASSWORD_MIN_LENGTH = 6
PASSWORD_MAX_LENGTH = 4096
NAME_MAX_LENGTH = 150
EMAIL_MAX_LENGTH = 254

# Local part: at most 64 allowed characters, no leading, trailing or doubled dot.
# Domain: labels joined by dots, ending in a top-level part of at least 2 letters.
EMAIL_PATTERN = (
    r"^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$"
)
# Latin letters (Polish diacritics and the other Latin-1/Latin Extended-A letters),
# spaces and hyphens; at least one letter.
_LETTER = r"A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f"
NAME_PATTERN = rf"^(?=.*[{_LETTER}])[{_LETTER} -]+$"

_EMAIL_RE = re.compile(EMAIL_PATTERN)


def is_strict_email(value: str) -> bool:
    return len(value) <= EMAIL_MAX_LENGTH and bool(_EMAIL_RE.match(value))


class MinimumLengthValidator:
    """Django password validator with the platform's minimum (6) and message."""

    def __init__(self, min_length: int = PASSWORD_MIN_LENGTH) -> None:
        self.min_length = min_length

    def validate(self, password: str, user=None) -> None:
        if len(password) < self.min_length:
            raise ValidationError(self.get_error_message(), code="password_too_short")

    def get_error_message(self) -> str:
        return _("Minimalna długość to %(count)d znaków") % {"count": self.min_length}

    def get_help_text(self) -> str:
        return ngettext(
            "Hasło musi mieć co najmniej %(count)d znak.",
            "Hasło musi mieć co najmniej %(count)d znaków.",
            self.min_length,
        ) % {"count": self.min_length}
