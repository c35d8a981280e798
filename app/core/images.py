"""Pictures uploaded by visitors, decoded within a fixed memory budget.

A compressed picture says nothing about the memory its pixels take: a 140 KB PNG can
declare 20,000 x 20,000 pixels and would need 1.6 GB once decoded. So the dimensions are
read from the header first, and nothing is decoded beyond what one worker can afford:
- PNG, GIF and WebP of more than MAX_PIXELS are refused before decoding, and so is any
  whose decoding would take more than DECODE_BUDGET: Pillow keeps most pictures at 4
  bytes a pixel, and some need more copies (an RGBA picture is scaled premultiplied, a
  WebP decoder holds its canvas and the raw frame besides the picture);
- a JPEG is decoded straight to at most DECODE_MAX_SIDE pixels a side (libjpeg scales by
  1/2, 1/4 or 1/8 while decoding, `draft`), so a large phone photo still works; a JPEG
  with several scans (progressive) must hold all its coefficients at once while decoding,
  so its size counts against JPEG_SCAN_BUDGET.
What is stored is a re-encoded square JPEG of bounded size: no metadata (EXIF location),
nothing hidden in the file survives. One call stays well under 100 MB (measured in
app/core/tests/test_images.py).

This module must not need Django's settings: the memory test imports it in a bare process.
"""

import io
import math
import struct
import warnings
from typing import Literal

from PIL import Image, ImageOps, UnidentifiedImageError
from PIL.JpegImagePlugin import JpegImageFile

MAX_PIXELS = 16_000_000
DECODE_BUDGET = 80 * 1024 * 1024
DECODE_MAX_SIDE = 2048
# Bytes of DCT coefficients (2 bytes each) a multi-scan JPEG may need while decoding.
JPEG_SCAN_BUDGET = 48 * 1024 * 1024
FORMATS = ("JPEG", "PNG", "GIF", "WEBP")

# Pillow's own guard, lowered to the platform's limit for every image opened anywhere in
# the process: Image.open refuses more than twice this (DecompressionBombError) and warns
# above it. The checks below refuse anything above it before decoding.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS

# EXIF orientation → the transposition that shows the picture upright.
_ORIENTATION = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}

# Peak bytes a pixel takes while a picture of this mode is decoded and scaled (measured).
_PEAK_BYTES = {"1": 5, "L": 1, "P": 5, "I;16": 2, "I": 4, "F": 4, "RGB": 4, "CMYK": 4}
_PEAK_BYTES_WITH_ALPHA = 8
_PEAK_BYTES_WEBP = 16

RefusalCode = Literal["not_an_image", "too_large"]


class ImageRefused(Exception):
    """An upload that is not a picture of an accepted format ("not_an_image"), or whose
    pixels would not fit the memory budget ("too_large")."""

    def __init__(self, code: RefusalCode) -> None:
        super().__init__(code)
        self.code: RefusalCode = code


def image_thumbnail(*, data: bytes, size: int, quality: int = 85) -> bytes:
    """The picture in `data` as a `size` x `size` JPEG (centre-cropped, upright, no
    metadata); raises ImageRefused."""
    try:
        with warnings.catch_warnings():
            # Pillow warns between MAX_PIXELS and twice that: refused below anyway.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = _decoded(data)
        orientation = image.getexif().get(0x0112)
        # Cropped and scaled first, in the picture's own mode: every copy made after this
        # (rotation, colour conversion) is of the small square, never of the upload.
        if image.mode in ("1", "P", "PA"):
            image = image.convert("RGBA" if _has_alpha(image) else "RGB")
        image = ImageOps.fit(image, (size, size), method=Image.Resampling.LANCZOS)
        transpose = _ORIENTATION.get(orientation) if isinstance(orientation, int) else None
        if transpose is not None:
            # A centred square crop looks the same whichever way the picture is turned.
            image = image.transpose(transpose)
        picture = _flattened(image)
        buffer = io.BytesIO()
        picture.save(buffer, format="JPEG", quality=quality, optimize=True)
    except ImageRefused:
        raise
    except Image.DecompressionBombError:
        raise ImageRefused("too_large") from None
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        SyntaxError,
        EOFError,
        struct.error,
        IndexError,
        KeyError,
        TypeError,
        ZeroDivisionError,
    ):
        # Whatever a malformed file makes a decoder stumble on, it is not a picture.
        raise ImageRefused("not_an_image") from None
    return buffer.getvalue()


def _decoded(data: bytes) -> Image.Image:
    if data.startswith(b"\xff\xd8\xff"):
        return _decoded_jpeg(data)
    # The magic bytes pick the decoder; the file's name and declared type mean nothing.
    image = Image.open(io.BytesIO(data), formats=[name for name in FORMATS if name != "JPEG"])
    pixels = image.width * image.height
    if pixels > MAX_PIXELS or pixels * _peak_bytes(image) > DECODE_BUDGET:
        raise ImageRefused("too_large")
    # Checks the structure (and a PNG's checksums) without decoding pixels.
    image.verify()
    image = Image.open(io.BytesIO(data), formats=[image.format or ""])
    image.load()
    return image


def _decoded_jpeg(data: bytes) -> Image.Image:
    # The JPEG decoder class directly: Image.open would refuse a 50-megapixel phone photo
    # by its declared size, before `draft` could decode it at a fraction of that.
    stream = io.BytesIO(data)
    image = JpegImageFile(stream)
    width, height = image.size
    scale = next((s for s in (1, 2, 4, 8) if max(width, height) <= DECODE_MAX_SIDE * s), None)
    if scale is None or width * height == 0:
        raise ImageRefused("too_large")
    if _several_scans(data, start=stream.tell()) and _coefficient_bytes(image) > JPEG_SCAN_BUDGET:
        raise ImageRefused("too_large")
    if scale > 1:
        # `draft` picks the largest scale that keeps both sides at least this size.
        image.draft(image.mode, (max(1, width // scale), max(1, height // scale)))
        if max(image.size) > DECODE_MAX_SIDE:
            # A sliver a few pixels high cannot be scaled down enough.
            raise ImageRefused("too_large")
    image.load()
    return image


def _peak_bytes(image: Image.Image) -> int:
    if image.format == "WEBP":
        return _PEAK_BYTES_WEBP
    if _has_alpha(image):
        return _PEAK_BYTES_WITH_ALPHA
    return _PEAK_BYTES.get(image.mode, _PEAK_BYTES_WITH_ALPHA)


def _several_scans(data: bytes, *, start: int) -> bool:
    # After the first start-of-scan marker, a 0xFF byte inside the compressed data is
    # always followed by 0x00 (or a restart marker): another FF DA is another scan.
    return data.find(b"\xff\xda", start) != -1


def _coefficient_bytes(image: JpegImageFile) -> int:
    """What libjpeg holds for a multi-scan JPEG: every 8x8 block of every component."""
    # (component id, horizontal sampling, vertical sampling, quantisation table)
    layers = image.layer or [(0, 1, 1, 0)]
    h_max = max(layer[1] for layer in layers) or 1
    v_max = max(layer[2] for layer in layers) or 1
    total = 0
    for _id, h, v, _table in layers:
        blocks_w = math.ceil(math.ceil(image.width * h / h_max) / 8)
        blocks_h = math.ceil(math.ceil(image.height * v / v_max) / 8)
        total += blocks_w * blocks_h * 64 * 2
    return total


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("PA", "RGBA", "LA") or "transparency" in image.info


def _flattened(image: Image.Image) -> Image.Image:
    """RGB for the JPEG: transparent parts become white, not black."""
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and _has_alpha(image)):
        rgba = image.convert("RGBA")
        background = Image.new("RGB", rgba.size, (255, 255, 255))
        background.paste(rgba, mask=rgba.getchannel("A"))
        return background
    return image.convert("RGB")
