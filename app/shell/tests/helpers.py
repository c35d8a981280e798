"""Helpers for the shell's end-to-end tests."""

import importlib
from io import StringIO

from django.core.management import call_command

from app.accounts.demo import DEMO_PASSWORD

ANDROID_UA = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Mobile Safari/537.36"
)
IOS_UA = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


def seed_demo() -> None:
    call_command("seed_demo", stdout=StringIO())


def restore_default_pages() -> None:
    """End-to-end tests empty the database between tests; put the migrated pages back."""
    migration = importlib.import_module("app.shell.migrations.0002_default_pages")
    from app.shell.models import SitePage

    for page in migration.PAGES:
        SitePage.objects.get_or_create(slug=page["slug"], defaults=page)


def log_in_through_form(page, base_url: str, email: str, password: str = DEMO_PASSWORD) -> None:
    page.goto(f"{base_url}/login?form=login")
    page.locator("#login-login").fill(email)
    page.locator("#login-password").fill(password)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()
    page.wait_for_url(f"{base_url}/platforma")


def cookie(context, name: str) -> dict | None:
    return next((c for c in context.cookies() if c["name"] == name), None)
