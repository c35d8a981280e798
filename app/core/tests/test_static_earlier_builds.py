"""A deploy collects its build into the STATIC_ROOT that holds the earlier ones: their files
stay, served, for STATIC_EARLIER_BUILDS_DAYS after the last build that had them, then the
next collect removes them; files whose compressed copies are up to date are not compressed
again."""

import json
import os

from django.test import override_settings

from app.core.static_storage import (
    ViteAwareStaticFilesStorage,
    collected_names,
    earlier_builds_prune,
    earlier_builds_record,
)

DAY = 86400.0
NOW = 1_800_000_000.0


def files(root, *names: str) -> None:
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name)


def present(root) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def test_an_earlier_build_stays_for_the_days_set_then_goes(tmp_path):
    root = tmp_path / "staticfiles"
    files(root, "dist/assets/Profile-AAAAAAAA.js", "dist/assets/main-AAAAAAAA.js")
    build_1 = {"dist/assets/Profile-AAAAAAAA.js", "dist/assets/main-AAAAAAAA.js"}
    assert earlier_builds_prune(root, build_1, keep_days=7, now=NOW) == []

    # Build 2 changed the page and so the entry; build 1's files are no longer current.
    files(root, "dist/assets/Profile-BBBBBBBB.js", "dist/assets/main-BBBBBBBB.js")
    build_2 = {"dist/assets/Profile-BBBBBBBB.js", "dist/assets/main-BBBBBBBB.js"}
    assert earlier_builds_prune(root, build_2, keep_days=7, now=NOW + DAY) == []
    assert earlier_builds_prune(root, build_2, keep_days=7, now=NOW + 7 * DAY) == []
    assert len(present(root)) == 4

    # A collect more than 7 days after build 1 was last current removes its files only.
    removed = earlier_builds_prune(root, build_2, keep_days=7, now=NOW + 7 * DAY + 1)

    assert removed == ["dist/assets/Profile-AAAAAAAA.js", "dist/assets/main-AAAAAAAA.js"]
    assert present(root) == sorted(build_2)
    record = json.loads(earlier_builds_record(root).read_text())
    assert record == {name: NOW + 7 * DAY + 1 for name in build_2}
    # The record lies beside the folder: nothing serves it.
    assert earlier_builds_record(root).parent == tmp_path


def test_a_file_current_again_starts_its_days_anew(tmp_path):
    root = tmp_path / "staticfiles"
    files(root, "a.js", "b.js")
    earlier_builds_prune(root, {"a.js", "b.js"}, keep_days=7, now=NOW)
    earlier_builds_prune(root, {"b.js"}, keep_days=7, now=NOW + 6 * DAY)
    # Rolled back: a.js is current again, and is kept 7 days from now.
    earlier_builds_prune(root, {"a.js"}, keep_days=7, now=NOW + 10 * DAY)

    assert earlier_builds_prune(root, set(), keep_days=7, now=NOW + 16 * DAY) == ["b.js"]
    assert present(root) == ["a.js"]


def test_files_left_before_the_record_existed_count_from_now(tmp_path):
    root = tmp_path / "staticfiles"
    files(root, "old.js", "new.js")

    assert earlier_builds_prune(root, {"new.js"}, keep_days=7, now=NOW) == []
    assert earlier_builds_prune(root, {"new.js"}, keep_days=7, now=NOW + 8 * DAY) == ["old.js"]


def test_zero_days_keeps_only_the_current_build(tmp_path):
    root = tmp_path / "staticfiles"
    files(root, "a.js", "b.js")

    assert earlier_builds_prune(root, {"b.js"}, keep_days=0, now=NOW) == []
    assert earlier_builds_prune(root, {"b.js"}, keep_days=0, now=NOW + 1) == ["a.js"]


def test_the_build_collected_is_every_name_of_the_manifest_and_its_compressed_copies():
    names = collected_names({"site.css": "site.0123456789ab.css"}, "staticfiles.json")

    assert names == {
        f"{name}{suffix}"
        for name in ("site.css", "site.0123456789ab.css", "staticfiles.json")
        for suffix in ("", ".gz", ".br")
    }


def test_only_files_without_fresh_compressed_copies_are_compressed_again(tmp_path):
    big = "body { color: red; }\n" * 200
    (tmp_path / "kept.css").write_text(big)
    (tmp_path / "changed.css").write_text(big)
    with override_settings(STATIC_ROOT=tmp_path):
        storage = ViteAwareStaticFilesStorage(location=tmp_path)
        first = sorted(name for _, name in storage.compress_files(["kept.css", "changed.css"]))
        # changed.css is written again after its copies were made.
        later = os.stat(tmp_path / "changed.css.gz").st_mtime + 10
        os.utime(tmp_path / "changed.css", (later, later))
        second = sorted(name for _, name in storage.compress_files(["kept.css", "changed.css"]))

    assert first == ["changed.css.br", "changed.css.gz", "kept.css.br", "kept.css.gz"]
    assert second == ["changed.css.br", "changed.css.gz"]
