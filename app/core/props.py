"""Props of the pages every area shares."""

import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any, NotRequired, TypedDict, cast

from django import forms
from django.core import validators
from django.utils.translation import get_language

from app.core.typegen import page_props, ts_export


@page_props("Errors/Error")
class ErrorPageProps(TypedDict):
    status: int
    message: str


@ts_export
class DateCount(TypedDict):
    """One point of a chart over time: a day (or the Monday of a week) and its count."""

    date: str
    count: int


def date_counts(series: list[tuple[date, int]]) -> list[DateCount]:
    return [{"date": day.isoformat(), "count": count} for day, count in series]


@ts_export
class FieldRule(TypedDict):
    """What a page checks of a field while it is typed, each with the server form's own
    message (frontend/lib/validation.ts); the form checks every submission again."""

    required: NotRequired[str]
    pattern: NotRequired[str]
    pattern_message: NotRequired[str]
    min_length: NotRequired[int]
    min_length_message: NotRequired[str]
    max_length: NotRequired[int]
    max_length_message: NotRequired[str]
    # A whole number, within min_value..max_value when those are given.
    integer_message: NotRequired[str]
    min_value: NotRequired[int]
    min_value_message: NotRequired[str]
    max_value: NotRequired[int]
    max_value_message: NotRequired[str]


def form_rules(
    form_class: type[forms.BaseForm], fields: Iterable[str] | Mapping[str, str]
) -> dict[str, FieldRule]:
    """The rules of the named fields of `form_class` (the one place they are written), read
    from an unbound form, keyed by the page's names when `fields` maps the form's names to
    them. Callers must not change the answer: it is shared."""
    names = tuple(fields.items() if isinstance(fields, Mapping) else ((n, n) for n in fields))
    # Built once per form, fields and language: only the messages change with the language.
    key = (form_class, names, get_language())
    if key not in _RULES:
        form_fields = form_class().fields
        _RULES[key] = {page_name: field_rule(form_fields[name]) for name, page_name in names}
    return _RULES[key]


_RulesKey = tuple[type[forms.BaseForm], tuple[tuple[str, str], ...], str | None]
_RULES: dict[_RulesKey, dict[str, FieldRule]] = {}


def field_rule(field: forms.Field) -> FieldRule:
    """The checks of `field` that a browser makes the same way: required, a regular
    expression, lengths and a whole number's range, each with the message the form gives.
    Other validators are the server's alone; a message that would quote the typed value
    cannot be shown before the form is sent and is refused here."""
    rule: dict[str, Any] = {}
    if field.required:
        rule["required"] = _text(field, "required")
    if isinstance(field, forms.IntegerField):
        rule["integer_message"] = _text(field, "invalid")
    for validator in field.validators:
        if isinstance(validator, validators.RegexValidator):
            regex = cast(re.Pattern[str], validator.regex)
            if validator.inverse_match or regex.flags & ~re.UNICODE:
                raise ValueError(f"{regex.pattern!r} reads otherwise in a browser")
            rule["pattern"] = regex.pattern
            rule["pattern_message"] = _text(field, validator.code, validator.message)
        elif isinstance(validator, validators.BaseValidator) and validator.code in _LIMITS:
            # min_length, max_length, min_value, max_value: the limit and its message.
            rule[validator.code] = validator.limit_value
            rule[f"{validator.code}_message"] = _text(
                field, validator.code, validator.message, limit=validator.limit_value
            )
    return cast(FieldRule, rule)


_LIMITS = frozenset(("min_length", "max_length", "min_value", "max_value"))


def _text(field: forms.Field, code: str, default: Any = None, *, limit: Any = None) -> str:
    # Django's own order: the field's message for the code, else the validator's.
    message = field.error_messages.get(code, default)
    try:
        # Lazy messages that depend on the number (ngettext_lazy) take it from the dict.
        return str(message % {"limit_value": limit})
    except (KeyError, TypeError, ValueError):
        raise ValueError(
            f"The {code!r} message of {field!r} quotes the typed value: give the field a"
            " message of its own"
        ) from None
