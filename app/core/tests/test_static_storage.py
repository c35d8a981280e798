"""Production's collectstatic keeps the names Vite gave its assets, so the HTML and the
chunks' own imports name the same file and no module is loaded twice; every other static
file still gets a hashed name from the manifest."""

import json
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not settings.VITE_MANIFEST.exists(), reason="no frontend build: vite build"),
]

PRODUCTION_STATIC = "app.core.static_storage.ViteAwareStaticFilesStorage"
RELATIVE_IMPORT = re.compile(r"""(?:from\s*|import\s*\(?\s*)["']\./([\w.-]+\.js)["']""")


@pytest.fixture(scope="module")
def collected(tmp_path_factory, django_db_blocker):
    root = tmp_path_factory.mktemp("staticfiles")
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION_STATIC}}
    with override_settings(STATIC_ROOT=root, STORAGES=storages, WHITENOISE_USE_FINDERS=False):
        call_command("collectstatic", "--noinput", verbosity=0)
        yield root, json.loads((root / "staticfiles.json").read_text())["paths"]


def test_vite_assets_keep_their_names_and_other_files_are_hashed(collected):
    _root, paths = collected
    vite = {name: stored for name, stored in paths.items() if name.startswith("dist/assets/")}
    assert vite, "no Vite asset was collected"
    assert all(stored == name for name, stored in vite.items())
    assert re.fullmatch(r"favicon\.[0-9a-f]{12}\.svg", paths["favicon.svg"])


def test_every_chunk_imports_files_by_the_names_the_page_uses(collected, client):
    root, paths = collected
    storage = {"BACKEND": PRODUCTION_STATIC}
    with override_settings(
        STATIC_ROOT=root, STORAGES={**settings.STORAGES, "staticfiles": storage}
    ):
        html = client.get("/login").content.decode()
    named = set(re.findall(r'(?:src|href)="/static/(dist/assets/[^"]+\.js)"', html))
    assert named, "the page names no script"
    assert named <= set(paths.values())
    for name in named:
        for imported in RELATIVE_IMPORT.findall((root / name).read_text()):
            # The module the chunk imports is the very file the page named, not a copy.
            assert f"dist/assets/{imported}" in paths.values(), imported
