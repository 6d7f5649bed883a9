"""The squares a view changes (speed bands, threat hatching, and the darkness over
them), painted into a palette board as arrays of palette indices.

``bot.render.static.squares`` then ``darkness`` redraw each such square with a
Pillow call or two apiece; here every square is one look (its terrain, band,
hatching and darkness, drawn once in RGB by ``look_tile`` and translated to the
board's palette), and the squares of each look are written in one array
assignment into a copy of the static layer's pixels round them. The pixels are
those the two functions draw (the same tiles, the same blend of the darkness, each
square wholly covered), so the RGB board and the palette board still agree.

Used for a palette board without a background photo; every other picture takes
``squares`` and ``darkness``.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, _imaging

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.render.layout import Layout
from bot.render.paletted import translated
from bot.render.static import DARK, StaticLayer, shade
from bot.render.tiles import square_tile

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

Box = tuple[int, int, int, int]  # first col, first row, last col, last row


@dataclass(frozen=True)
class _Window:
    """A static layer's pixels, and each square of its window's terrain (an index
    into ``kinds``) and darkness, rows by columns."""

    pixels: NDArray[np.uint8]
    kind: NDArray[np.int32]
    dark: NDArray[np.int32]
    kinds: tuple[Terrain, ...]


def paint_overlay(
    image: Image.Image,
    static: StaticLayer,
    layout: Layout,
    encounter: Encounter,
    bands: Sequence[Collection[Cell]],
    threats: Collection[Cell],
) -> Box | None:
    """Paint ``bands`` (the outer band's squares, then the inner's: an inner one wins)
    and the hatching of ``threats`` over ``image``, a fresh copy of ``static``'s
    picture; returns the squares' bounding box (None: nothing shown to paint)."""
    import numpy as np

    rows, cols = layout.rows, layout.cols
    band = np.zeros((rows, cols), np.int32)
    for number, cells in enumerate(bands, start=1):
        _mark(band, layout, cells, number)
    hatched = np.zeros((rows, cols), np.int32)
    _mark(hatched, layout, threats, 1)
    over = (band > 0) | (hatched > 0)
    if not over.any():
        return None
    across, down = np.flatnonzero(over.any(axis=0)), np.flatnonzero(over.any(axis=1))
    i0, i1, j0, j1 = int(across[0]), int(across[-1]) + 1, int(down[0]), int(down[-1]) + 1
    window = _window(static, layout, encounter)
    look = ((window.kind * 3 + band) * 2 + hatched) * 2 + window.dark
    look = np.where(over, look, -1)[j0:j1, i0:i1]
    c = layout.cell
    x, y = layout.left + i0 * c, layout.top + j0 * c
    width, height = (i1 - i0) * c, (j1 - j0) * c
    region = window.pixels[y : y + height, x : x + width].copy()
    squares = region.reshape(j1 - j0, c, i1 - i0, c).swapaxes(1, 2)  # a view, by square
    codes = tuple(np.flatnonzero(np.bincount(look[look >= 0])).tolist())
    for code, tile in zip(codes, _looks(image, static, window, codes, c), strict=True):
        squares[look == code] = tile
    image.load()
    core = _imaging.map_buffer(region, (width, height), "raw", 0, ("L", 0, 1))
    image.im.paste(core, (x, y, x + width, y + height))
    return (layout.x0 + i0, layout.y0 + j0, layout.x0 + i1 - 1, layout.y0 + j1 - 1)


def _looks(
    image: Image.Image, static: StaticLayer, window: _Window, codes: tuple[int, ...], cell: int
) -> list[NDArray[np.uint8]]:
    """Each look of ``codes`` as ``image``'s palette indices, its new colours given
    indices in order. ``image``'s palette is ``static``'s (nothing is drawn before), so
    the same looks give out the same indices: kept, with the colours they add."""
    palette = image.palette
    assert palette is not None
    raw = getattr(palette, "_palette", None)
    kept = static.kept.setdefault("looks", OrderedDict())
    assert isinstance(kept, OrderedDict)
    with _lock:
        hit = kept.get(codes)
    if hit is not None and isinstance(raw, bytearray) and len(raw) == hit[0]:
        raw += hit[1]
        palette.colors.update(hit[2])
        palette.dirty = 1
        return list(hit[3])
    start = len(raw) if isinstance(raw, bytearray) else -1
    tiles = []
    for code in codes:
        kind, rest = divmod(code, 12)
        tile = look_tile(window.kinds[kind], cell, rest // 4, bool(rest // 2 % 2), bool(rest % 2))
        tiles.append(tile_array(image, tile))
    raw = getattr(palette, "_palette", None)
    if start >= 0 and isinstance(raw, bytearray) and palette.mode == "RGB":
        added = {colour: i for colour, i in palette.colors.items() if 3 * i >= start}
        with _lock:
            kept[codes] = (start, bytes(raw[start:]), added, tuple(tiles))
            while len(kept) > LOOKS_KEPT:
                kept.popitem(last=False)
    return tiles


LOOKS_KEPT = 32  # sets of looks a static layer keeps, with the palette entries they add


def _mark(grid: NDArray[np.int32], layout: Layout, cells: Collection[Cell], value: int) -> None:
    """Set the squares of ``cells`` inside the window to ``value``."""
    if not cells:
        return
    import numpy as np

    flat = np.fromiter(itertools.chain.from_iterable(cells), np.int32, 2 * len(cells))
    col, row = flat[0::2] - layout.x0, flat[1::2] - layout.y0
    inside = (col >= 0) & (col < layout.cols) & (row >= 0) & (row < layout.rows)
    grid[row[inside], col[inside]] = value


def _window(static: StaticLayer, layout: Layout, encounter: Encounter) -> _Window:
    """``_Window`` for this static layer, worked out once and kept beside it."""
    found = static.kept.get("painted")
    if isinstance(found, _Window):
        return found
    import numpy as np

    kinds: list[Terrain] = [Terrain.CLEAR]
    code = {Terrain.CLEAR: 0}
    kind = np.zeros((layout.rows, layout.cols), np.int32)
    dark = np.zeros((layout.rows, layout.cols), np.int32)
    x0, y0 = layout.x0, layout.y0
    for cell in _shown(layout, static.terrain):
        what = static.terrain[cell]
        if what not in code:
            code[what] = len(kinds)
            kinds.append(what)
        kind[cell.row - y0, cell.col - x0] = code[what]
    for cell in _shown(layout, static.dark):
        dark[cell.row - y0, cell.col - x0] = 1
    window = _Window(np.asarray(static.image), kind, dark, tuple(kinds))
    static.kept["painted"] = window
    return window


def _shown(layout: Layout, cells: Collection[Cell]) -> list[Cell]:
    """The ``cells`` inside the window (the window's squares looked up when there
    are fewer of those)."""
    if len(cells) > layout.cols * layout.rows:
        every = (
            Cell(col, row)
            for row in range(layout.y0, layout.y0 + layout.rows)
            for col in range(layout.x0, layout.x0 + layout.cols)
        )
        return [cell for cell in every if cell in cells]
    return [cell for cell in cells if layout.shows(cell)]


@lru_cache(maxsize=512)
def look_tile(kind: Terrain, cell: int, band: int, hatched: bool, dark: bool) -> Image.Image:
    """A square as ``squares`` and then ``darkness`` draw it (an RGB tile, never changed)."""
    tile = square_tile(kind, cell, band, hatched)
    if not dark:
        return tile
    tile = tile.copy()
    tile.paste(DARK, (0, 0, cell, cell), shade(cell))
    return tile


def tile_array(im: Image.Image, tile: Image.Image) -> NDArray[np.uint8]:
    """``tile`` (cached, never changed) as ``im``'s palette indices, an array (read-only:
    kept for the next picture in the same palette)."""
    done = translated(im, tile)
    key = id(done[1])
    with _lock:
        hit = _arrays.get(key)
    if hit is None or hit[0] is not done[1]:
        import numpy as np

        hit = (done[1], np.asarray(done[1]))
        with _lock:
            _arrays[key] = hit
            while len(_arrays) > ARRAYS_CACHE:
                _arrays.popitem(last=False)
    return hit[1]


ARRAYS_CACHE = 1024  # as many as paletted keeps translated tiles
_arrays: OrderedDict[int, tuple[Image.Image, NDArray[np.uint8]]] = OrderedDict()
_lock = threading.Lock()  # pictures are drawn in several worker threads
