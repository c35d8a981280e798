"""The build's stylesheet is written into a visitor's page, admitted by the page's CSP by its
hash, and linked from an account's page (app/core/inline_style.py)."""

import base64
import hashlib
import json
import re

import pytest
from django.conf import settings

from app.core.inline_style import entry_stylesheets, style_hash_sources
from app.core.templatetags import frontend

pytestmark = pytest.mark.django_db


def built_stylesheets() -> list[str]:
    # As this process read them at its start (another test may rebuild the frontend
    # meanwhile); the reading itself is tested on files of its own below.
    stylesheets = list(entry_stylesheets(settings.VITE_MANIFEST).values())
    assert stylesheets
    return stylesheets


def built_hrefs() -> list[str]:
    return [f"/static/dist/{file}" for file in entry_stylesheets(settings.VITE_MANIFEST)]


def test_a_visitors_page_carries_the_builds_stylesheet_instead_of_a_link_to_it(client):
    response = client.get("/login")
    html = response.content.decode()

    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert styles == built_stylesheets()
    assert 'rel="stylesheet"' not in html
    # The browser fetches the file when idle: an account's pages link it.
    prefetched = re.findall(r'<link rel="prefetch" href="([^"]+)" as="style">', html)
    assert prefetched == built_hrefs()
    # The browser applies it: the page's policy names its hash.
    style_src = re.search(r"style-src ([^;]*)", response.headers["Content-Security-Policy"])[1]
    for text in styles:
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in style_src.split()
    assert "'unsafe-inline'" not in style_src


def test_a_logged_in_accounts_page_links_the_stylesheet_its_browser_fetched(client, learner):
    response = client.get("/platforma")
    html = response.content.decode()

    assert response.status_code == 200
    assert "<style>" not in html
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)" />', html)
    assert links == built_hrefs()
    assert 'rel="prefetch"' not in html
    # Logged out, the same browser gets the stylesheet in the page again.
    client.logout()
    assert re.findall(r"<style>(.*?)</style>", client.get("/login").content.decode(), re.S)


def test_a_page_answering_before_the_account_is_known_carries_the_stylesheet(client):
    # A refused Host is answered before the authentication middleware has run: the error
    # page gets a visitor's layout, not a 500.
    response = client.get("/login", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert re.findall(r"<style>(.*?)</style>", response.content.decode(), re.S) == (
        built_stylesheets()
    )


@pytest.mark.parametrize("path", ["/login", "/platforma"])
def test_the_scripts_wait_behind_nothing_and_come_at_low_priority(client, learner, path):
    if path == "/login":
        client.logout()
    html = client.get(path).content.decode()

    build_tags = re.findall(r"<(?:script|link)\b[^>]*/static/dist/[^>]*>", html)
    # (A prefetch comes when the browser is idle, at the lowest priority there is.)
    scripts = [tag for tag in build_tags if "<script" in tag or 'rel="modulepreload"' in tag]
    assert any("<script" in tag for tag in scripts)
    assert any('rel="modulepreload"' in tag for tag in scripts)
    assert all('fetchpriority="low"' in tag for tag in scripts)
    # The paint waits on a linked stylesheet: it comes at its default priority.
    assert all("fetchpriority" not in tag for tag in build_tags if 'rel="stylesheet"' in tag)


def write_build(tmp_path, css: str):
    (tmp_path / ".vite").mkdir()
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "main.css").write_text(css)
    manifest = tmp_path / ".vite" / "manifest.json"
    manifest.write_text(json.dumps({"frontend/main.tsx": {"css": ["assets/main.css"]}}))
    return manifest


def test_a_stylesheet_that_could_end_the_style_element_stays_linked(tmp_path):
    manifest = write_build(tmp_path, 'a::after{content:"</style><script>"}')

    assert entry_stylesheets(manifest) == {}
    assert style_hash_sources(manifest) == []


def test_without_a_build_nothing_is_written_in(tmp_path):
    assert entry_stylesheets(tmp_path / "missing.json") == {}
    manifest = write_build(tmp_path, "a{color:red}")
    (tmp_path / "assets" / "main.css").unlink()
    assert entry_stylesheets(manifest) == {}


def test_the_hash_is_the_stylesheets_own(tmp_path):
    manifest = write_build(tmp_path, "a{color:red}")

    digest = base64.b64encode(hashlib.sha256(b"a{color:red}").digest()).decode()
    assert entry_stylesheets(manifest) == {"assets/main.css": "a{color:red}"}
    assert style_hash_sources(manifest) == [f"'sha256-{digest}'"]


@pytest.fixture
def stylesheets_read_as(monkeypatch):
    """The tags built again as if the build's stylesheets read as given."""

    def read_as(stylesheets: dict[str, str], *, linked: bool = False) -> str:
        monkeypatch.setattr(frontend, "entry_stylesheets", lambda path: stylesheets)
        frontend._built_entry_tags.cache_clear()
        return str(frontend._built_entry_tags(linked))

    yield read_as
    frontend._built_entry_tags.cache_clear()


@pytest.mark.parametrize(
    "stylesheets",
    [{}, {"assets/not-in-the-manifest.css": "a{color:red}"}],
    ids=["none to write in", "its link not found"],
)
@pytest.mark.parametrize("linked", [False, True], ids=["visitor", "account"])
def test_a_stylesheet_left_linked_keeps_its_priority(stylesheets_read_as, stylesheets, linked):
    tags = stylesheets_read_as(stylesheets, linked=linked)

    assert "<style>" not in tags
    assert 'rel="stylesheet"' in tags
    assert "fetchpriority" not in tags


class _TwoStylesheetsLoader:
    """django-vite's tags for an entry with two stylesheets, linked in the other order than
    the manifest names them."""

    def generate_vite_asset(self, entry, **attributes):
        low = ' fetchpriority="low"' if attributes else ""
        return (
            f'<link rel="stylesheet" href="/static/dist/assets/b.css"{low} />'
            f'<script type="module"{low} src="/static/dist/assets/main.js"></script>'
            f'<link rel="stylesheet" href="/static/dist/assets/a.css"{low} />'
        )


@pytest.mark.parametrize("linked", [False, True], ids=["visitor", "account"])
def test_each_of_several_stylesheets_takes_its_own_links_place(
    stylesheets_read_as, monkeypatch, linked
):
    monkeypatch.setattr(frontend.DjangoViteAssetLoader, "instance", _TwoStylesheetsLoader)

    tags = stylesheets_read_as({"assets/a.css": "a{}", "assets/b.css": "b{}"}, linked=linked)

    script = '<script type="module" fetchpriority="low" src="/static/dist/assets/main.js"></script>'
    if linked:
        assert tags == (
            '<link rel="stylesheet" href="/static/dist/assets/b.css" />'
            f"{script}"
            '<link rel="stylesheet" href="/static/dist/assets/a.css" />'
        )
    else:
        assert tags == (
            f"<style>b{{}}</style>{script}<style>a{{}}</style>"
            '<link rel="prefetch" href="/static/dist/assets/a.css" as="style">'
            '<link rel="prefetch" href="/static/dist/assets/b.css" as="style">'
        )
