import pytest
from django.core.management import call_command

from app.core.translations import TRANSLATED_LOCALES, platform_app_dirs, untranslated


@pytest.mark.parametrize("label", sorted(platform_app_dirs()))
@pytest.mark.parametrize("locale", TRANSLATED_LOCALES)
def test_every_server_text_of_the_app_is_translated(label, locale):
    # Fix with `manage.py compile_translations --sync`, then translate the new entries.
    assert untranslated(label, locale) == []


def test_page_prop_types_are_up_to_date():
    # Raises CommandError when frontend/types/generated.ts differs from the TypedDicts.
    call_command("generate_types", "--check")
