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
MAX_SOURCE_PIXELS = 50_000_000  # a 7,000 x 7,000 map; more is refused before decoding
# and either side at most this (a 1 x 50,000,000 strip is within the pixels but costs a
# second and a gigabyte to read): a 200-square map at 100 px a square
MAX_SOURCE_SIDE_PX = 20_000
MAX_STORED_SIDE_PX = 4096  # the prepared image's longest side
MAX_PX_PER_SQUARE = 64  # the largest cell a board picture draws
JPEG_QUALITY = 85
MIN_CELL_PX = 8


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
    spans the map's width. Raises ``InvalidInput`` for anything it can't use."""
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
    cut = source.crop((offset_x_px, offset_y_px, right, bottom)).convert("RGB")
    scaled = cut.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    scaled.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return Prepared(out.getvalue(), per_square, across, down, cell_px, (width_px, height_px))


def _open(data: bytes) -> Image.Image:
    """The image in ``data``, loaded; a clear refusal for anything else."""
    accepted = "Attach a PNG, JPEG, WebP or GIF map image."
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=FORMATS)
            if (
                image.width * image.height > MAX_SOURCE_PIXELS
                or max(image.width, image.height) > MAX_SOURCE_SIDE_PX
            ):
                raise InvalidInput(
                    f"background: the image is {image.width}×{image.height} px; at most "
                    f"{MAX_SOURCE_PIXELS // 1_000_000} million pixels and {MAX_SOURCE_SIDE_PX:,} "
                    "px a side. Scale it down first."
                )
            image.load()
    except InvalidInput:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise InvalidInput(
            f"background: that file is not an image Stride can read. {accepted}"
        ) from None
    except (OSError, ValueError, SyntaxError):  # truncated or corrupt
        raise InvalidInput(f"background: the image is damaged or cut short. {accepted}") from None
    return image


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
