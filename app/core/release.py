"""The release a process runs, as a fingerprint of its code."""

import hashlib
import sys
from functools import cache
from pathlib import Path

APP_ROOT = Path(__file__).resolve().parent.parent
# The locked versions of the libraries the release runs with (a library's class may change
# shape too).
LOCK_FILE = APP_ROOT.parent / "requirements" / "base.lock"


def code_fingerprint(root: Path) -> str:
    """A digest of every module under `root` but the tests, by its path under `root`: the
    same for every node of a release wherever it is installed, another for any change of
    its code. An editor's hidden files (`.#name.py`, a lock that may be a dangling link)
    are not modules."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if "tests" in relative.parts or any(part.startswith(".") for part in relative.parts):
            continue
        if not path.is_file():
            continue
        digest.update(relative.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@cache
def code_release() -> str:
    """This process's release: its modules, its libraries' locked versions and Python's
    version. Read once, at start-up (about 12 ms)."""
    digest = hashlib.sha256(code_fingerprint(APP_ROOT).encode())
    digest.update(f"\0python {sys.version_info.major}.{sys.version_info.minor}\0".encode())
    if LOCK_FILE.is_file():
        digest.update(LOCK_FILE.read_bytes())
    return digest.hexdigest()[:16]
