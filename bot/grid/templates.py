"""The squares an area template covers. Pure: shapes and squares in, squares out.

A square counts when its centre is inside the shape (the rule the seeds leave to the
table, written in docs/RULINGS.md). Distances are in feet, ``square_ft`` to a square:

- circle: centred on the centre of its square, ``size_ft`` the radius;
- square, cube: ``size_ft`` a side, its top-left square at ``at`` (a cube is its
  square seen from above);
- line: from the centre of ``at`` toward the centre of ``toward``, ``size_ft`` long
  and one square wide;
- cone: from the centre of ``at`` toward ``toward``, ``size_ft`` long, as wide at any
  distance as that distance (the 5e cone: about 53 degrees across). Its own square is
  the caster's, not in it.
"""

from __future__ import annotations

import math

from bot.grid.coords import Cell

CONE_HALF_ANGLE = math.atan(0.5)  # as wide as it is long
EPSILON = 1e-9


def template_squares(
    shape: str,
    size_ft: int,
    at: Cell,
    toward: Cell | None,
    *,
    square_ft: int,
    width: int,
    height: int,
) -> frozenset[Cell]:
    """The squares on a ``width`` × ``height`` map whose centres ``shape`` holds."""
    reach = size_ft / square_ft  # in squares
    if shape in ("square", "cube"):
        side = max(1, round(reach))
        return frozenset(
            Cell(c, r)
            for r in range(at.row, min(height, at.row + side))
            for c in range(at.col, min(width, at.col + side))
        )
    span = math.ceil(reach) + 1
    rows = range(max(0, at.row - span), min(height, at.row + span + 1))
    cols = range(max(0, at.col - span), min(width, at.col + span + 1))
    if shape == "circle":
        return frozenset(
            Cell(c, r)
            for r in rows
            for c in cols
            if math.hypot(c - at.col, r - at.row) <= reach + EPSILON
        )
    if toward is None or toward == at:
        raise ValueError(f"a {shape} needs a square to point toward, other than its own")
    ax, ay = toward.col - at.col, toward.row - at.row
    length = math.hypot(ax, ay)
    ux, uy = ax / length, ay / length
    out = set()
    for r in rows:
        for c in cols:
            dx, dy = c - at.col, r - at.row
            along = dx * ux + dy * uy
            across = abs(dx * uy - dy * ux)
            if along <= EPSILON or along > reach + EPSILON:
                continue
            if shape == "line":
                inside = across <= 0.5 + EPSILON
            else:  # cone
                inside = across <= along * math.tan(CONE_HALF_ANGLE) + EPSILON
            if inside:
                out.add(Cell(c, r))
    return frozenset(out)
