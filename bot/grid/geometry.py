"""Shapes on the grid: footprints, distances, and the squares a straight line touches."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from bot.grid.coords import Cell

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
)


def footprint(anchor: Cell, side: int, height: int | None = None) -> tuple[Cell, ...]:
    """The squares a token covers when its top-left square is ``anchor``: ``side``
    squares square, or ``side`` wide and ``height`` tall (a creature squeezing)."""
    rows = side if height is None else height
    if side == 1 and rows == 1:
        return (anchor,)
    return tuple(Cell(anchor.col + c, anchor.row + r) for r in range(rows) for c in range(side))


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))


def gap(a: Cell, a_side: int, b: Cell, b_side: int) -> tuple[int, int]:
    """Squares from one footprint to the other, across and down: 0 where they
    overlap on that axis, 1 where they are adjacent."""

    def axis(a0: int, a_len: int, b0: int, b_len: int) -> int:
        if a0 + a_len <= b0:
            return b0 - (a0 + a_len) + 1
        if b0 + b_len <= a0:
            return a0 - (b0 + b_len) + 1
        return 0

    return axis(a.col, a_side, b.col, b_side), axis(a.row, a_side, b.row, b_side)


def squares_one_two(dx: int, dy: int) -> int:
    """Squares between two points counting diagonals 1-2-1-2 (001 "Diagonals")."""
    straight, diagonal = max(dx, dy), min(dx, dy)
    return straight + diagonal // 2


def segment_span(
    p: tuple[float, float], q: tuple[float, float], cell: Cell
) -> tuple[float, float] | None:
    """Where along p→q (0 at p, 1 at q) the segment is on the closed unit square of
    ``cell`` (Liang–Barsky), or None when it misses it."""
    x0, y0 = p
    dx, dy = q[0] - x0, q[1] - y0
    lo, hi = 0.0, 1.0
    for delta, start, low, high in (
        (dx, x0, cell.col, cell.col + 1),
        (dy, y0, cell.row, cell.row + 1),
    ):
        if delta == 0:
            if start < low or start > high:
                return None
            continue
        t1, t2 = (low - start) / delta, (high - start) / delta
        if t1 > t2:
            t1, t2 = t2, t1
        lo, hi = max(lo, t1), min(hi, t2)
        if lo > hi:
            return None
    return lo, hi


def _touches(p: tuple[float, float], q: tuple[float, float], cell: Cell) -> bool:
    """Does the segment p→q meet the closed unit square of ``cell``?"""
    return segment_span(p, q, cell) is not None


@cache
def line_squares(start: Cell, end: Cell) -> frozenset[Cell]:
    """Squares any straight line from a corner of ``start`` to a corner of ``end``
    passes through or touches (002 "Run": how to run "straight" on a grid)."""
    return frozenset().union(*corner_lines(start, end))


@cache
def corner_lines(start: Cell, end: Cell) -> tuple[frozenset[Cell], ...]:
    """For each line from a corner of ``start`` to a corner of ``end``, the squares it
    passes through or touches: a path keeps "straight" (002 "Run") if one of these
    holds all its squares."""
    corners_a = [(start.col + i, start.row + j) for i in (0, 1) for j in (0, 1)]
    corners_b = [(end.col + i, end.row + j) for i in (0, 1) for j in (0, 1)]
    cols = range(min(start.col, end.col) - 1, max(start.col, end.col) + 2)
    rows = range(min(start.row, end.row) - 1, max(start.row, end.row) + 2)
    lines: dict[frozenset[Cell], None] = {}
    for p in corners_a:
        for q in corners_b:
            squares = frozenset(
                Cell(c, r) for r in rows for c in cols if _touches(p, q, Cell(c, r))
            )
            lines[squares] = None
    return tuple(lines)


def on_one_line(start: Cell, end: Cell, cells: tuple[Cell, ...]) -> bool:
    """Whether one corner-to-corner line from ``start`` to ``end`` touches every one of
    ``cells``: a path that does keeps "straight" (002 "Run")."""
    return any(all(cell in line for cell in cells) for line in corner_lines(start, end))


def anchors_touching(target_cells: Iterable[Cell], side: int, width: int, height: int) -> set[Cell]:
    """The anchors of a ``side``-square footprint, on a ``width`` x ``height`` map, that
    touch the target's squares (an edge or a corner) without overlapping them."""
    target = set(target_cells)
    out = set()
    cols = range(min(c.col for c in target) - side, max(c.col for c in target) + 2)
    rows = range(min(c.row for c in target) - side, max(c.row for c in target) + 2)
    for col in cols:
        for row in rows:
            anchor = Cell(col, row)
            mine = set(footprint(anchor, side))
            if mine & target or not all(0 <= c.col < width and 0 <= c.row < height for c in mine):
                continue
            if any(chebyshev(a, b) == 1 for a in mine for b in target):
                out.add(anchor)
    return out


def direction_away(start: Cell, side: int, target: Cell, target_side: int) -> tuple[int, int]:
    """The direction (one of eight) straight from a ``side``-square footprint at
    ``start`` through one of ``target_side`` at ``target``, centre to centre."""
    dc = (target.col + target_side / 2) - (start.col + side / 2)
    dr = (target.row + target_side / 2) - (start.row + side / 2)
    return (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
