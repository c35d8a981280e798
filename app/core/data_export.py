"""The learner's copy of everything the platform holds about them (GDPR Art. 15 and 20).

Core knows no higher app: each app registers the part it holds with
`data_export_register` from its AppConfig.ready, and the export gathers every part.
"""

import json
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

# Takes the user, returns plain data (dates and UUIDs are turned into text).
ExportPart = Callable[[Any], Any]

FORMAT_VERSION = 1
_parts: dict[str, ExportPart] = {}


def data_export_register(*, section: str, build: ExportPart) -> None:
    """Add `section` to every export, built by `build(user)`."""
    if _parts.get(section, build) is not build:
        raise ImproperlyConfigured(f"Two data export parts are named {section!r}")
    _parts[section] = build


def data_export_sections() -> list[str]:
    return sorted(_parts)


def data_export_content(*, user: Any) -> dict[str, Any]:
    """Every registered part for `user`, as JSON-ready data."""
    content: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "generated_at": timezone.now(),
    }
    for section in data_export_sections():
        content[section] = _parts[section](user)
    return json.loads(json.dumps(content, cls=DjangoJSONEncoder))
