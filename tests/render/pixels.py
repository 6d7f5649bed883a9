"""Reading a rendered board back: decode the PNG, find a square's pixels."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping

from PIL import Image

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.handlers.board_areas import with_areas
from bot.render.board import BoardView, render_board
from bot.render.layout import Layout, plan

RGB = tuple[int, int, int]
TOLERANCE = 6  # the palette PNG may move a colour by a few levels


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def draw(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView | None = None
) -> tuple[Image.Image, Layout]:
    # the templates' squares worked out as the handlers do (the renderer is handed them)
    view = with_areas(encounter, view or BoardView())
    return decode(render_board(encounter, footprints, view)), plan(encounter, footprints, view)


def centre(layout: Layout, cell: Cell, side: int = 1) -> tuple[int, int]:
    """The image pixel at the middle of ``cell``'s footprint."""
    x = layout.left + (cell.col - layout.x0 + side / 2) * layout.cell
    y = layout.top + (cell.row - layout.y0 + side / 2) * layout.cell
    return int(x), int(y)


def cell_box(layout: Layout, cell: Cell, inset: int = 2) -> tuple[int, int, int, int]:
    """The square's pixels inside its grid lines."""
    x = layout.left + (cell.col - layout.x0) * layout.cell
    y = layout.top + (cell.row - layout.y0) * layout.cell
    return (x + inset, y + inset, x + layout.cell - inset, y + layout.cell - inset)


def pixel(image: Image.Image, xy: tuple[int, int]) -> RGB:
    r, g, b = image.getpixel(xy)  # type: ignore[misc]
    return (r, g, b)


def near(a: RGB, b: RGB, tolerance: int = TOLERANCE) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> Counter[RGB]:
    crop = image.crop(box)
    found = crop.getcolors(crop.width * crop.height) or []
    return Counter({c: n for n, c in found})


def share(image: Image.Image, box: tuple[int, int, int, int], colour: RGB) -> float:
    """The fraction of the box's pixels near ``colour``."""
    counted = colours(image, box)
    total = sum(counted.values())
    return sum(n for c, n in counted.items() if near(c, colour)) / total
