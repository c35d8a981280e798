"""Static files in production: collectstatic's manifest of hashed names, compressed by
whitenoise, except for the Vite build's assets.

Vite already names every file of `dist/assets/` by its content, and its chunks import one
another by those names (`import … from "./shell-BCpZQAtm.js"`). Hashed a second time, the
HTML would name `shell-BCpZQAtm.<hash>.js` while the chunks still import `shell-BCpZQAtm.js`:
the browser would load, and run, the same module twice. So those files keep Vite's names
(and whitenoise serves them as immutable: WHITENOISE_IMMUTABLE_FILE_TEST); every other
static file gets its hash from the manifest as before.
"""

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage

VITE_ASSETS = "dist/assets/"


class ViteAwareStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def hashed_name(self, name: str, content: Any = None, filename: str | None = None) -> str:
        if name.replace("\\", "/").startswith(VITE_ASSETS):
            return name
        return super().hashed_name(name, content, filename)
