"""Pages and JSON answers compressed for clients that accept gzip, at a level chosen for
answers made anew on every request (settings.RESPONSE_GZIP_LEVEL).

Django's GZipMiddleware compresses at zlib's level 6. A first load of `moje_kursy` (77 KB of
HTML, most of it the inline stylesheet and the rendered list) then cost the web process
0.95 ms of CPU, about as much as building the page; at level 2 it took 0.36 ms, for 13%
more bytes (14.0 KB against 12.4 KB; the team page's 131 KB: 1.23 ms against 0.54 ms,
17.5 KB against 15.5 KB). Django names no setting for the level, so an answer held in
memory is compressed here by Django's rules (long enough, not encoded yet, `Vary:
Accept-Encoding`, kept only when shorter, a strong ETag made weak) and with its defence
against BREACH: a random run of up to 100 bytes in the gzip header, so the compressed
length tells an attacker nothing exact. Streaming answers (CSV exports) are Django's
middleware's, as they were. test_compression.py holds both to the same rules.
"""

import gzip
import re
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers

_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
# Shorter answers are not worth compressing (Django's limit).
_MIN_LENGTH = 200


def gzip_padded(data: bytes, *, level: int, max_random_bytes: int) -> bytes:
    """`data` gzip-compressed at `level`, its header carrying a file name of a random length
    below `max_random_bytes` (what Django's compress_string writes, at its level)."""
    compressed = gzip.compress(data, compresslevel=level, mtime=0)
    if not max_random_bytes:
        return compressed
    header = bytearray(compressed[:10])
    header[3] = gzip.FNAME
    padding = b"a" * secrets.randbelow(max_random_bytes) + b"\x00"
    return bytes(header) + padding + compressed[10:]


class CompressionMiddleware(GZipMiddleware):
    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.streaming:
            return super().process_response(request, response)
        content = response.content  # type: ignore[attr-defined]
        if len(content) < _MIN_LENGTH or response.has_header("Content-Encoding"):
            return response
        patch_vary_headers(response, ("Accept-Encoding",))
        if not _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            return response
        compressed = gzip_padded(
            content,
            level=settings.RESPONSE_GZIP_LEVEL,
            max_random_bytes=self.max_random_bytes,
        )
        if len(compressed) >= len(content):
            return response
        response.content = compressed  # type: ignore[attr-defined]
        response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
