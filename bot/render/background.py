"""A map image under the grid (/map background): checked, cut to the grid and scaled
once when a GM sets it, then drawn under every board picture.

``prepare`` takes the uploaded bytes and the grid as the GM describes it (the
size of one square in the image's pixels and where the first square's corner
is) and returns a JPEG that starts at the map's corner, at ``px_per_square``
pixels a square; ``backdrop`` cuts and scales that for a picture's window. Pure
Pillow: no storage, no Discord.
"""

from __future__ import annotations

import hashlib
import io
import math
import warnings
from dataclasses import dataclass, field

from PIL import Image, UnidentifiedImageError

from bot.errors import InvalidInput

FORMATS = ("PNG", "JPEG", "WEBP", "GIF")  # what Discord shows, and Pillow reads
# the decompression-bomb guard: more is refused before anything is decoded
MAX_SOURCE_PIXELS = 50_000_000  # a 7,000 x 7,000 map
# and either side at most this (a 1 x 50,000,000 strip is within the pixels but costs a
# second and a gigabyte to read): a 200-square map at 100 px a square
MAX_SOURCE_SIDE_PX = 20_000
# What may be decoded (issue 38): every pixel of a PNG, GIF, WebP or progressive JPEG
# (whose decoder keeps all its coefficients whatever the scale), a baseline JPEG's as
# read reduced (``Image.draft``). So accepting an image costs at most about 1 s and
# 200 MB (``python -m bench.background``: bench/results/background.md)
MAX_DECODED_PIXELS = 16_000_000  # 4,000 x 4,000
# Pillow reads a WebP through libwebp's animation decoder: two canvases beside the image
# and a copy of the frame, 16 bytes a pixel while it loads against 4 to 6 for the rest
MAX_WEBP_PIXELS = 9_000_000  # 3,000 x 3,000
MAX_STORED_SIDE_PX = 4096  # the prepared image's longest side
MAX_PX_PER_SQUARE = 64  # the largest cell a board picture draws
JPEG_QUALITY = 85
BAND_ROWS = 256  # rows of a prepared image scaled at a time
LANCZOS_REACH = 3.0  # the filter's reach, in source px per px of the result (or 1)
MIN_CELL_PX = 8
ACCEPTED = "Attach a PNG, JPEG, WebP or GIF map image."


@dataclass(frozen=True)
class Prepared:
    """A background ready to store: JPEG bytes from the map's top-left corner."""

    jpeg: bytes
    px_per_square: int
    squares_across: float  # how far the image reaches, in squares
    squares_down: float
    cell_px: int  # the grid as the GM gave it (or as it was worked out)
    source_size: tuple[int, int]

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.jpeg).hexdigest()[:32]


@dataclass(frozen=True)
class BackgroundImage:
    """A prepared background, decoded, for drawing (compared by digest only)."""

    digest: str
    image: Image.Image = field(compare=False, hash=False)
    px_per_square: int = field(compare=False, hash=False)


def prepare(
    data: bytes,
    *,
    map_width: int,
    map_height: int,
    cell_px: int | None,
    offset_x_px: int = 0,
    offset_y_px: int = 0,
) -> Prepared:
    """Check ``data`` is an image, cut it from the grid's corner and scale it so a
    square is at most ``MAX_PX_PER_SQUARE`` px. ``cell_px`` None: the image's width
    spans the map's width. Raises ``InvalidInput`` for anything it can't use, an image
    that would cost too much to decode included (before decoding it)."""
    source = _open(data)
    width_px, height_px = source.size
    if offset_x_px >= width_px or offset_y_px >= height_px:
        raise InvalidInput(
            f"offset_x/offset_y: ({offset_x_px}, {offset_y_px}) px is past the image's "
            f"edge ({width_px}×{height_px} px). Give the px of the first square's top-left "
            "corner, inside the image."
        )
    if cell_px is None:
        cell_px = max(MIN_CELL_PX, (width_px - offset_x_px) // map_width)
    elif cell_px < MIN_CELL_PX:
        raise InvalidInput(f"cell_px: a square is at least {MIN_CELL_PX} px, not {cell_px}.")
    # the part of the image over the map, in the image's px
    right = min(width_px, offset_x_px + map_width * cell_px)
    bottom = min(height_px, offset_y_px + map_height * cell_px)
    across = (right - offset_x_px) / cell_px
    down = (bottom - offset_y_px) / cell_px
    longest = max(across, down)
    per_square = max(
        1, min(MAX_PX_PER_SQUARE, cell_px, math.floor(MAX_STORED_SIDE_PX / max(longest, 1)))
    )
    size = (max(1, round(across * per_square)), max(1, round(down * per_square)))
    # a baseline JPEG is decoded reduced (1/2, 1/4 or 1/8 a side) to no less than the
    # whole image at the board's px a square: the box below is in the decoded px
    reduced = _draft(source, per_square / cell_px)
    _require_affordable(source, (width_px, height_px), size)
    _load(source)
    box = (offset_x_px, offset_y_px, right, bottom)
    scaled = _scaled(source, tuple(v / reduced for v in box), size)
    del source  # the decoded image goes before the encoder's buffers come
    out = io.BytesIO()
    scaled.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return Prepared(out.getvalue(), per_square, across, down, cell_px, (width_px, height_px))


def _open(data: bytes) -> Image.Image:
    """The image in ``data``, its header read (nothing decoded yet); a clear refusal for
    anything else, or for more pixels than any map needs."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=FORMATS)
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise InvalidInput(
            f"background: that file is not an image Stride can read. {ACCEPTED}"
        ) from None
    except (OSError, ValueError, SyntaxError):  # truncated or corrupt
        raise InvalidInput(f"background: the image is damaged or cut short. {ACCEPTED}") from None
    if (
        image.width * image.height > MAX_SOURCE_PIXELS
        or max(image.width, image.height) > MAX_SOURCE_SIDE_PX
    ):
        raise InvalidInput(
            f"background: the image is {image.width}×{image.height} px; at most "
            f"{MAX_SOURCE_PIXELS // 1_000_000} million pixels and {MAX_SOURCE_SIDE_PX:,} "
            "px a side. Scale it down first."
        )
    return image


def _progressive(image: Image.Image) -> bool:
    return image.format == "JPEG" and bool(image.info.get("progressive"))


def _draft(image: Image.Image, scale: float) -> int:
    """Have a baseline JPEG decoded reduced, to no less than ``scale`` of its size; how
    many times smaller a side it will be (1: not reduced)."""
    if image.format != "JPEG" or _progressive(image):
        return 1
    width = image.width
    wanted = (max(1, math.ceil(width * scale)), max(1, math.ceil(image.height * scale)))
    drafted = image.draft(None, wanted)  # the whole image's box in the decoded px
    return 1 if drafted is None else round(width / drafted[1][2])


def _most_pixels(image: Image.Image) -> int:
    return MAX_WEBP_PIXELS if image.format == "WEBP" else MAX_DECODED_PIXELS


def _require_affordable(
    image: Image.Image, source_size: tuple[int, int], kept: tuple[int, int]
) -> None:
    """Refuse, before decoding, an image that would cost more than its format's share
    of pixels to decode: what was wrong, what is accepted and how to get there."""
    read = source_size if image.format != "JPEG" or _progressive(image) else image.size
    if read[0] * read[1] <= _most_pixels(image):
        return
    width, height = source_size
    if image.format != "JPEG":
        how = "A JPEG may be larger: Stride reads it reduced to what the board needs."
    elif _progressive(image):
        how = (
            "A progressive JPEG is read whole: saved as a baseline (standard) JPEG it "
            "would be read reduced to what the board needs."
        )
    else:
        how = f"Even reduced for this board it would be read at {read[0]:,}×{read[1]:,} px."
    raise InvalidInput(
        f"background: the image is {width:,}×{height:,} px "
        f"({width * height / 1_000_000:.1f} million pixels); Stride reads at most "
        f"{_millions(MAX_DECODED_PIXELS)} of a PNG, GIF or JPEG map, "
        f"{_millions(MAX_WEBP_PIXELS)} of a WebP. {how} Scale it down or crop it to the "
        f"map first (this board keeps {kept[0]:,}×{kept[1]:,} px of it), give cell_px for "
        "the new size, and set it again."
    )


def _millions(pixels: int) -> str:
    side = math.isqrt(pixels)
    return f"{pixels / 1_000_000:g} million pixels ({side:,}×{side:,} px)"


def _load(image: Image.Image) -> None:
    try:
        image.load()
    except (OSError, ValueError, SyntaxError):  # truncated or corrupt
        raise InvalidInput(f"background: the image is damaged or cut short. {ACCEPTED}") from None


def _scaled(image: Image.Image, box: tuple[float, ...], size: tuple[int, int]) -> Image.Image:
    """The part ``box`` of ``image`` scaled to ``size``, in RGB (an alpha band dropped,
    as a conversion to RGB drops it), ``BAND_ROWS`` rows of the result at a time: each
    band reads the image's rows under it and the filter's reach round them, converted
    to RGB on their own, so no full-size copy of the image is ever made (a conversion,
    Pillow's pass between its horizontal and vertical ones). The result is the same
    as one ``resize`` of the whole box (tests/render/test_background_cost.py)."""
    left, top, right, bottom = box
    step_x, step_y = (right - left) / size[0], (bottom - top) / size[1]
    reach_x, reach_y = (LANCZOS_REACH * max(step, 1.0) + 2 for step in (step_x, step_y))
    x_lo, x_hi = max(0, math.floor(left - reach_x)), min(image.width, math.ceil(right + reach_x))
    out = Image.new("RGB", size)
    for first in range(0, size[1], BAND_ROWS):
        rows = min(BAND_ROWS, size[1] - first)
        y0, y1 = top + first * step_y, top + (first + rows) * step_y
        dx, dy = x_lo, max(0, math.floor(y0 - reach_y))
        band = image.crop((dx, dy, x_hi, min(image.height, math.ceil(y1 + reach_y))))
        band = band if band.mode == "RGB" else band.convert("RGB")
        part = band.resize(
            (size[0], rows),
            Image.Resampling.LANCZOS,
            box=(left - dx, y0 - dy, right - dx, y1 - dy),
        )
        out.paste(part, (0, first))
    return out


def decode(digest: str, jpeg: bytes, px_per_square: int) -> BackgroundImage:
    """A stored background, ready to draw."""
    image = Image.open(io.BytesIO(jpeg), formats=("JPEG",))
    image.load()
    return BackgroundImage(digest, image.convert("RGB"), px_per_square)


def backdrop(
    background: BackgroundImage, first_col: int, first_row: int, cols: int, rows: int, cell: int
) -> Image.Image:
    """The part of ``background`` under a window of ``cols`` x ``rows`` squares from
    (``first_col``, ``first_row``), at ``cell`` px a square; it may be smaller than the
    window (the image ends before the map does) or empty (0 px)."""
    per = background.px_per_square
    image = background.image
    box = (
        first_col * per,
        first_row * per,
        min(image.width, (first_col + cols) * per),
        min(image.height, (first_row + rows) * per),
    )
    if box[2] <= box[0] or box[3] <= box[1]:
        return Image.new("RGB", (0, 0))
    size = (round((box[2] - box[0]) * cell / per), round((box[3] - box[1]) * cell / per))
    return image.resize(size, Image.Resampling.BILINEAR, box=box)
