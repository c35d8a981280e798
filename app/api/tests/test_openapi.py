"""The OpenAPI document: checked into the repository, served as the code defines it, and
its interactive docs under the site's content security policy."""

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.core.management import CommandError, call_command
from django.test import Client

from app.api.management.commands import api_schema

pytestmark = pytest.mark.django_db

OPERATIONS = {
    ("post", "/api/public/login"),
    ("post", "/api/public/register"),
    ("get", "/api/public/username"),
    ("get", "/api/public/relogin/{hash}"),
    ("post", "/api/public/admin/login"),
    ("post", "/api/public/admin/reminder"),
    ("post", "/api/public/reminder"),
    ("get", "/api/public/alerts"),
    ("get", "/api/app/user"),
    ("get", "/api/app/user/mark-to-remove/{hash}"),
    ("get", "/api/app/voucher/{code}/consume"),
    ("get", "/api/app/student/accept/{hash}"),
    ("post", "/api/app/logout"),
    ("get", "/api/public/page/get_privacy_policy"),
    ("post", "/api/public/consent_management_log"),
}


def test_the_checked_in_document_is_the_one_the_code_defines():
    # Fix with `python manage.py api_schema`.
    assert api_schema.DOCUMENT.read_text() == api_schema.openapi_document()


def test_the_check_fails_when_the_document_drifts(tmp_path, monkeypatch):
    stale = tmp_path / "openapi.json"
    stale.write_text(api_schema.openapi_document().replace('"Platforma"', '"Stara"', 1))
    monkeypatch.setattr(api_schema, "DOCUMENT", stale)

    with pytest.raises(CommandError, match="out of date"):
        call_command("api_schema", "--check")


def test_the_served_document_is_the_checked_in_one_with_every_call(client: Client):
    served = client.get("/api/openapi.json").json()

    assert served == json.loads(api_schema.DOCUMENT.read_text())
    operations = {(method, path) for path, item in served["paths"].items() for method in item}
    assert operations == OPERATIONS
    app_calls = [item for path, item in served["paths"].items() if path.startswith("/api/app/")]
    for item in app_calls:
        for operation in item.values():
            assert operation["security"] == [{"AppToken": []}]
            assert "401" in operation["responses"]


def test_the_docs_page_loads_only_same_origin_scripts_under_the_csp(client: Client):
    response = client.get("/api/docs")

    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    html = response.content.decode()
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts
    for attributes in scripts:
        # Either a file of the site, or data the browser never runs.
        assert 'src="/static/' in attributes or 'type="application/json"' in attributes
    for source in re.findall(r'(?:src|href)="/static/([^"]+)"', html):
        assert finders.find(source), source
