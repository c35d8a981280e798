"""Static files in production: collectstatic's manifest of hashed names, compressed by
whitenoise, except for the Vite build's assets.

Vite already names every file of `dist/assets/` by its content, and its chunks import one
another by those names (`import … from "./shell-BCpZQAtm.js"`). Hashed a second time, the
HTML would name `shell-BCpZQAtm.<hash>.js` while the chunks still import `shell-BCpZQAtm.js`:
the browser would load, and run, the same module twice. So those files keep Vite's names
(and whitenoise serves them as immutable: WHITENOISE_IMMUTABLE_FILE_TEST); every other
static file gets its hash from the manifest as before.

A deploy collects into the same STATIC_ROOT without wiping it: the files of earlier builds
stay there, served, for STATIC_EARLIER_BUILDS_DAYS (older ones are pruned
after each collect; see ARCHITECTURE.md, "Deploys").
"""

import json
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage

VITE_ASSETS = "dist/assets/"


class ViteAwareStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def hashed_name(self, name: str, content: Any = None, filename: str | None = None) -> str:
        if name.replace("\\", "/").startswith(VITE_ASSETS):
            return name
        return super().hashed_name(name, content, filename)

    def post_process(self, *args: Any, **kwargs: Any) -> Any:
        """collectstatic's last step; then the files of builds older than
        STATIC_EARLIER_BUILDS_DAYS go from STATIC_ROOT."""
        yield from super().post_process(*args, **kwargs)
        if kwargs.get("dry_run"):
            return
        earlier_builds_prune(
            Path(self.location),
            collected_names(self.hashed_files, self.manifest_name),
            keep_days=settings.STATIC_EARLIER_BUILDS_DAYS,
        )

    def compress_files(self, paths: Any) -> Any:
        """Compresses only the files whose compressed copies are missing or older than the
        file: a deploy into a STATIC_ROOT that already holds the earlier builds compresses
        what its build added or changed, not every file again."""
        return super().compress_files([path for path in paths if not self._compressed(path)])

    def _compressed(self, name: str) -> bool:
        path = Path(self.path(name))
        copies = [Path(f"{path}{suffix}") for suffix in (".gz", ".br")]
        existing = [copy for copy in copies if copy.exists()]
        try:
            modified = path.stat().st_mtime
        except OSError:
            return False
        return bool(existing) and all(copy.stat().st_mtime >= modified for copy in existing)


def earlier_builds_record(root: Path) -> Path:
    """Where the collect step notes when each file of STATIC_ROOT last belonged to a
    build: beside the folder, so it is never served."""
    return root.parent / f"{root.name}.builds.json"


def earlier_builds_prune(
    root: Path, current: set[str], *, keep_days: float, now: float | None = None
) -> list[str]:
    """Keeps the files of earlier builds in STATIC_ROOT (`root`) for `keep_days` after the
    last build that had them, and removes the older ones; returns the names removed.

    A page loaded before a deploy still asks for its build's chunks (a chart, a menu, a
    page opened later) by their hashed names, from whichever node the balancer picks: each
    node keeps serving them while such pages may still be open. `current` names the files
    of the build just collected; a file never seen before counts as seen now."""
    now = time.time() if now is None else now
    record = earlier_builds_record(root)
    try:
        seen: dict[str, float] = json.loads(record.read_text())
    except (OSError, ValueError):
        seen = {}
    kept: dict[str, float] = {}
    removed: list[str] = []
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        name = path.relative_to(root).as_posix()
        last = now if name in current else seen.get(name, now)
        if now - last > keep_days * 86400:
            path.unlink()
            removed.append(name)
        else:
            kept[name] = last
    record.write_text(json.dumps(kept, indent=0, sort_keys=True))
    return removed


def collected_names(hashed_files: dict[str, str], manifest_name: str) -> set[str]:
    """The files of the build a manifest storage just collected: each original and hashed
    name, their compressed copies, and the manifest."""
    names = {manifest_name, *hashed_files.keys(), *hashed_files.values()}
    return {f"{name}{suffix}" for name in names for suffix in ("", ".gz", ".br")}
