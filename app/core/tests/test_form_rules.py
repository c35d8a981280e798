"""Field rules for the pages, read from the server's forms (app.core.props.form_rules)."""

import re

import pytest
from django import forms
from django.core.validators import RegexValidator
from django.utils import translation

from app.core.props import field_rule, form_rules


class ExampleForm(forms.Form):
    code = forms.CharField(
        min_length=3,
        max_length=8,
        validators=[RegexValidator(r"^[A-Z]+$", message="Tylko wielkie litery")],
        error_messages={
            "required": "Podaj kod",
            "min_length": "Co najmniej %(limit_value)d znaki",
            "max_length": "Najwyżej %(limit_value)d znaków",
        },
    )
    count = forms.IntegerField(
        min_value=1,
        max_value=9,
        error_messages={
            "required": "Podaj liczbę",
            "invalid": "Liczba",
            "min_value": "Od 1",
            "max_value": "Do 9",
        },
    )
    note = forms.CharField(required=False)


def test_each_browser_checkable_rule_comes_with_the_forms_message():
    assert form_rules(ExampleForm, ["code", "count", "note"]) == {
        "code": {
            "required": "Podaj kod",
            "pattern": "^[A-Z]+$",
            "pattern_message": "Tylko wielkie litery",
            "min_length": 3,
            "min_length_message": "Co najmniej 3 znaki",
            "max_length": 8,
            "max_length_message": "Najwyżej 8 znaków",
        },
        "count": {
            "required": "Podaj liczbę",
            "integer_message": "Liczba",
            "max_value": 9,
            "max_value_message": "Do 9",
            "min_value": 1,
            "min_value_message": "Od 1",
        },
        "note": {},
    }


def test_the_page_may_name_the_fields_its_own_way():
    assert list(form_rules(ExampleForm, {"code": "voucher"})) == ["voucher"]


def test_the_messages_follow_the_language_of_the_request():
    class Translated(forms.Form):
        name = forms.CharField()

    with translation.override("pl"):
        polish = form_rules(Translated, ["name"])
    with translation.override("en"):
        english = form_rules(Translated, ["name"])

    assert polish == {"name": {"required": "To pole jest wymagane."}}
    assert english == {"name": {"required": "This field is required."}}


def test_a_message_that_quotes_the_typed_value_is_refused():
    # Django's own: "Ensure this value has at most 5 characters (it has %(show_value)d)."
    with pytest.raises(ValueError, match="give the field a message of its own"):
        field_rule(forms.CharField(max_length=5))


def test_a_pattern_a_browser_reads_otherwise_is_refused():
    ignoring_case = RegexValidator(re.compile("^[a-z]+$", re.IGNORECASE))
    with pytest.raises(ValueError, match="reads otherwise in a browser"):
        field_rule(forms.CharField(validators=[ignoring_case], error_messages={"invalid": "x"}))
