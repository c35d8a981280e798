"""The OpenAPI document: exported by django-ninja's own command, checked into the
repository, served as the code defines it, listing every answer of every operation, and
its interactive docs under the site's content security policy."""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
DOCUMENT = ROOT / "app" / "api" / "openapi.json"
# The pages' calls: the same operations, on the pages' paths.
WEB_OPERATIONS = {
    ("get", "/api/alerts"),
    ("get", "/api/version"),
    ("get", "/api/notifications"),
    ("post", "/api/notifications/read"),
    ("post", "/api/accounts/username-check"),
    ("post", "/consent_management_log"),
    ("get", "/page/get_privacy_policy"),
    ("post", "/zgody"),
    ("get", "/zgody/uslugi"),
    ("get", "/zgody/historia"),
    ("post", "/zgody/newsletter"),
}
APP_OPERATIONS = {
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


def exported(tmp_path: Path) -> str:
    output = tmp_path / "openapi.json"
    call_command(
        "export_openapi_schema", "--api", "app.api.api.api", "--indent", "2", "--output", output
    )
    return output.read_text()


def test_the_checked_in_document_is_the_one_ninja_exports(tmp_path):
    # Fix with `./scripts/api_schema`.
    assert DOCUMENT.read_text() == exported(tmp_path)


def check(document: Path) -> subprocess.CompletedProcess:
    environment = {**os.environ, "API_SCHEMA_DOCUMENT": str(document)}
    command = [str(ROOT / "scripts" / "api_schema"), "--check"]
    return subprocess.run(command, capture_output=True, text=True, env=environment)


def test_the_drift_check_of_the_test_command_fails_on_a_stale_document(tmp_path):
    stale = tmp_path / "stale.json"
    stale.write_text(DOCUMENT.read_text().replace('"Platforma"', '"Stara"', 1))

    refused = check(stale)

    assert refused.returncode == 1
    assert "out of date" in refused.stderr
    assert check(DOCUMENT).returncode == 0


def test_the_served_document_is_the_checked_in_one_with_every_call(client: Client):
    served = client.get("/api/openapi.json").json()

    assert served == json.loads(DOCUMENT.read_text())
    operations = {(method, path) for path, item in served["paths"].items() for method in item}
    assert operations == APP_OPERATIONS | WEB_OPERATIONS
    app_calls = [item for path, item in served["paths"].items() if path.startswith("/api/app/")]
    for item in app_calls:
        for operation in item.values():
            assert operation["security"] == [{"AppToken": []}]
            assert "401" in operation["responses"]
    public_calls = [item for path, item in served["paths"].items() if "/public/" in path]
    for item in public_calls:
        for operation in item.values():
            # The token is optional before login.
            assert operation["security"] == [{}, {"AppToken": []}]


def operations_of(document: dict):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            yield method, path, operation


def test_every_operation_lists_the_answers_the_platform_gives_around_it(client: Client):
    served = client.get("/api/openapi.json").json()

    for method, path, operation in operations_of(served):
        responses = operation["responses"]
        assert {"405", "503"} <= set(responses), (method, path)
        if method == "post":
            assert {"411", "413"} <= set(responses), (method, path)
        if "429" in responses:
            assert "Retry-After" in responses["429"]["headers"], (method, path)
        if (method, path) in WEB_OPERATIONS and method == "post":
            assert "403" in responses, (method, path)
        for status, answer in responses.items():
            if int(status) >= 400:
                schema = answer["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorOut"}, (method, path)


def test_the_operations_own_refusals_are_listed(client: Client):
    paths = client.get("/api/openapi.json").json()["paths"]

    assert "409" in paths["/api/public/relogin/{hash}"]["get"]["responses"]
    assert "409" in paths["/api/app/voucher/{code}/consume"]["get"]["responses"]
    assert {"404", "409"} <= set(paths["/api/app/student/accept/{hash}"]["get"]["responses"])
    for path in ("/consent_management_log", "/api/public/consent_management_log"):
        body = paths[path]["post"]["requestBody"]["content"]
        form = body["application/x-www-form-urlencoded"]["schema"]
        assert form["properties"]["action"]["enum"] == [
            "accept",
            "accept_all",
            "force_show_popup",
            "script_initialization",
            "show_popup",
        ]


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
