"""Server-side message catalogues: Polish source texts, English per app.

The texts in the code are Polish (the platform's language). Each app of app/ keeps the
English translation of its own texts in app/<app>/locale/en/LC_MESSAGES/django.po (the
core app also covers the project templates/). Babel compiles the catalogues, so no system
gettext is needed, and extracts the texts so a test can check that none is missing.
"""

import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from django.apps import apps
from django.conf import settings

TRANSLATED_LOCALES = ("en",)
KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
}
_TEMPLATE_TEXT = re.compile(r"""{%\s*(?:translate|trans)\s+"([^"]+)"\s*%}""")

MessageId = str | tuple[str, ...]


def platform_app_dirs() -> dict[str, Path]:
    """The Platforma apps (those under app/), by label."""
    root = Path(settings.BASE_DIR) / "app"
    return {
        config.label: Path(config.path)
        for config in apps.get_app_configs()
        if Path(config.path).parent == root
    }


def catalogue_path(app_dir: Path, locale: str) -> Path:
    return app_dir / "locale" / locale / "LC_MESSAGES" / "django.po"


def source_messages(label: str) -> dict[str, MessageId]:
    """Every translatable text of one app's Python code (core: also the templates),
    keyed by its (singular) text; plural texts keep their (singular, plural) pair."""
    app_dir = platform_app_dirs()[label]
    found: dict[str, MessageId] = {}
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        app_dir,
        method_map=[
            ("**/tests/**.py", "ignore"),
            ("**/migrations/**.py", "ignore"),
            ("**.py", "python"),
        ],
        keywords=KEYWORDS,
    ):
        key = message[0] if isinstance(message, tuple) else message
        if key:
            found[key] = tuple(m for m in message if m) if isinstance(message, tuple) else message
    if label == "core":
        for template in (Path(settings.BASE_DIR) / "templates").rglob("*.html"):
            for text in _TEMPLATE_TEXT.findall(template.read_text()):
                found[text] = text
    return found


def read_catalogue(label: str, locale: str) -> Catalog:
    path = catalogue_path(platform_app_dirs()[label], locale)
    if not path.exists():
        return Catalog(locale=locale)
    with path.open("rb") as po_file:
        return read_po(po_file, locale=locale)


def sync_catalogue(label: str, locale: str) -> Path | None:
    """Add the texts missing from an app's catalogue (untranslated) and drop the ones the
    code no longer uses. Apps without texts get no catalogue."""
    messages = source_messages(label)
    path = catalogue_path(platform_app_dirs()[label], locale)
    if not messages and not path.exists():
        return None
    old = read_catalogue(label, locale)
    new = Catalog(locale=locale, project="Platforma", charset="utf-8")
    for key, message_id in sorted(messages.items()):
        existing = old.get(key)
        empty = ("", "") if isinstance(message_id, tuple) else ""
        new.add(message_id, existing.string if existing else empty)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po_file:
        write_po(po_file, new, width=100, sort_output=True)
    return path


def catalogue_paths() -> Iterator[Path]:
    for app_dir in platform_app_dirs().values():
        yield from (app_dir / "locale").glob("*/LC_MESSAGES/django.po")


def compile_catalogues() -> list[Path]:
    compiled = []
    for po_path in catalogue_paths():
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file)
        mo_path = po_path.with_suffix(".mo")
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog)
        compiled.append(mo_path)
    return compiled


def untranslated(label: str, locale: str) -> list[str]:
    """Texts of an app that its catalogue for `locale` does not translate."""
    catalogue = read_catalogue(label, locale)
    missing = []
    for key, message_id in source_messages(label).items():
        entry = catalogue.get(key)
        strings = entry.string if entry else None
        if (
            entry is None
            or not strings
            or (isinstance(strings, tuple) and not all(strings))
            or isinstance(message_id, tuple) != isinstance(entry.id, tuple)
        ):
            missing.append(key)
    return missing
