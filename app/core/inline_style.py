"""The frontend build's stylesheet, written into a visitor's page's <head> instead of linked.

A linked stylesheet holds the first paint back one more round trip after the HTML: on
Lighthouse's throttled mobile connection /login painted at 1.42-1.47 s with the link and
at 0.76-0.88 s with the stylesheet in the page (devtools throttling, 2026-11-28). It is
7 KB gzip, and every page after the first is an Inertia visit (JSON), so a visitor pays
it once per tab. The page's Content-Security-Policy admits it by its hash
(`style_hash_sources`, in settings.SECURE_CSP), never by 'unsafe-inline'.

A visitor's page also asks the browser to fetch the file when it is idle (a prefetch), so
it is in the browser's cache before the visitor has logged in; a logged-in account's pages
link it instead of carrying it (its first loads, one per tab, are 33 KB lighter). The login
page is a visitor's page, so a browser that logged in has been offered the file, and the
service worker keeps it with the entry script once installed (`FIRST_PAINT`,
app/shell/service_worker.py), the new build's too after a deploy. A browser without
either (one whose cache lost it, one that came in by a link in an e-mail, Safari, which
does not prefetch, before its service worker is installed) waits on one more request for
that first paint, as every page did with the link alone.

The scripts then have nothing to wait behind, and are fetched at low priority
(app/core/templatetags/frontend.py): the same throttled load became interactive at
3.82-3.92 s against 3.84-3.89 s at their default priority, and Lighthouse's simulation
no longer counts them on the paint's path.

The stylesheets are those the entry's record in Vite's manifest names (its documented
backend-integration format), read from the build next to the manifest.
"""

import base64
import hashlib
import json
from functools import cache
from pathlib import Path

ENTRY = "frontend/main.tsx"


@cache
def entry_stylesheets(manifest_path: Path) -> dict[str, str]:
    """The build's path of each stylesheet of the entry (as the manifest names it) and its
    text; empty without a build, or when one of them could end the <style> element. Read
    once per process: the CSP's hashes and the page's text come from the same reading."""
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        files = manifest.get(ENTRY, {}).get("css", [])
        # The manifest sits in .vite/ inside the build directory; its paths start there.
        texts = {
            file: (manifest_path.parent.parent / file).read_text(encoding="utf-8") for file in files
        }
    except (OSError, ValueError, AttributeError):
        return {}
    if any("</" in text for text in texts.values()):
        return {}
    return texts


def style_hash_sources(manifest_path: Path) -> list[str]:
    """The CSP sources ('sha256-…') of the stylesheets written into the page."""
    return [
        f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"
        for text in entry_stylesheets(manifest_path).values()
    ]
