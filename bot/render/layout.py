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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render import caption
from bot.render.draw import text_width
from bot.render.legend import Key, caption_keys
from bot.render.view import BoardView

MIN_CELL = 24
READABLE_CELL = 32  # a map that fits whole at this size or more is always shown whole
DEFAULT_CELL = 40
MAX_CELL = 64
MAX_SIDE_PX = 1024
MARGIN = 2  # squares around the region that matters
NEAR = 3  # tokens this close to a move's squares are part of its region
MIN_WINDOW = 8  # squares on a side, where the map has them

PHONE_CELL = 32  # the squares of a window cut to the phone rule's width
PHONE_TALL = 1.5  # a phone picture's squares reach at most this times its width down
Widest = Callable[[int], int]  # cell px → the widest picture that reads on a phone

Span = tuple[int, int]  # first and last index, inclusive
Box = tuple[int, int, int, int]  # first col, first row, last col, last row


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


def _remembered(map_height: int, keys: tuple[Key, ...], widest: Widest | None) -> Fits:
    """``capacity`` for one map's plan, each (cell, columns) worked out once: a plan asks
    the same sizes over and over (the region's fit, the whole map's, the window's)."""
    known: dict[tuple[int, int], tuple[int, int]] = {}

    def fits(cell: int, map_width: int) -> tuple[int, int]:
        found = known.get((cell, map_width))
        if found is None:
            found = known[(cell, map_width)] = capacity(cell, map_height, keys, map_width, widest)
        return found

    return fits


def plan(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> Layout:
    width, height = encounter.width, encounter.height
    region = _region(encounter, footprints, view)
    cols_span, rows_span, focus, must = region.cols, region.rows, region.focus, region.must
    region_cols = cols_span[1] - cols_span[0] + 1
    region_rows = rows_span[1] - rows_span[0] + 1
    # Room for the caption is kept for everything the map holds; the caption
    # drawn names only what the window shows, so it is never taller.
    every = legend_keys(encounter, footprints, view, None)
    widest = _phone_rule(encounter, footprints, view, every)
    fits = _remembered(height, every, widest)
    if view.zoom is not None:
        cell = max(MIN_CELL, min(MAX_CELL, view.zoom))
        fit_cols, fit_rows = fits(cell, width)
        whole_cell = cell if width <= fit_cols and height <= fit_rows else None
    else:
        cut_cell = MIN_CELL if widest is None else PHONE_CELL
        cell = fitting_cell(region_cols, region_rows, height, fits=fits) or cut_cell
        whole_cell = fitting_cell(width, height, height, least=READABLE_CELL, fits=fits)
    cap_cols, cap_rows = fits(cell, width)
    windowed = region_cols > cap_cols or region_rows > cap_rows
    if whole_cell is not None:
        # A map that fits readably is shown whole: a window would only hide things.
        cell, windowed = whole_cell, False
        x0, y0, cols, rows = 0, 0, width, height
    elif windowed:
        cols, rows = min(cap_cols, width), min(cap_rows, height)
        if focus is None:
            focus = _default_focus(encounter, footprints, cols, rows)
        x0 = _place(focus[0], cols, width, must[0] if must else None)
        y0 = _place(focus[1], rows, height, must[1] if must else None)
    else:
        x0, x1 = _grow(cols_span, min(MIN_WINDOW, cap_cols), width)
        y0, y1 = _grow(rows_span, min(MIN_WINDOW, cap_rows), height)
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
    whole = cols == width and rows == height
    whole_fits = fitting_cell(width, height, height, fits=fits) is not None
    window = (x0, y0, x0 + cols - 1, y0 + rows - 1)
    cropped = any(not _inside(box, window) for box in region.near_tokens)
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


def _phone_rule(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    view: BoardView,
    keys: tuple[Key, ...],
) -> Widest | None:
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
        return window is None or _overlaps(_token_box(cell, side), window)

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
        and any(shown(c, side) for c in move.reach_more - move.reach_now),
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


# ------------------------------------------------------------------ regions


@dataclass(frozen=True)
class Region:
    """The squares that matter (column and row spans); the point a window is
    centred on when they do not fit (None: the default, ``_default_focus``,
    which needs the window's size); the squares a window must keep (the
    mover's last square); and the footprints of the tokens near a move, which a
    window may crop only if the inset shows them."""

    cols: Span
    rows: Span
    focus: tuple[float, float] | None
    must: tuple[Span, Span] | None
    near_tokens: tuple[Box, ...] = ()


def _region(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> Region:
    width, height = encounter.width, encounter.height
    move = view.move
    must: tuple[Span, Span] | None = None
    box: Box | None = None
    focus: tuple[float, float] | None = None
    near_tokens: list[Box] = []
    if move is not None:
        mover = encounter.tokens.get(move.mover)
        side = footprints.get(mover.size, 1) if mover is not None else 1
        path_box = _bbox(move.path, side)
        assert path_box is not None  # a MoveOverlay always has a path
        focus = _centre(path_box)
        end = move.path[-1]
        must = ((end.col, end.col + side - 1), (end.row, end.row + side - 1))
        box = _bbox([*move.path, *move.reach_now, *move.reach_more, *move.provoked_at], side)
        assert box is not None
        near = (box[0] - NEAR, box[1] - NEAR, box[2] + NEAR, box[3] + NEAR)
        for token in encounter.tokens.values():
            t_box = _token_box(token.cell, footprints.get(token.size, 1))
            if _overlaps(t_box, near):
                near_tokens.append(t_box)
                box = _union(box, t_box)
    else:
        for cell in (*view.threats, *view.reach):
            box = _union(box, _token_box(cell, 1))
        for token in encounter.tokens.values():
            box = _union(box, _token_box(token.cell, footprints.get(token.size, 1)))
    if view.frame is not None and view.center is None:
        first, last = view.frame
        framed: Box = (first.col, first.row, last.col, last.row)
        cols, rows = (framed[0], framed[2]), (framed[1], framed[3])
        return Region(cols, rows, _centre(framed), None, tuple(near_tokens))
    if view.center is not None:
        focus = (view.center.col + 0.5, view.center.row + 0.5)
        must = None
    if view.whole_map or view.center is not None or box is None:
        return Region((0, width - 1), (0, height - 1), focus, must, tuple(near_tokens))
    cols = (max(0, box[0] - MARGIN), min(width - 1, box[2] + MARGIN))
    rows = (max(0, box[1] - MARGIN), min(height - 1, box[3] + MARGIN))
    return Region(cols, rows, focus, must, tuple(near_tokens))


def _token_box(anchor: Cell, side: int) -> Box:
    return (anchor.col, anchor.row, anchor.col + side - 1, anchor.row + side - 1)


def _bbox(cells: Iterable[Cell], side: int) -> Box | None:
    listed = cells if isinstance(cells, list | tuple) else list(cells)
    if not listed:
        return None
    cols = [cell.col for cell in listed]
    rows = [cell.row for cell in listed]
    return (min(cols), min(rows), max(cols) + side - 1, max(rows) + side - 1)


def _union(a: Box | None, b: Box) -> Box:
    if a is None:
        return b
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _centre(box: Box) -> tuple[float, float]:
    return ((box[0] + box[2] + 1) / 2, (box[1] + box[3] + 1) / 2)


def _default_focus(
    encounter: Encounter, footprints: Mapping[Size, int], cols: int, rows: int
) -> tuple[float, float]:
    """Where a ``cols`` x ``rows`` window goes when nothing else says (no move
    drawn, no ``at:``): round the action, never on empty space between tokens.

    1. The acting token, when a turn order runs.
    2. Else a token that has moved: the encounter keeps no order of moves
       across tokens, so "moved" is ``Activity.moved`` (it did something with
       its movement since its turn, or the round, began). With several, the
       window that holds the most of them (then the most tokens).
    3. Else the tokens' middle, when they all fit in one window.
    4. Else the window that holds the most tokens.
    5. Else (no tokens) the map's middle.

    In 2 and 4 ties go to the window holding the earlier token in the
    encounter's token order, and the window is centred on the middle of the
    tokens it was chosen for (which keeps every one of them in view).
    """
    acting = encounter.acting
    if acting is not None:
        return _centre(_token_box(acting.cell, footprints.get(acting.size, 1)))
    tokens = list(encounter.tokens.values())
    boxes = [_token_box(t.cell, footprints.get(t.size, 1)) for t in tokens]
    if not boxes:
        return (encounter.width / 2, encounter.height / 2)
    moved = [box for token, box in zip(tokens, boxes, strict=True) if token.activity.moved]
    if moved:
        return _densest((moved, boxes), cols, rows, encounter.width, encounter.height)
    every = _bbox_of(boxes)
    if every[2] - every[0] + 1 <= cols and every[3] - every[1] + 1 <= rows:
        return _centre(every)
    return _densest((boxes,), cols, rows, encounter.width, encounter.height)


def _densest(
    counted: tuple[list[Box], ...], cols: int, rows: int, width: int, height: int
) -> tuple[float, float]:
    """The middle of the ``counted[0]`` boxes in the ``cols`` x ``rows`` window
    that wholly holds the most of them (then the most of ``counted[1]``, and so
    on; then the one holding the earliest box of ``counted[0]``).

    A best window can always slide right and down until a box it holds touches
    its left edge and one touches its top, so only those positions are tried.
    """
    # (group, index in it, box), in group order then token order
    entries = [(g, i, b) for g, group in enumerate(counted) for i, b in enumerate(group)]
    lefts = sorted({min(b[0], width - cols) for _, _, b in entries})
    tops = sorted({min(b[1], height - rows) for _, _, b in entries})
    best: tuple[int, ...] | None = None
    window: Box | None = None
    for x0 in lefts:
        x1 = x0 + cols - 1
        column = [e for e in entries if x0 <= e[2][0] and e[2][2] <= x1]
        for y0 in tops:
            y1 = y0 + rows - 1
            counts = [0] * len(counted)
            first: int | None = None
            for g, i, b in column:
                if y0 <= b[1] and b[3] <= y1:
                    counts[g] += 1
                    if first is None and g == 0:
                        first = i
            if first is None:
                continue
            score = (*counts, -first)
            if best is None or score > best:
                best, window = score, (x0, y0, x1, y1)
    if window is None:  # every footprint is wider than the window
        return _centre(counted[0][0])
    return _centre(_bbox_of(b for b in counted[0] if _inside(b, window)))


def _bbox_of(boxes: Iterable[Box]) -> Box:
    box: Box | None = None
    for b in boxes:
        box = _union(box, b)
    assert box is not None
    return box


def _inside(box: Box, window: Box) -> bool:
    return (
        window[0] <= box[0] and box[2] <= window[2] and window[1] <= box[1] and box[3] <= window[3]
    )


def _place(focus: float, size: int, total: int, must: Span | None) -> int:
    """The first index of a ``size``-long window centred on ``focus`` that keeps
    ``must`` in view where it fits, inside ``0..total-1``."""
    start = math.floor(focus - size / 2 + 0.5)
    if must is not None and must[1] - must[0] + 1 <= size:
        start = min(max(start, must[1] - size + 1), must[0])
    return max(0, min(start, total - size))


def _grow(span: Span, want: int, total: int) -> Span:
    """``span`` widened evenly to at least ``want`` squares, kept inside the map."""
    lo, hi = span
    need = min(want, total) - (hi - lo + 1)
    if need <= 0:
        return span
    lo -= need // 2
    hi += need - need // 2
    if lo < 0:
        hi, lo = hi - lo, 0
    if hi > total - 1:
        lo, hi = lo - (hi - (total - 1)), total - 1
    return max(0, lo), hi
