"""/sw.js: the service worker lists the build's hashed assets and nothing else."""

import json
import re

import pytest

from app.shell.service_worker import service_worker_script

MANIFEST = {
    "frontend/main.tsx": {
        "file": "assets/main-AbCd1234.js",
        "isEntry": True,
        "css": ["assets/main-Ef567890.css"],
    },
    "frontend/pages/Accounts/Login.tsx": {
        "file": "assets/Login-Zz99Yy88.js",
        "isDynamicEntry": True,
        "imports": ["frontend/main.tsx"],
        "assets": ["assets/logo-Qq11Ww22.svg"],
    },
}


@pytest.fixture
def build(settings, tmp_path):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps(MANIFEST))
    settings.VITE_MANIFEST = manifest
    settings.INERTIA_VERSION = "build-42"
    service_worker_script.cache_clear()
    yield
    service_worker_script.cache_clear()


def _list(script: str, name: str) -> list[str]:
    match = re.search(rf"const {name} = (?:new Set\()?(\[.*?\])", script)
    assert match, name
    return json.loads(match.group(1))


def test_served_from_the_root_scope_and_always_revalidated(client, build):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"


def test_lists_every_hashed_file_of_the_build_and_nothing_else(client, build):
    script = client.get("/sw.js").content.decode()

    assert _list(script, "ASSETS") == [
        "/static/dist/assets/Login-Zz99Yy88.js",
        "/static/dist/assets/logo-Qq11Ww22.svg",
        "/static/dist/assets/main-AbCd1234.js",
        "/static/dist/assets/main-Ef567890.css",
    ]
    # Installing fetches what the first paint of any page needs.
    assert _list(script, "FIRST_PAINT") == [
        "/static/dist/assets/main-AbCd1234.js",
        "/static/dist/assets/main-Ef567890.css",
    ]
    assert 'const CACHE = "platforma-assets-build-42";' in script


def test_answers_only_for_listed_files(client, build):
    script = client.get("/sw.js").content.decode()
    # Pages, /api/ answers and anything not listed go to the network untouched.
    assert 'if (request.method !== "GET") return;' in script
    assert "!ASSETS.has(url.pathname)) return;" in script


def test_only_get(client, build):
    assert client.post("/sw.js").status_code == 405
