"""Uploaded pictures are decoded within a fixed memory budget (app.core.images).

The peak memory of one upload is measured in a separate process by its maximum resident
set size: Pillow decodes in C, where tracemalloc sees nothing.
"""

import io
import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from django.conf import settings
from PIL import Image

from app.core.images import JPEG_SCAN_BUDGET, MAX_PIXELS, ImageRefused, image_thumbnail

PEAK_LIMIT_MB = 100


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bomb_png(width: int, height: int) -> bytes:
    """A valid grey PNG of `width` x `height` black pixels: a few hundred KB that decode to
    width x height bytes (12,000 x 12,000: 140 KB → 144 MB, and 4 times that as RGBA)."""
    compressor = zlib.compressobj(9)
    row = b"\0" * (width + 1)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )


def encoded(image: Image.Image, fmt: str, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt, **options)
    return buffer.getvalue()


def peak_memory_mb(data: bytes, tmp_path: Path) -> tuple[str, float]:
    """(outcome, peak MB above the starting point) of image_thumbnail in a fresh process."""
    source = tmp_path / "upload.bin"
    source.write_bytes(data)
    script = f"""
import json, resource
from app.core.images import ImageRefused, image_thumbnail
data = open({str(source)!r}, "rb").read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    outcome = "stored %d bytes" % len(image_thumbnail(data=data, size=400))
except ImageRefused as refused:
    outcome = refused.code
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps([outcome, (after - before) / 1024]))
"""
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    outcome, peak = json.loads(result.stdout.strip().splitlines()[-1])
    return outcome, peak


def test_the_bomb_png_is_refused_before_decoding_with_little_memory(tmp_path):
    bomb = bomb_png(12_000, 12_000)
    assert len(bomb) < 200 * 1024

    outcome, peak = peak_memory_mb(bomb, tmp_path)

    assert outcome == "too_large"
    assert peak < 10


def test_a_png_just_over_16_megapixels_is_refused():
    with pytest.raises(ImageRefused) as refused:
        image_thumbnail(data=bomb_png(4000, 4001), size=400)
    assert refused.value.code == "too_large"
    assert MAX_PIXELS < 4000 * 4001


@pytest.mark.parametrize(
    ("name", "build"),
    [
        ("PNG RGB 16 MP", lambda: encoded(Image.new("RGB", (4000, 4000), (9, 80, 200)), "PNG")),
        (
            "PNG RGBA 10 MP",
            lambda: encoded(Image.new("RGBA", (3200, 3200), (9, 80, 200, 128)), "PNG"),
        ),
        ("GIF 16 MP", lambda: encoded(Image.new("P", (4000, 4000), 3), "GIF")),
        (
            "WebP RGBA 5 MP",
            lambda: encoded(Image.new("RGBA", (2236, 2236), (9, 80, 200, 90)), "WEBP"),
        ),
        # A phone photo far above 16 MP: decoded at a quarter of its size.
        ("JPEG 24 MP", lambda: encoded(Image.new("RGB", (6000, 4000), (9, 80, 200)), "JPEG")),
        (
            "progressive JPEG 16 MP",
            lambda: encoded(Image.new("RGB", (4000, 4000), (9, 80, 200)), "JPEG", progressive=True),
        ),
    ],
)
def test_the_largest_accepted_pictures_stay_under_100_mb(tmp_path, name, build):
    data = build()
    assert len(data) <= 2 * 1024 * 1024

    outcome, peak = peak_memory_mb(data, tmp_path)

    assert outcome.startswith("stored"), name
    assert peak < PEAK_LIMIT_MB, f"{name}: {peak:.0f} MB"


def test_a_progressive_jpeg_needing_too_many_coefficients_is_refused(tmp_path):
    # 12,000 x 12,000 progressive: libjpeg would hold 432 MB of coefficients at once.
    small = encoded(Image.new("RGB", (16, 16), (9, 80, 200)), "JPEG", progressive=True)
    marker = small.index(b"\xff\xc2")
    # SOF2: length (2), precision (1), then height and width.
    bomb = small[: marker + 5] + struct.pack(">HH", 12_000, 12_000) + small[marker + 9 :]

    outcome, peak = peak_memory_mb(bomb, tmp_path)

    assert outcome == "too_large"
    assert peak < 10
    assert JPEG_SCAN_BUDGET < 12_000 * 12_000 * 3 * 2


@pytest.mark.parametrize(
    ("size", "fmt"),
    [((16_000, 1_000), "WEBP"), ((2500, 2500), "WEBP"), ((3300, 3300), "PNG")],
)
def test_pictures_whose_decoding_exceeds_the_budget_are_refused(size, fmt):
    mode = "RGBA"
    with pytest.raises(ImageRefused) as refused:
        image_thumbnail(data=encoded(Image.new(mode, size, (1, 2, 3, 4)), fmt), size=400)
    assert refused.value.code == "too_large"


@pytest.mark.parametrize(
    "data",
    [b"", b"not an image", b"%PDF-1.4", b"\xff\xd8\xff\xe0garbage", b"\x89PNG\r\n\x1a\nxx"],
)
def test_anything_else_is_not_an_image(data):
    with pytest.raises(ImageRefused) as refused:
        image_thumbnail(data=data, size=400)
    assert refused.value.code == "not_an_image"


def test_other_formats_are_refused_by_their_content():
    bmp = encoded(Image.new("RGB", (10, 10)), "BMP")
    with pytest.raises(ImageRefused) as refused:
        image_thumbnail(data=bmp, size=400)
    assert refused.value.code == "not_an_image"


def test_the_stored_picture_is_a_bounded_jpeg_without_metadata_and_upright():
    # 600 x 300, left half red, right half blue; EXIF says "rotate 90° to show upright"
    # and carries a GPS position.
    picture = Image.new("RGB", (600, 300), (255, 0, 0))
    picture.paste((0, 0, 255), (300, 0, 600, 300))
    exif = Image.Exif()
    exif[0x0112] = 6
    exif[0x8825] = {2: (52.0, 13.0, 0.0)}
    data = encoded(picture, "JPEG", exif=exif.tobytes())

    stored = Image.open(io.BytesIO(image_thumbnail(data=data, size=400)))

    assert (stored.format, stored.size) == ("JPEG", (400, 400))
    assert not stored.getexif()
    assert "exif" not in stored.info
    # Turned upright: red on top, blue at the bottom.
    top, bottom = stored.getpixel((200, 20)), stored.getpixel((200, 380))
    assert top[0] > 200 and top[2] < 60
    assert bottom[2] > 200 and bottom[0] < 60


def test_transparent_parts_become_white():
    data = encoded(Image.new("RGBA", (50, 50), (0, 0, 0, 0)), "PNG")
    stored = Image.open(io.BytesIO(image_thumbnail(data=data, size=400)))
    assert stored.getpixel((200, 200)) == (255, 255, 255)


def test_pillow_itself_refuses_more_than_twice_the_platforms_limit():
    # Every Image.open in the process (admin uploads included) has the lowered limit.
    assert Image.MAX_IMAGE_PIXELS == MAX_PIXELS
    with pytest.raises(Image.DecompressionBombError):
        Image.open(io.BytesIO(bomb_png(6000, 6000)))
