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

Every first load of a visitor's page carries the same 34 KB in its head, most of it the
inline stylesheet: the build's tags (`gzip_segment_register`, app/core/templatetags/frontend.py;
an account's pages link the stylesheet, and their few hundred bytes of tags are not kept).
They are deflated once per process and level, ending on a byte boundary (a sync flush, as
pigz joins its parts), and a page is sent as what comes before them deflated anew and
flushed the same way, those bytes, then the rest deflated anew: one valid gzip stream
whose parts never refer to each other. Compressing a first load of the team page (137 KB)
at level 2 went from 410-449 µs to 190 µs, and of the learner's home (47 KB) from 130 to
60 µs, 16 bytes shorter and 133 longer (`gzip_padded` against `gzip.compress`, the fastest
of 5 x 400 runs in one process, three times).
"""

import gzip
import re
import secrets
import struct
import zlib
from typing import NamedTuple

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers

_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
# Shorter answers are not worth compressing (Django's limit).
_MIN_LENGTH = 200


# A registered segment is looked for this far into an answer only (it stands in a page's
# head), so answers without it (JSON) are not searched through.
_SEGMENT_WITHIN = 16 * 1024
# A segment shorter than this is not worth looking for in each answer.
_MIN_SEGMENT = 1024


class _Segment(NamedTuple):
    text: bytes
    # Its raw deflate blocks by level, none of them the last, ending on a byte boundary.
    deflated: dict[int, bytes]


_segments: dict[str, _Segment] = {}


def gzip_segment_register(name: str, segment: bytes) -> None:
    """Registers `segment` (under `name`, replacing what was registered under it; one too
    short to look for unregisters it): bytes that stand early in many answers whatever the
    request, such as the build's tags in a
    page's head. An answer holding them reuses their compressed form."""
    if len(segment) >= _MIN_SEGMENT:
        _segments[name] = _Segment(segment, {})
    else:
        _segments.pop(name, None)


def _segment_in(data: bytes) -> tuple[int, _Segment] | None:
    for segment in list(_segments.values()):
        start = data.find(segment.text[:64], 0, _SEGMENT_WITHIN)
        while start >= 0:
            if data.startswith(segment.text, start):
                return start, segment
            start = data.find(segment.text[:64], start + 1, _SEGMENT_WITHIN)
    return None


def _deflated_segment(segment: _Segment, level: int) -> bytes:
    found = segment.deflated.get(level)
    if found is None:
        compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
        found = compressor.compress(segment.text) + compressor.flush(zlib.Z_SYNC_FLUSH)
        # (Two threads may both deflate it the first time; either result is the same.)
        segment.deflated[level] = found
    return found


def _deflated(data: bytes, level: int) -> tuple[list[bytes], int]:
    """`data` as raw deflate blocks at `level`, a registered segment in it deflated once,
    and its CRC-32."""
    found = _segment_in(data)
    if found is None:
        compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
        return [compressor.compress(data), compressor.flush()], zlib.crc32(data)
    start, segment = found
    end = start + len(segment.text)
    before, after = memoryview(data)[:start], memoryview(data)[end:]
    leading = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    trailing = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    blocks = [
        leading.compress(before),
        leading.flush(zlib.Z_SYNC_FLUSH),
        _deflated_segment(segment, level),
        trailing.compress(after),
        trailing.flush(),
    ]
    return blocks, zlib.crc32(data)


def gzip_padded(data: bytes, *, level: int, max_random_bytes: int) -> bytes:
    """`data` gzip-compressed at `level`, its header carrying a file name of a random length
    below `max_random_bytes` (what Django's compress_string writes, at its level)."""
    deflated, crc = _deflated(data, level)
    flags, padding = 0, b""
    if max_random_bytes:
        flags = gzip.FNAME
        padding = b"a" * secrets.randbelow(max_random_bytes) + b"\x00"
    # ID1 ID2 CM FLG, MTIME 0, XFL 0, OS unknown (RFC 1952).
    header = b"\x1f\x8b\x08" + bytes([flags]) + b"\x00\x00\x00\x00\x00\xff"
    trailer = struct.pack("<II", crc, len(data) & 0xFFFFFFFF)
    return b"".join([header, padding, *deflated, trailer])


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
