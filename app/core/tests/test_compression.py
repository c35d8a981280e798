"""Pages and JSON answers go out gzip-compressed to clients that accept it."""

import gzip
import json
import secrets
import zlib

import pytest
from django.conf import settings
from django.http import HttpResponse, StreamingHttpResponse
from django.test import override_settings

from app.core import compression
from app.core.compression import CompressionMiddleware, _segment_in, gzip_segment_register
from app.core.tests.helpers import deflated_flushed as _sync_flushed
from app.core.tests.helpers import gzip_deflate_stream as _deflate_stream

pytestmark = pytest.mark.django_db


def test_a_page_is_compressed_for_a_client_that_accepts_it(client):
    plain = client.get("/login")
    compressed = client.get("/login", headers={"Accept-Encoding": "gzip, br"})

    assert "Content-Encoding" not in plain.headers
    assert compressed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in compressed.headers["Vary"]
    assert gzip.decompress(compressed.content).startswith(b"<!doctype html>")
    assert len(compressed.content) < len(plain.content) / 2


def test_an_inertia_visit_is_compressed_too(client):
    response = client.get("/login", headers={"X-Inertia": "true", "Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(response.content))["component"] == "Accounts/Login"


def _deflated(data: bytes, level: int) -> bytes:
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


@pytest.mark.parametrize("level", [1, 2, 9])
def test_pages_are_compressed_at_the_level_set_for_answers_made_anew(client, settings, level):
    settings.RESPONSE_GZIP_LEVEL = level
    response = client.get("/login", headers={"X-Inertia": "true", "Accept-Encoding": "gzip"})

    plain = gzip.decompress(response.content)
    # (Levels 1, 2 and 9 write this answer differently, so only the set one matches.)
    assert len({_deflated(plain, other) for other in (1, 2, 9)}) == 3
    assert _deflate_stream(response.content) == _deflated(plain, level)
    assert response.headers["Content-Length"] == str(len(response.content))


def test_each_compressed_answer_is_padded_by_a_random_length_against_breach(client):
    # The same answer compressed again and again: the run of bytes in its header differs,
    # so its length tells an attacker nothing exact (Django's defence, kept).
    paddings = set()
    for _ in range(12):
        body = client.get(
            "/login", headers={"X-Inertia": "true", "Accept-Encoding": "gzip"}
        ).content
        assert body[3] & gzip.FNAME
        paddings.add(body.index(b"\x00", 10) - 10)
    assert len(paddings) > 1


def test_short_answers_and_streams_are_compressed_as_django_does(rf):
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})

    short = middleware.process_response(request, HttpResponse(b"x" * 199))
    assert "Content-Encoding" not in short.headers
    assert "Vary" not in short.headers

    rows = [b"a;b\n" * 100, b"c;d\n" * 100]
    stream = middleware.process_response(request, StreamingHttpResponse(iter(rows)))
    assert stream.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(b"".join(stream.streaming_content)) == b"".join(rows)


def test_an_answer_already_encoded_or_not_shorter_is_left_as_it_is(rf):
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})

    encoded = HttpResponse(b"x" * 500, headers={"Content-Encoding": "br"})
    encoded = middleware.process_response(request, encoded)
    assert encoded.content == b"x" * 500
    assert "Vary" not in encoded.headers

    noise = secrets.token_bytes(300)
    kept = middleware.process_response(request, HttpResponse(noise))
    assert kept.content == noise
    assert "Content-Encoding" not in kept.headers
    assert kept.headers["Vary"] == "Accept-Encoding"


def test_a_strong_etag_is_made_weak_when_the_answer_is_compressed(rf):
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})
    response = HttpResponse(b"x" * 500, headers={"ETag": '"v1"'})
    assert middleware.process_response(request, response).headers["ETag"] == 'W/"v1"'


def test_an_answer_for_a_client_without_gzip_is_plain_but_varies_by_encoding(rf):
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    response = middleware.process_response(rf.get("/"), HttpResponse(b"x" * 500))
    assert response.content == b"x" * 500
    assert "Content-Encoding" not in response.headers
    assert response.headers["Vary"] == "Accept-Encoding"


def test_no_padding_asked_for_writes_a_plain_gzip_header(rf, monkeypatch):
    monkeypatch.setattr(CompressionMiddleware, "max_random_bytes", 0)
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})
    response = middleware.process_response(request, HttpResponse(b"x" * 500))
    assert not response.content[3] & gzip.FNAME
    assert gzip.decompress(response.content) == b"x" * 500


@pytest.fixture
def segments(monkeypatch):
    """The registered segments, emptied for the test and given back after it."""
    monkeypatch.setattr(compression, "_segments", {})


TAGS = b'<script type="module" src="/static/dist/main.js"></script><style>' + b".a{}" * 400


@pytest.mark.usefixtures("segments")
@pytest.mark.parametrize("before", [b"", b"<!doctype html><head><title>One</title>"])
@pytest.mark.parametrize("after", [b"", b"</style></head><body>" + b"x" * 900])
def test_an_answer_holding_a_registered_segment_reuses_its_compressed_form(rf, before, after):
    gzip_segment_register("tags", TAGS)
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})
    level = settings.RESPONSE_GZIP_LEVEL

    body = middleware.process_response(request, HttpResponse(before + TAGS + after)).content

    # (gzip checks the length and the checksum of the whole answer as it reads it.)
    assert gzip.decompress(body) == before + TAGS + after
    assert _deflate_stream(body) == (
        _sync_flushed(before, level) + _sync_flushed(TAGS, level) + _deflated(after, level)
    )


@pytest.mark.usefixtures("segments")
def test_an_answer_with_a_part_of_a_segment_or_with_it_past_the_head_is_compressed_whole(rf):
    gzip_segment_register("tags", TAGS)
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})
    partly = TAGS[:-4] + b".b{}</style>"
    late = b"<!--" + b"y" * 16 * 1024 + b"-->" + TAGS

    for answer in (partly, late):
        body = middleware.process_response(request, HttpResponse(answer)).content

        assert gzip.decompress(body) == answer
        assert _deflate_stream(body) == _deflated(answer, settings.RESPONSE_GZIP_LEVEL)


@pytest.mark.skipif(not settings.VITE_MANIFEST.exists(), reason="no frontend build: vite build")
@override_settings(GTM_CONTAINER_ID="GTM-TEST123")
def test_every_visitors_first_load_carries_the_builds_tags_compressed_once(client):
    # The build's tags, the 33 KB stylesheet written in, are the same in every visitor's page
    # whatever the request (the tag manager's tags carry its CSP nonce): deflated once per process.
    login = client.get("/login").content
    found = _segment_in(login)

    assert found is not None
    start, segment = found
    assert b"<style>" in segment.text
    assert b"nonce=" not in segment.text
    assert _segment_in(client.get("/p/regulamin").content) is not None
    compressed = client.get("/login", headers={"Accept-Encoding": "gzip"}).content
    assert _sync_flushed(segment.text, settings.RESPONSE_GZIP_LEVEL) in _deflate_stream(compressed)
    assert gzip.decompress(compressed)[start:].startswith(segment.text)
    # Kept for the next answer.
    assert segment.deflated[settings.RESPONSE_GZIP_LEVEL] == _sync_flushed(
        segment.text, settings.RESPONSE_GZIP_LEVEL
    )


@pytest.mark.usefixtures("segments")
def test_a_segment_is_found_after_a_partial_copy_of_it(rf):
    gzip_segment_register("tags", TAGS)
    middleware = CompressionMiddleware(lambda request: HttpResponse())
    request = rf.get("/", headers={"Accept-Encoding": "gzip"})
    before = b"<!doctype html>" + TAGS[:100]
    level = settings.RESPONSE_GZIP_LEVEL

    body = middleware.process_response(request, HttpResponse(before + TAGS)).content

    assert gzip.decompress(body) == before + TAGS
    assert _deflate_stream(body) == (
        _sync_flushed(before, level) + _sync_flushed(TAGS, level) + _deflated(b"", level)
    )


@pytest.mark.usefixtures("segments")
def test_a_segment_registered_again_too_short_is_no_longer_looked_for(rf):
    gzip_segment_register("tags", TAGS)
    gzip_segment_register("tags", TAGS[:100])

    assert _segment_in(TAGS) is None
