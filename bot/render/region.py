"""The squares a board picture must show (``region_of``) and where a window goes
when they do not fit (``default_focus``, ``place``, ``grow``): ``bot.render.layout``'s
``plan`` sizes the picture from them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render.view import BoardView

MARGIN = 2  # squares around the region that matters
NEAR = 3  # tokens this close to a move's squares are part of its region

Span = tuple[int, int]  # first and last index, inclusive
Box = tuple[int, int, int, int]  # first col, first row, last col, last row


@dataclass(frozen=True)
class Region:
    """The squares that matter (column and row spans); the point a window is
    centred on when they do not fit (None: the default, ``default_focus``,
    which needs the window's size); the squares a window must keep (the
    mover's last square); and the footprints of the tokens near a move, which a
    window may crop only if the inset shows them."""

    cols: Span
    rows: Span
    focus: tuple[float, float] | None
    must: tuple[Span, Span] | None
    near_tokens: tuple[Box, ...] = ()


def region_of(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> Region:
    """The region of a view that is not pinned (a pinned one is ``layout._framed``'s)."""
    width, height = encounter.width, encounter.height
    move = view.move
    must: tuple[Span, Span] | None = None
    box: Box | None = None
    focus: tuple[float, float] | None = None
    near_tokens: list[Box] = []
    if move is not None:
        mover = encounter.tokens.get(move.mover)
        side = footprints.get(mover.size, 1) if mover is not None else 1
        path_box = cells_bbox(move.path, side)
        assert path_box is not None  # a MoveOverlay always has a path
        focus = centre(path_box)
        end = move.path[-1]
        must = ((end.col, end.col + side - 1), (end.row, end.row + side - 1))
        box = cells_bbox([*move.path, *move.reach_now, *move.reach_more, *move.provoked_at], side)
        assert box is not None
        near = (box[0] - NEAR, box[1] - NEAR, box[2] + NEAR, box[3] + NEAR)
        for token in encounter.tokens.values():
            t_box = token_box(token.cell, footprints.get(token.size, 1))
            if overlaps(t_box, near):
                near_tokens.append(t_box)
                box = union(box, t_box)
    else:
        for cell in (*view.threats, *view.reach):
            box = union(box, token_box(cell, 1))
        for token in encounter.tokens.values():
            if view.around is None or token.key in view.around:
                box = union(box, token_box(token.cell, footprints.get(token.size, 1)))
    if view.center is not None:
        focus = (view.center.col + 0.5, view.center.row + 0.5)
        must = None
    if view.whole_map or view.center is not None or box is None:
        return Region((0, width - 1), (0, height - 1), focus, must, tuple(near_tokens))
    cols = (max(0, box[0] - MARGIN), min(width - 1, box[2] + MARGIN))
    rows = (max(0, box[1] - MARGIN), min(height - 1, box[3] + MARGIN))
    return Region(cols, rows, focus, must, tuple(near_tokens))


def token_box(anchor: Cell, side: int) -> Box:
    return (anchor.col, anchor.row, anchor.col + side - 1, anchor.row + side - 1)


def cells_bbox(cells: Iterable[Cell], side: int) -> Box | None:
    listed = cells if isinstance(cells, list | tuple) else list(cells)
    if not listed:
        return None
    cols, rows = zip(*listed, strict=True)  # a Cell is a (col, row) tuple: one pass, in C
    return (min(cols), min(rows), max(cols) + side - 1, max(rows) + side - 1)


def union(a: Box | None, b: Box) -> Box:
    if a is None:
        return b
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def overlaps(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def centre(box: Box) -> tuple[float, float]:
    return ((box[0] + box[2] + 1) / 2, (box[1] + box[3] + 1) / 2)


def default_focus(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    cols: int,
    rows: int,
    around: frozenset[str] | None = None,
) -> tuple[float, float]:
    """Where a ``cols`` x ``rows`` window goes when nothing else says (no move
    drawn, no ``at:``): round the action, never on empty space between tokens
    (``around``: of these tokens alone, where not all).

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
    if acting is not None and (around is None or acting.key in around):
        return centre(token_box(acting.cell, footprints.get(acting.size, 1)))
    tokens = [t for t in encounter.tokens.values() if around is None or t.key in around]
    boxes = [token_box(t.cell, footprints.get(t.size, 1)) for t in tokens]
    if not boxes:
        return (encounter.width / 2, encounter.height / 2)
    moved = [box for token, box in zip(tokens, boxes, strict=True) if token.activity.moved]
    if moved:
        return densest((moved, boxes), cols, rows, encounter.width, encounter.height)
    every = bbox_of(boxes)
    if every[2] - every[0] + 1 <= cols and every[3] - every[1] + 1 <= rows:
        return centre(every)
    return densest((boxes,), cols, rows, encounter.width, encounter.height)


def densest(
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
        return centre(counted[0][0])
    return centre(bbox_of(b for b in counted[0] if inside(b, window)))


def bbox_of(boxes: Iterable[Box]) -> Box:
    box: Box | None = None
    for b in boxes:
        box = union(box, b)
    assert box is not None
    return box


def inside(box: Box, window: Box) -> bool:
    return (
        window[0] <= box[0] and box[2] <= window[2] and window[1] <= box[1] and box[3] <= window[3]
    )


def place(focus: float, size: int, total: int, must: Span | None) -> int:
    """The first index of a ``size``-long window centred on ``focus`` that keeps
    ``must`` in view where it fits, inside ``0..total-1``."""
    start = math.floor(focus - size / 2 + 0.5)
    if must is not None and must[1] - must[0] + 1 <= size:
        start = min(max(start, must[1] - size + 1), must[0])
    return max(0, min(start, total - size))


def grow(span: Span, want: int, total: int) -> Span:
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
