"""Which squares a board picture shows, and how big each one is.

The picture shows the part of the map that matters (a move's path, its speed
bands and the tokens near it, plus a margin; or the whole map) with cells
large enough to read on a phone and the image at most ``MAX_SIDE_PX`` on a
side. The whole map is shown whenever it fits at ``READABLE_CELL`` px or more,
so nothing on a small map is ever cropped. When the region cannot be drawn at
``MIN_CELL`` px, a window of that cell size is drawn round the action instead,
with an overview inset; a window that crops a token near the action always has
the inset, which shows every token.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render import caption
from bot.render.draw import text_width
from bot.render.legend import Key, caption_keys
from bot.render.region import NEAR as NEAR  # how near a token is to a move's region
from bot.render.region import (
    Box,
    default_focus,
    grow,
    inside,
    overlaps,
    place,
    region_of,
    token_box,
)
from bot.render.view import BoardView

if TYPE_CHECKING:
    from bot.render.legibility import PhoneRule

MIN_CELL = 24
READABLE_CELL = 32  # a map that fits whole at this size or more is always shown whole
DEFAULT_CELL = 40
MAX_CELL = 64
MAX_SIDE_PX = 1024
MIN_WINDOW = 8  # squares on a side, where the map has them

PHONE_CELL = 32  # the squares of a window cut to the phone rule's width
PHONE_TALL = 1.5  # a phone picture's squares reach at most this times its width down
MIN_FRAME_CELL = 16  # a pinned view is scaled down to this, at most, to read whole
Widest = Callable[[int], int]  # cell px → the widest picture that reads on a phone


@dataclass(frozen=True)
class Layout:
    """The window (``cols`` x ``rows`` squares from ``x0``, ``y0``) and its geometry in px."""

    x0: int
    y0: int
    cols: int
    rows: int
    cell: int
    left: int  # width of the row-number strip
    top: int  # height of the column-letter strip
    label_size: int
    inset: bool
    map_width: int
    map_height: int
    keys: tuple[Key, ...] = ()  # the caption strip's entries, under the board
    # the inset goes in a strip under the board, never over it (a pinned view: the GM
    # asked for every one of its squares)
    inset_below: bool = False

    @property
    def board_right(self) -> int:
        """The px just right of the last column of squares."""
        return self.left + self.cols * self.cell

    @property
    def board_bottom(self) -> int:
        """The px just below the last row of squares (the caption's top)."""
        return self.top + self.rows * self.cell

    @property
    def width(self) -> int:
        return max(self.board_right, caption.min_width(self.keys))

    @property
    def height(self) -> int:
        return self.board_bottom + caption.height(self.keys, self.width)

    @property
    def first(self) -> Cell:
        return Cell(self.x0, self.y0)

    @property
    def last(self) -> Cell:
        return Cell(self.x0 + self.cols - 1, self.y0 + self.rows - 1)

    def point(self, col: float, row: float) -> tuple[float, float]:
        """A point in board coordinates (squares, fractional) → px on the image."""
        return (
            self.left + (col - self.x0) * self.cell,
            self.top + (row - self.y0) * self.cell,
        )

    def corner(self, cell: Cell) -> tuple[int, int]:
        """The image px of ``cell``'s top-left corner."""
        return (
            self.left + (cell.col - self.x0) * self.cell,
            self.top + (cell.row - self.y0) * self.cell,
        )

    def shows(self, cell: Cell, side: int = 1) -> bool:
        return (
            cell.col < self.x0 + self.cols
            and cell.col + side > self.x0
            and cell.row < self.y0 + self.rows
            and cell.row + side > self.y0
        )


def label_size(cell: int) -> int:
    return max(10, min(16, round(cell * 0.38)))


def strips(cell: int, map_height: int) -> tuple[int, int, int]:
    """(left strip width, top strip height, label font size) for ``cell`` px squares."""
    size = label_size(cell)
    widest = "8" * len(str(map_height))
    return math.ceil(text_width(widest, size)) + 10, size + 10, size


def capacity(
    cell: int,
    map_height: int,
    keys: tuple[Key, ...] = (),
    map_width: int | None = None,
    widest: Widest | None = None,
) -> tuple[int, int]:
    """How many squares across and down fit in ``MAX_SIDE_PX`` at ``cell`` px,
    leaving room for a caption of ``keys`` under a window at most ``map_width`` across;
    ``widest``: the widest picture that reads on a phone at each cell size."""
    return _capacity(cell, map_height, keys, map_width, None if widest is None else widest(cell))


@lru_cache(maxsize=4096)
def _capacity(
    cell: int, map_height: int, keys: tuple[Key, ...], map_width: int | None, phone_px: int | None
) -> tuple[int, int]:
    left, top, _ = strips(cell, map_height)
    cols = (MAX_SIDE_PX - left) // cell
    if phone_px is not None:  # the phone rule (docs/PICTURES.md)
        cols = max(1, min(cols, (phone_px - left) // cell))
    shown = cols if map_width is None else min(cols, map_width)
    below = caption.height(keys, max(left + shown * cell, caption.min_width(keys)))
    rows = (MAX_SIDE_PX - top - below) // cell
    if phone_px is not None:  # no taller than a phone's screen shows at once
        rows = min(rows, math.floor(phone_px * PHONE_TALL / cell))
    return cols, rows


def fitting_cell(
    cols: int,
    rows: int,
    map_height: int,
    least: int = MIN_CELL,
    keys: tuple[Key, ...] = (),
    widest: Widest | None = None,
    fits: Fits | None = None,
) -> int | None:
    """The largest cell size from ``least`` to ``DEFAULT_CELL`` at which ``cols`` x ``rows`` fit
    (``fits``: ``capacity`` for this map, as a plan remembers it)."""
    for cell in range(DEFAULT_CELL, least - 1, -1):
        if fits is not None:
            fit_cols, fit_rows = fits(cell, cols)
        else:
            fit_cols, fit_rows = capacity(cell, map_height, keys, cols, widest)
        if cols <= fit_cols and rows <= fit_rows:
            return cell
    return None


Fits = Callable[[int, int], tuple[int, int]]  # (cell, window's columns) -> capacity


@lru_cache(maxsize=4096)
def _fits(
    cell: int, map_width: int, map_height: int, keys: tuple[Key, ...], widest: Widest | None
) -> tuple[int, int]:
    """``capacity``, kept: a plan asks the same sizes over and over (the region's fit,
    the whole map's, the window's), and the next plan of the board asks them again
    (``widest``, the phone rule, is equal for the same label looks)."""
    return capacity(cell, map_height, keys, map_width, widest)


@lru_cache(maxsize=4096)
def _fitting(
    cols: int,
    rows: int,
    map_height: int,
    least: int,
    keys: tuple[Key, ...],
    widest: Widest | None,
) -> int | None:
    """``fitting_cell`` through ``_fits``, kept."""

    def fits(cell: int, map_width: int) -> tuple[int, int]:
        return _fits(cell, map_width, map_height, keys, widest)

    return fitting_cell(cols, rows, map_height, least, fits=fits)


def plan(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> Layout:
    width, height = encounter.width, encounter.height
    if view.page:
        return _page(encounter, footprints, view)
    if view.frame is not None and view.center is None:
        return _framed(encounter, footprints, view, view.frame)
    region = region_of(encounter, footprints, view)
    cols_span, rows_span, focus, must = region.cols, region.rows, region.focus, region.must
    region_cols = cols_span[1] - cols_span[0] + 1
    region_rows = rows_span[1] - rows_span[0] + 1
    # Room for the caption is kept for everything the map holds; the caption
    # drawn names only what the window shows, so it is never taller.
    every = legend_keys(encounter, footprints, view, None)
    widest = _phone_rule(encounter, footprints, view, every)
    if view.zoom is not None:
        cell = max(MIN_CELL, min(MAX_CELL, view.zoom))
        fit_cols, fit_rows = _fits(cell, width, height, every, widest)
        whole_cell = cell if width <= fit_cols and height <= fit_rows else None
    else:
        cut_cell = MIN_CELL if widest is None else PHONE_CELL
        cell = _fitting(region_cols, region_rows, height, MIN_CELL, every, widest) or cut_cell
        whole_cell = _fitting(width, height, height, READABLE_CELL, every, widest)
    cap_cols, cap_rows = _fits(cell, width, height, every, widest)
    windowed = region_cols > cap_cols or region_rows > cap_rows
    if whole_cell is not None:
        # A map that fits readably is shown whole: a window would only hide things.
        cell, windowed = whole_cell, False
        x0, y0, cols, rows = 0, 0, width, height
    elif windowed:
        cols, rows = min(cap_cols, width), min(cap_rows, height)
        if focus is None:
            focus = default_focus(encounter, footprints, cols, rows, view.around)
        x0 = place(focus[0], cols, width, must[0] if must else None)
        y0 = place(focus[1], rows, height, must[1] if must else None)
    else:
        x0, x1 = grow(cols_span, min(MIN_WINDOW, cap_cols), width)
        y0, y1 = grow(rows_span, min(MIN_WINDOW, cap_rows), height)
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
    whole = cols == width and rows == height
    whole_fits = _fitting(width, height, height, MIN_CELL, every, widest) is not None
    window = (x0, y0, x0 + cols - 1, y0 + rows - 1)
    cropped = any(not inside(box, window) for box in region.near_tokens)
    left, top, size = strips(cell, height)
    return Layout(
        x0=x0,
        y0=y0,
        cols=cols,
        rows=rows,
        cell=cell,
        left=left,
        top=top,
        label_size=size,
        inset=not whole and (windowed or not whole_fits or cropped),
        map_width=width,
        map_height=height,
        keys=legend_keys(encounter, footprints, view, window),
    )


def _framed(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    view: BoardView,
    frame: tuple[Cell, Cell],
) -> Layout:
    """A pinned view (``/map view:A1:P12``): its squares and no others (issue 40), at
    the largest square (``DEFAULT_CELL`` down to ``MIN_FRAME_CELL``) at which all of
    them read on a phone. Where none does, its middle at ``PHONE_CELL``, cut to the
    rule's width and kept inside the view (the handlers say so plainly). Not grown to
    ``MIN_WINDOW``, nor widened to a whole map that fits: a pin frames exactly. Its
    inset, where the map is bigger, goes under the board, covering none of it (the
    picture, strip and all, no taller than ``MAX_SIDE_PX``)."""
    height = encounter.height
    first, last = frame
    cols, rows = last.col - first.col + 1, last.row - first.row + 1
    every = legend_keys(encounter, footprints, view, None)
    rule = _phone_rule(encounter, footprints, view, every)
    widest: Widest | None = rule

    def framed(cell: int) -> Layout:
        """The pin at ``cell`` px a square: whole where it fits, else its middle."""
        fit_cols, fit_rows = _fits(cell, cols, height, every, widest)
        shown_cols, shown_rows = min(cols, fit_cols), min(rows, fit_rows)
        x0 = first.col + (cols - shown_cols) // 2
        y0 = first.row + (rows - shown_rows) // 2
        window = (x0, y0, shown_cols, shown_rows)
        return _window_layout(encounter, footprints, view, window, cell, every, widest)

    if view.zoom is not None:
        return framed(max(MIN_CELL, min(MAX_CELL, view.zoom)))
    for cell in range(DEFAULT_CELL, MIN_FRAME_CELL - 1, -1):
        layout = framed(cell)
        whole = (layout.cols, layout.rows) == (cols, rows)
        if whole and (rule is None or rule.reads(cell)) and _drawn_height(layout) <= MAX_SIDE_PX:
            return replace(layout, inset_below=True)
    # no square size reads it whole: its middle, as a cut window is (the inset in a corner)
    return framed(PHONE_CELL if rule is not None else MIN_CELL)


def _window_layout(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    view: BoardView,
    window: tuple[int, int, int, int],
    cell: int,
    every: tuple[Key, ...],
    widest: Widest | None,
) -> Layout:
    """The layout of ``window`` (first column, first row, columns, rows) at ``cell``
    px, with the overview inset where it is not the whole map and the whole map would
    not fit, or it is cut from a pin (``every``: the caption's keys for the whole map;
    ``widest``: the phone rule)."""
    width, height = encounter.width, encounter.height
    x0, y0, cols, rows = window
    whole = cols == width and rows == height
    whole_fits = _fitting(width, height, height, MIN_CELL, every, widest) is not None
    cut = view.frame is not None and (cols, rows) != (
        view.frame[1].col - view.frame[0].col + 1,
        view.frame[1].row - view.frame[0].row + 1,
    )
    left, top, size = strips(cell, height)
    return Layout(
        x0=x0,
        y0=y0,
        cols=cols,
        rows=rows,
        cell=cell,
        left=left,
        top=top,
        label_size=size,
        inset=not whole and (cut or not whole_fits),
        map_width=width,
        map_height=height,
        keys=legend_keys(encounter, footprints, view, (x0, y0, x0 + cols - 1, y0 + rows - 1)),
    )


def _drawn_height(layout: Layout) -> int:
    """How tall the picture of ``layout`` is with its inset in a strip under the board."""
    if not layout.inset:
        return layout.height
    from bot.render.inset import INSET_GAP, inset_size  # it reads this module's layouts

    return layout.height + inset_size(layout)[1] + 4 + 2 * INSET_GAP


def _page(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> Layout:
    """The live board's page: the whole map at the zoom's square, no window, no inset."""
    cell = max(MIN_CELL, min(MAX_CELL, view.zoom or PHONE_CELL))
    left, top, size = strips(cell, encounter.height)
    return Layout(
        x0=0,
        y0=0,
        cols=encounter.width,
        rows=encounter.height,
        cell=cell,
        left=left,
        top=top,
        label_size=size,
        inset=False,
        map_width=encounter.width,
        map_height=encounter.height,
        keys=legend_keys(
            encounter, footprints, view, (0, 0, encounter.width - 1, encounter.height - 1)
        ),
    )


def _phone_rule(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    view: BoardView,
    keys: tuple[Key, ...],
) -> PhoneRule | None:
    """The widest legible picture at each cell size (None: the view asks for no limit)."""
    if not view.phone:
        return None
    from bot.render.legibility import phone_width  # it reads this module's layouts

    return phone_width(encounter, footprints, view, keys)


def legend_keys(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView, window: Box | None
) -> tuple[Key, ...]:
    """The caption for what a picture of ``window`` (None: the whole map) shows."""

    def shown(cell: Cell, side: int = 1) -> bool:
        return window is None or overlaps(token_box(cell, side), window)

    move = view.move
    side = 1
    if move is not None:
        mover = encounter.tokens.get(move.mover)
        side = footprints.get(mover.size, 1) if mover is not None else 1
    conditions = [
        token.conditions
        for token in encounter.tokens.values()
        if token.conditions and shown(token.cell, footprints.get(token.size, 1))
    ]
    return caption_keys(
        band_now=move is not None and any(shown(c, side) for c in move.reach_now),
        band_more=move is not None
        and any(c not in move.reach_now and shown(c, side) for c in move.reach_more),
        more_action=move.more_action if move is not None else "dash",
        threats=any(shown(c) for c in view.threats),
        reach=any(shown(c) for c in view.reach),
        provoked=move is not None and any(shown(c, side) for c in move.provoked_at),
        conditions=conditions,
        templates=any(shown(t.origin(encounter)) for t in encounter.templates),
        reactions=any(
            t.reactions_used and shown(t.cell, footprints.get(t.size, 1))
            for t in encounter.tokens.values()
        ),
    )
