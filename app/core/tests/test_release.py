"""Cache entries are kept per release (app/core/request_cache.py, `stored_key`): an entry
whose value changed shape between releases under the same name is never handed to the
other release."""

import pytest

from app.core import request_cache
from app.core.release import code_fingerprint
from app.core.versioned_cache import near_entries_forget, versioned_cached

pytestmark = pytest.mark.django_db


def test_the_fingerprint_moves_with_any_module_but_not_with_the_tests(tmp_path):
    (tmp_path / "accounts").mkdir()
    (tmp_path / "accounts" / "tests").mkdir()
    module = tmp_path / "accounts" / "cache.py"
    module.write_text("SHELL = {'menu': []}\n")
    test = tmp_path / "accounts" / "tests" / "test_cache.py"
    test.write_text("def test(): pass\n")
    first = code_fingerprint(tmp_path)

    test.write_text("def test_other(): pass\n")
    assert code_fingerprint(tmp_path) == first
    module.write_text("SHELL = {'menu': [], 'bell': 0}\n")
    changed = code_fingerprint(tmp_path)
    assert changed != first
    (tmp_path / "accounts" / "banners.py").write_text("")
    assert code_fingerprint(tmp_path) not in (first, changed)


def test_two_copies_of_a_release_agree_wherever_they_are(tmp_path):
    # Two nodes of one release: installed at other paths, each with its own compiled
    # files, translations and an editor's lock file (a dangling link) beside a module.
    nodes = [tmp_path / "node-1" / "app", tmp_path / "srv" / "node-2" / "app"]
    for node in nodes:
        (node / "accounts" / "locale").mkdir(parents=True)
        (node / "accounts" / "cache.py").write_text("SHELL = {'menu': []}\n")
        (node / "core.py").write_text("")
    (nodes[0] / "accounts" / "__pycache__").mkdir()
    (nodes[0] / "accounts" / "__pycache__" / "cache.cpython-313.pyc").write_bytes(b"\0\1")
    (nodes[0] / "accounts" / "locale" / "django.mo").write_bytes(b"\2")
    (nodes[1] / "accounts" / ".#cache.py").symlink_to(tmp_path / "nowhere")
    assert code_fingerprint(nodes[0]) == code_fingerprint(nodes[1])


def _as_release(monkeypatch, release: str) -> None:
    # A node of that release: its own memory holds nothing of the other's.
    monkeypatch.setattr(request_cache, "code_release", lambda: release)
    near_entries_forget()


def test_an_entry_built_by_another_release_is_never_read(services, monkeypatch):
    # Release 2 keeps the account's shell as a tuple where release 1 kept a dict, under
    # the same name: release 2 must build its own, and release 1's nodes, still serving
    # during the deploy, keep reading theirs.
    def unexpected():
        raise AssertionError("an entry kept by this release was built again")

    _as_release(monkeypatch, "release-1")
    assert versioned_cached(generations=(1,), entry_key="shell", build=lambda: {"menu": []}) == {
        "menu": []
    }
    _as_release(monkeypatch, "release-2")
    assert versioned_cached(generations=(1,), entry_key="shell", build=lambda: ("menu", 0)) == (
        "menu",
        0,
    )
    _as_release(monkeypatch, "release-1")
    assert versioned_cached(generations=(1,), entry_key="shell", build=unexpected) == {"menu": []}
    _as_release(monkeypatch, "release-2")
    assert versioned_cached(generations=(1,), entry_key="shell", build=unexpected) == ("menu", 0)
