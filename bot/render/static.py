"""The layers under everything a view adds: terrain (with speed bands and threat
hatching where a view asks), darkness, the grid and the label strips, and the
static layer they make, cached per map and window (``static_layer``).

Drawn on a palette image for ``render_board`` (``bot.render.paletted``) and in RGB
for ``board_image`` and over a background photo.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

from PIL import Image

from bot.encounter import Encounter
from bot.grid.coords import Cell, column_name
from bot.grid.terrain import Barrier, Terrain
from bot.render import style as s
from bot.render.background import BackgroundImage, backdrop
from bot.render.barriers import barriers
from bot.render.draw import flat_mask, paste_text, rgb_at
from bot.render.layout import Layout
from bot.render.overlay import runs, visible
from bot.render.paletted import check, ink_of, paste_colour, put_tile
from bot.render.tiles import band_run, band_stripes, square_tile


def squares(
    board: Image.Image,
    layout: Layout,
    encounter: Encounter,
    bands: Mapping[Cell, int],
    threats: frozenset[Cell],
    only: set[Cell] | None = None,
    see_through: bool = False,
) -> None:
    """Terrain, speed bands and threat hatching: one cached tile per look, and
    plain runs of colour where a band crosses clear floor. ``only``: just these
    squares (they are drawn over the static layer); ``see_through``: tinted over a
    background image rather than painted over it."""
    c = layout.cell
    x0, y0 = layout.x0, layout.y0
    terrain = encounter.terrain
    if only is not None:
        kinds = {cell: terrain[cell] for cell in only if cell in terrain}
    elif len(terrain) > layout.cols * layout.rows:
        window = (
            Cell(col, row)
            for row in range(y0, y0 + layout.rows)
            for col in range(x0, x0 + layout.cols)
        )
        kinds = {cell: terrain[cell] for cell in window if cell in terrain}
    else:
        kinds = {cell: kind for cell, kind in terrain.items() if layout.shows(cell)}
    kinds = {cell: kind for cell, kind in kinds.items() if kind is not Terrain.CLEAR}
    hatched = set(visible(layout, threats))
    for band in (1, 2):
        floor = [
            cell
            for cell, b in bands.items()
            if b == band and cell not in kinds and cell not in hatched
        ]
        tile = square_tile(Terrain.CLEAR, c, band)
        stripes = band_stripes(c) if band == 1 else None
        colour = rgb_at(tile, _off(stripes))
        stripe = rgb_at(tile, _on(stripes)) if stripes is not None else colour
        for first, count in runs(floor):
            x, y = layout.corner(first)
            if not see_through:
                put_tile(board, band_run(c, band, count), (x, y))
                continue
            tint = flat_mask(count * c, c, TINT_ALPHA)
            paste_colour(board, colour, (x, y, x + count * c, y + c), tint)
            for i in range(count if stripes is not None else 0):
                paste_colour(board, stripe, (x + i * c, y, x + (i + 1) * c, y + c), stripes)
    for cell in kinds.keys() | hatched:
        tile = square_tile(kinds.get(cell, Terrain.CLEAR), c, bands.get(cell, 0), cell in hatched)
        if see_through:
            board.paste(tile, layout.corner(cell), flat_mask(c, c, TINT_ALPHA))
        else:
            put_tile(board, tile, layout.corner(cell))


def _on(mask: Image.Image | None) -> tuple[int, int]:
    """A pixel on a stripe of the band's ``mask`` (the top-left one without a mask)."""
    if mask is None:
        return (0, 0)
    box = mask.getbbox()
    assert box is not None  # a band's stripes are never empty
    x = box[0]
    y = next(y for y in range(mask.height) if mask.getpixel((x, y)))
    return (x, y)


def _off(mask: Image.Image | None) -> tuple[int, int]:
    """A pixel off the band's stripes: the band's tint alone."""
    if mask is None:
        return (0, 0)
    return next(
        (x, y) for y in range(mask.height) for x in range(mask.width) if not mask.getpixel((x, y))
    )


TINT_ALPHA = 150  # of 255: terrain and bands over a background image let the map show


DARK = (24, 26, 48)
DARK_ALPHA = 120  # of 255: the terrain still shows through the shade


@cache
def shade(cell: int) -> Image.Image:
    """The mask darkness is pasted through, over a square ``cell`` px across."""
    return Image.new("L", (cell, cell), DARK_ALPHA)


def darkness(board: Image.Image, layout: Layout, dark: frozenset[Cell]) -> None:
    """Squares in darkness, shaded over their terrain (tokens are drawn on top)."""
    c = layout.cell
    for cell in dark:
        if layout.shows(cell):
            x, y = layout.corner(cell)
            paste_colour(board, DARK, (x, y, x + c, y + c), shade(c))


def grid(image: Image.Image, layout: Layout, within: Box | None = None) -> None:
    """The grid lines; ``within`` (first col, first row, last col, last row): only
    the lines round those squares, only as far as they reach."""
    c = layout.cell
    right, bottom = layout.board_right - 1, layout.board_bottom - 1
    cols, rows = range(layout.cols + 1), range(layout.rows + 1)
    x_lo, y_lo, x_hi, y_hi = layout.left, layout.top, right, bottom
    if within is not None:
        i0, j0 = within[0] - layout.x0, within[1] - layout.y0
        i1, j1 = within[2] - layout.x0 + 1, within[3] - layout.y0 + 1
        cols, rows = range(i0, i1 + 1), range(j0, j1 + 1)
        x_lo, x_hi = layout.left + i0 * c, min(layout.left + i1 * c, right)
        y_lo, y_hi = layout.top + j0 * c, min(layout.top + j1 * c, bottom)
    ink = ink_of(image, s.GRID_LINE)
    image.load()
    fill = image.im.paste  # a line a pixel wide is a box: no drawing call per line
    for i in cols:
        x = min(layout.left + i * c, right)
        fill(ink, (x, y_lo, x + 1, y_hi + 1))
    for j in rows:
        y = min(layout.top + j * c, bottom)
        fill(ink, (x_lo, y, x_hi + 1, y + 1))


Box = tuple[int, int, int, int]


def bbox(cells: set[Cell]) -> Box:
    return (
        min(c.col for c in cells),
        min(c.row for c in cells),
        max(c.col for c in cells),
        max(c.row for c in cells),
    )


STATIC_CACHE = 8  # static layers kept: a few channels' boards


@dataclass(frozen=True)
class StaticLayer:
    """A static layer (``image``, never drawn on) and the map state it was drawn for;
    ``kept``: what other modules work out once per layer (``bot.render.painted``'s
    arrays of it), filled by them."""

    terrain: Mapping[Cell, Terrain]
    edges: Mapping[tuple[Cell, Cell], Barrier]
    dark: frozenset[Cell]
    image: Image.Image
    kept: dict[str, object] = field(default_factory=dict, compare=False)


_static: OrderedDict[tuple[object, ...], StaticLayer] = OrderedDict()
_static_lock = threading.Lock()


def static_layer(
    layout: Layout,
    encounter: Encounter,
    background: BackgroundImage | None = None,
    *,
    paletted: bool = False,
) -> Image.Image:
    """The background image, terrain, darkness, grid, walls and label strips for this
    window of this encounter's map; the caller copies it before drawing on it
    (``static_entry``: the same, with what is kept beside it).

    Cached per window geometry and map (the terrain, edges and darkness compared
    by value, so a state loaded afresh from storage hits too). Renders run in
    worker threads, hence the lock."""
    return static_entry(layout, encounter, background, paletted=paletted).image


def static_entry(
    layout: Layout,
    encounter: Encounter,
    background: BackgroundImage | None = None,
    *,
    paletted: bool = False,
) -> StaticLayer:
    """``static_layer``'s cache entry."""
    key = (
        replace(layout, keys=(), inset=False),
        layout.width,
        layout.height,
        len(encounter.terrain),
        len(encounter.edges),
        len(encounter.dark),
        background.digest if background is not None else None,
        paletted,
    )
    with _static_lock:
        hit = _static.get(key)
        if hit is not None:
            _static.move_to_end(key)
    if (
        hit is not None
        and (hit.terrain is encounter.terrain or hit.terrain == encounter.terrain)
        and (hit.edges is encounter.edges or hit.edges == encounter.edges)
        and hit.dark == encounter.dark
    ):
        return hit
    image = _drawn(layout, encounter, background, paletted)
    entry = StaticLayer(encounter.terrain, encounter.edges, encounter.dark, image)
    with _static_lock:
        _static[key] = entry
        while len(_static) > STATIC_CACHE:
            _static.popitem(last=False)
    return entry


def _drawn(
    layout: Layout, encounter: Encounter, background: BackgroundImage | None, paletted: bool
) -> Image.Image:
    """The static layer drawn afresh (``static_layer`` keeps it)."""
    image = Image.new("P" if paletted else "RGB", (layout.width, layout.height), s.FLOOR)
    if background is not None:
        under = backdrop(background, layout.x0, layout.y0, layout.cols, layout.rows, layout.cell)
        if under.width and under.height:
            image.paste(under, (layout.left, layout.top))
    squares(image, layout, encounter, {}, frozenset(), see_through=background is not None)
    if encounter.dark:
        darkness(image, layout, encounter.dark)
    grid(image, layout)
    if encounter.edges:
        barriers(image, layout, encounter)
    _headers(image, layout)
    if paletted:
        check(image)
    return image


def _headers(image: Image.Image, layout: Layout) -> None:
    """The label strips: column letters across the top, row numbers down the left
    (drawn once per window geometry, ``_strips``, and put on each picture)."""
    across, down = _strips(
        image.width, layout.top, layout.left, layout.board_bottom, layout.cell,
        layout.label_size, layout.x0, layout.cols, layout.y0, layout.rows,
    )  # fmt: skip
    put_tile(image, across, (0, 0))
    put_tile(image, down, (0, 0))


@lru_cache(maxsize=64)
def _strips(
    width: int,
    top: int,
    left: int,
    bottom: int,
    c: int,
    size: int,
    x0: int,
    cols: int,
    y0: int,
    rows: int,
) -> tuple[Image.Image, Image.Image]:
    """The top strip (``width`` by ``top`` px) and the left one (``left`` by ``bottom``),
    in RGB: a window the static cache no longer holds draws its ~30 labels again
    otherwise. Each label stays inside its strip, so they can be put side by side."""
    across = Image.new("RGB", (width, top), s.HEADER_BG)
    for i in range(cols):
        centre = (left + i * c + c / 2, top / 2)
        paste_text(across, column_name(x0 + i), size, centre, s.HEADER_TEXT)
    down = Image.new("RGB", (left, bottom), s.HEADER_BG)
    for j in range(rows):
        centre = (left / 2, top + j * c + c / 2)
        paste_text(down, str(y0 + j + 1), size, centre, s.HEADER_TEXT)
    return across, down
