"""What a view changes under the tokens (the speed bands, threat hatching, the
darkness and grid over them, and the inner band's outline), painted into a palette
board as arrays of palette indices.

``static.squares``, ``darkness``, ``grid`` and ``overlay.outline`` draw these a
Pillow call or more a square or line; here every square is one look (its terrain,
band, hatching and darkness, drawn once in RGB by ``look_tile`` and translated to the
board's palette), and the squares of each look are written in one array assignment
into a copy of the static layer's pixels round them, the grid lines over them in two
more; the outline's edges are found a row at a time as the bits of an int. The
pixels are those the functions draw, in their order (the same tiles, the same blend
of the darkness, each square wholly covered), so the RGB board and the palette board
still agree (``tests/render/test_paletted.py``).

Used for a palette board without a background photo; every other picture takes the
functions themselves (``board._overlay``).
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, _imaging

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.barriers import barriers
from bot.render.layout import Layout
from bot.render.overlay import UNDER_FOOT, band_squares
from bot.render.paletted import index, translated
from bot.render.static import DARK, StaticLayer, grid, shade
from bot.render.tiles import square_tile
from bot.render.view import MoveOverlay

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


@dataclass(frozen=True)
class _Window:
    """A static layer's pixels; each square of its window's terrain (an index into
    ``kinds``), one square more each way; and each square's look as far as the static
    layer says it (its terrain and darkness)."""

    pixels: NDArray[np.uint8]
    kind: NDArray[np.int32]  # rows + 2 by cols + 2: the window and a square round it
    base: NDArray[np.int32]  # rows by cols: each square's look but its band and hatching
    kinds: tuple[Terrain, ...]


def paint_overlay(
    static: StaticLayer,
    layout: Layout,
    encounter: Encounter,
    move: MoveOverlay | None,
    side: int,
    threats: Collection[Cell],
) -> Image.Image:
    """A copy of ``static``'s picture with the speed bands of ``move`` (a mover ``side``
    squares across), the hatching of ``threats`` and the outline of the inner band
    over it: what ``squares``, ``darkness``, ``grid``, ``barriers`` and ``outline``
    draw, in that order."""
    import numpy as np

    window = _window(static, layout, encounter)
    now, more = _bands(window, layout, encounter, move, side)
    image = static.image.copy()
    band = np.maximum(now[1:-1, 1:-1] * 2, more[1:-1, 1:-1])  # the inner band wins
    look = window.base + band * 4
    over = band > 0
    if threats:
        hatched = np.zeros((layout.rows, layout.cols), np.int32)
        _mark(hatched, layout, threats, 1, 0)
        look += hatched * 2
        over |= hatched > 0
    if not over.any():
        return image
    across, down = np.flatnonzero(over.any(axis=0)), np.flatnonzero(over.any(axis=1))
    i0, i1, j0, j1 = int(across[0]), int(across[-1]) + 1, int(down[0]), int(down[-1]) + 1
    look = np.where(over, look, -1)[j0:j1, i0:i1]
    c = layout.cell
    x, y = layout.left + i0 * c, layout.top + j0 * c
    region = window.pixels[y : y + (j1 - j0) * c, x : x + (i1 - i0) * c].copy()
    squares = region.reshape(j1 - j0, c, i1 - i0, c).swapaxes(1, 2)  # a view, by square
    codes = tuple(np.flatnonzero(np.bincount(look[look >= 0])).tolist())
    for code, tile in zip(codes, _looks(image, static, window, codes, c), strict=True):
        squares[look == code] = tile
    if not encounter.edges:  # the grid in the region too: nothing goes between
        _grid(region, image, layout, (i0, j0, i1, j1), (x, y))
        _paste(image, region, (x, y))
    else:
        _paste(image, region, (x, y))
        grid(
            image, layout, (layout.x0 + i0, layout.y0 + j0, layout.x0 + i1 - 1, layout.y0 + j1 - 1)
        )
        barriers(image, layout, encounter)
    _outline(image, layout, now)
    return image


def _grid(
    region: NDArray[np.uint8],
    image: Image.Image,
    layout: Layout,
    within: tuple[int, int, int, int],
    xy: tuple[int, int],
) -> None:
    """``static.grid``'s lines round the window's squares ``within`` (first col, first
    row, past the last col, past the last row), in ``region`` (its top left at ``xy``)."""
    import numpy as np

    c, (i0, j0, i1, j1), (x0, y0) = layout.cell, within, xy
    right, bottom = layout.board_right - 1, layout.board_bottom - 1
    across = np.minimum(layout.left + np.arange(i0, i1 + 1) * c, right) - x0
    down = np.minimum(layout.top + np.arange(j0, j1 + 1) * c, bottom) - y0
    ink = index(image, s.GRID_LINE)
    # the lines just past the region are the next squares' own, as the static layer has them
    height, width = region.shape
    region[int(down[0]) : int(down[-1]) + 1, across[across < width]] = ink
    region[down[down < height], int(across[0]) : int(across[-1]) + 1] = ink


def _paste(image: Image.Image, region: NDArray[np.uint8], xy: tuple[int, int]) -> None:
    height, width = region.shape
    image.load()
    core = _imaging.map_buffer(region, (width, height), "raw", 0, ("L", 0, 1))
    image.im.paste(core, (xy[0], xy[1], xy[0] + width, xy[1] + height))


def _bands(
    window: _Window, layout: Layout, encounter: Encounter, move: MoveOverlay | None, side: int
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """``band_squares``' two bands over the window and a square round it (the inner
    band's outline asks whether each square's neighbours are in it)."""
    import numpy as np

    shape = (layout.rows + 2, layout.cols + 2)
    now, more = np.zeros(shape, np.int32), np.zeros(shape, np.int32)
    if move is None:
        return now > 0, more > 0
    if side != 1:  # a footprint's every square: as the RGB board works them out
        inner, outer = band_squares(move, side, encounter.terrain)
        _mark(now, layout, inner, 1, 1)
        _mark(more, layout, outer, 1, 1)
        return now > 0, more > 0
    _mark(now, layout, move.reach_now, 1, 1)
    _mark(more, layout, move.reach_more, 1, 1)
    closed = UNDER_FOOT if move.over_pits else UNDER_FOOT | {Terrain.PIT}
    open_ = np.array([kind not in closed for kind in window.kinds])[window.kind]
    return (now > 0) & open_, (more > 0) & open_


def _outline(image: Image.Image, layout: Layout, now: NDArray[np.bool_]) -> None:
    """``overlay.outline`` of the inner band (2 px wide): each side of a window's square
    in ``now`` (the window and a square round it) with no neighbour in it there, found
    a row at a time on the row's squares as the bits of an int."""
    import numpy as np

    packed = np.packbits(now, axis=1, bitorder="little")
    step = packed.shape[1]
    raw = packed.tobytes()
    rows = [int.from_bytes(raw[k * step : (k + 1) * step], "little") for k in range(len(now))]
    inside = ((1 << layout.cols) - 1) << 1  # bit i: the window's column i - 1
    if not any(row & inside for row in rows[1:-1]):
        return
    ink = index(image, s.REACH_NOW_EDGE)
    image.load()
    fill = image.im.paste  # each edge a box (x1, y1 exclusive), as outline fills it
    c, left = layout.cell, layout.left - layout.cell  # bit i's square starts at left + i * c
    for j in range(1, len(rows) - 1):
        here = rows[j] & inside
        if not here:
            continue
        y = layout.top + (j - 1) * c
        sides = (
            (here & ~rows[j - 1], (-1, -1, c + 2, 1)),  # above
            (here & ~rows[j + 1], (-1, c - 1, c + 2, c + 1)),  # below
            (here & ~(rows[j] << 1), (-1, -1, 1, c + 2)),  # to the left
            (here & ~(rows[j] >> 1), (c - 1, -1, c + 1, c + 2)),  # to the right
        )
        for bits, (dx0, dy0, dx1, dy1) in sides:
            while bits:
                low = bits & -bits
                x = left + (low.bit_length() - 1) * c
                fill(ink, (x + dx0, y + dy0, x + dx1, y + dy1))
                bits ^= low


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


def _mark(
    grid: NDArray[np.int32], layout: Layout, cells: Collection[Cell], value: int, margin: int
) -> None:
    """Set the squares of ``cells`` inside the window (``margin`` squares more each way,
    as ``grid`` has them) to ``value``."""
    if not cells:
        return
    import numpy as np

    flat = np.fromiter(itertools.chain.from_iterable(cells), np.int32, 2 * len(cells))
    col, row = flat[0::2] - (layout.x0 - margin), flat[1::2] - (layout.y0 - margin)
    rows, cols = grid.shape
    inside = (col.view(np.uint32) < cols) & (row.view(np.uint32) < rows)  # < 0: huge
    grid[row[inside], col[inside]] = value


def _window(static: StaticLayer, layout: Layout, encounter: Encounter) -> _Window:
    """``_Window`` for this static layer, worked out once and kept beside it."""
    found = static.kept.get("painted")
    if isinstance(found, _Window):
        return found
    import numpy as np

    kinds: list[Terrain] = [Terrain.CLEAR]
    code = {Terrain.CLEAR: 0}
    kind = np.zeros((layout.rows + 2, layout.cols + 2), np.int32)
    dark = np.zeros((layout.rows, layout.cols), np.int32)
    x0, y0 = layout.x0, layout.y0
    for cell in _near(layout, static.terrain, 1):
        what = static.terrain[cell]
        if what not in code:
            code[what] = len(kinds)
            kinds.append(what)
        kind[cell.row - y0 + 1, cell.col - x0 + 1] = code[what]
    for cell in _near(layout, static.dark, 0):
        dark[cell.row - y0, cell.col - x0] = 1
    base = kind[1:-1, 1:-1] * 12 + dark  # a look: ((kind * 3 + band) * 2 + hatched) * 2 + dark
    window = _Window(np.asarray(static.image), kind, base, tuple(kinds))
    static.kept["painted"] = window
    return window


def _near(layout: Layout, cells: Collection[Cell], margin: int) -> list[Cell]:
    """The ``cells`` inside the window or ``margin`` squares round it (the squares
    there looked up when there are fewer of those)."""
    cols, rows = (
        range(layout.x0 - margin, layout.x0 + layout.cols + margin),
        range(layout.y0 - margin, layout.y0 + layout.rows + margin),
    )
    if len(cells) > len(cols) * len(rows):
        every = (Cell(col, row) for row in rows for col in cols)
        return [cell for cell in every if cell in cells]
    return [cell for cell in cells if cell.col in cols and cell.row in rows]


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
