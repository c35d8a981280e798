"""The JavaScript a first visit of /login downloads stays within its budget: at most
120 KB gzipped (the target scripts/bench.py reports against, README.md "Benchmark"),
counted as it counts it: the scripts the page's HTML names, the entry with its static
imports, and the login page and its texts with theirs."""

import gzip
import json
import re

import pytest
from django.conf import settings
from django.urls import reverse

BUDGET_BYTES = 120 * 1024
ENTRY = "frontend/main.tsx"
LOGIN_PAGE = ["frontend/pages/Accounts/Login.tsx", "frontend/i18n/pl/accounts.ts"]
# Code no anonymous visitor of /login needs to see it: each arrives when it is used.
LOADED_LATER = [
    "frontend/layouts/LearnerLayout.tsx",
    "frontend/lib/appUpdateWatch.ts",
    "frontend/tracking/recorder.ts",
    "frontend/components/consent/ConsentDialog.tsx",
    "frontend/lib/sentry.ts",
]

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not settings.VITE_MANIFEST.exists(), reason="no frontend build: vite build"),
]


def _first_load(html: bytes) -> set[str]:
    manifest = json.loads(settings.VITE_MANIFEST.read_text())
    files = {
        path.decode() for path in re.findall(rb'(?:src|href)="/static/dist/([^"]+\.js)"', html)
    }
    assert manifest[ENTRY]["file"] in files, "the page does not load the built entry"

    def add(key: str) -> None:
        files.add(manifest[key]["file"])
        for imported in manifest[key].get("imports", []):
            add(imported)

    for key in [ENTRY, *LOGIN_PAGE]:
        add(key)
    return files


def _gzip_size(file: str) -> int:
    data = (settings.VITE_MANIFEST.parent.parent / file).read_bytes()
    return len(gzip.compress(data, 9))


def test_the_login_page_loads_at_most_120_kb_of_javascript(client):
    files = _first_load(client.get(reverse("accounts:login")).content)

    size = sum(_gzip_size(file) for file in files)

    assert size <= BUDGET_BYTES, f"{size / 1024:.1f} KB gzip in {sorted(files)}"


def test_what_the_login_page_does_not_show_is_not_in_its_first_load(client):
    manifest = json.loads(settings.VITE_MANIFEST.read_text())
    files = _first_load(client.get(reverse("accounts:login")).content)

    assert [src for src in LOADED_LATER if manifest[src]["file"] in files] == []
