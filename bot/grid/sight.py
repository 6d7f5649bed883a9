"""Line of effect on the grid: is there a straight, unblocked line between two spaces?

A line runs from the centre of a square of one space to the centre of a square of the
other (any of its squares, for a creature bigger than one). It is blocked when it
touches a solid square (walls, pillars: the ruleset says which) or a blocking edge (a
wall or a closed door between two squares). Touching counts, so a line cannot slip
through the point where two walls meet or where two wall squares touch corners.
Centres, not corners: a corner of a square standing against a wall lies on the wall,
and a line from it would reach through the wall without crossing it. Pure: cells and
edges in, a bool out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.grid.coords import Cell, EdgeKey
from bot.grid.geometry import segment_span

Point = tuple[float, float]


def _centres(cells: Iterable[Cell]) -> set[Point]:
    return {(c.col + 0.5, c.row + 0.5) for c in cells}


def _meets_square(p: Point, q: Point, cell: Cell) -> bool:
    """Does the segment p→q touch the closed square of ``cell`` strictly between its
    ends?"""
    span = segment_span(p, q, cell)
    if span is None:
        return False
    lo, hi = span
    return lo < 1 and hi > 0 and not (lo == hi and lo in (0.0, 1.0))


def _edge_segment(edge: EdgeKey) -> tuple[Point, Point]:
    """The unit segment between two side-by-side squares (``edge_key`` order)."""
    a, b = edge
    if a.row == b.row:  # side by side across: the shared side is vertical
        x = max(a.col, b.col)
        return (x, a.row), (x, a.row + 1)
    y = max(a.row, b.row)
    return (a.col, y), (a.col + 1, y)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _meets_edge(p: Point, q: Point, edge: EdgeKey) -> bool:
    """Does the segment p→q touch the closed edge segment strictly between p and q?"""
    a, b = _edge_segment(edge)
    d1, d2 = _cross(p, q, a), _cross(p, q, b)
    if d1 * d2 > 0:
        return False  # the edge lies wholly on one side of the line
    d3, d4 = _cross(a, b, p), _cross(a, b, q)
    if d3 * d4 > 0:
        return False  # the line's two ends lie on one side of the edge
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    if d1 == 0 and d2 == 0:  # collinear: where along p→q do a and b fall?
        ta = ((a[0] - p[0]) * dx + (a[1] - p[1]) * dy) / length2
        tb = ((b[0] - p[0]) * dx + (b[1] - p[1]) * dy) / length2
        lo, hi = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
        return lo < hi or (lo == hi and 0 < lo < 1)
    # one crossing point: its parameter along p→q
    denominator = dx * (b[1] - a[1]) - dy * (b[0] - a[0])
    t = ((a[0] - p[0]) * (b[1] - a[1]) - (a[1] - p[1]) * (b[0] - a[0])) / denominator
    return 0 < t < 1


def clear_line(
    start: Iterable[Cell],
    end: Iterable[Cell],
    solid: Callable[[Cell], bool],
    walls: Iterable[EdgeKey],
) -> bool:
    """Whether some line from the centre of one of ``start``'s squares to the centre of
    one of ``end``'s touches no ``solid`` square (other than those two) and no edge of
    ``walls``."""
    sources, targets = _centres(start), _centres(end)
    every = [*sources, *targets]
    min_col, max_col = int(min(x for x, _ in every)), int(max(x for x, _ in every)) + 1
    min_row, max_row = int(min(y for _, y in every)), int(max(y for _, y in every)) + 1
    boxed = [
        Cell(c, r)
        for r in range(min_row - 1, max_row + 1)
        for c in range(min_col - 1, max_col + 1)
        if solid(Cell(c, r))
    ]
    edges = [
        e
        for e in walls
        if min_col - 1 <= e[0].col <= max_col and min_row - 1 <= e[0].row <= max_row
    ]
    for p in sorted(sources):
        for q in sorted(targets):
            if p == q:
                return True  # the same square
            ends = {Cell(int(p[0]), int(p[1])), Cell(int(q[0]), int(q[1]))}
            if any(_meets_square(p, q, cell) for cell in boxed if cell not in ends):
                continue
            if any(_meets_edge(p, q, edge) for edge in edges):
                continue
            return True
    return False
