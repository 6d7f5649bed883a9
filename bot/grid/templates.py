"""The squares an area template covers. Pure: shapes and squares in, squares out.

A square counts when its centre is inside the shape (the rule the seeds leave to the
table, written in docs/RULINGS.md). Distances are in feet, ``square_ft`` to a square:

- circle: centred on the centre of its square, ``size_ft`` the radius; with
  ``from_corner`` (the fifth editions' grid: a point of origin on an intersection),
  centred on the top-left corner of its square instead, so a 20 ft radius covers an
  8 × 8 block rather than 9 × 9;
- square, cube: ``size_ft`` a side, its top-left square at ``at`` (a cube is its
  square seen from above); with ``centred`` (epic-path's cubes), its middle on ``at``:
  an odd side centred on that square, an even side on its top-left corner;
- line: from the centre of ``at`` toward the centre of ``toward``, ``size_ft`` long
  and one square wide;
- cone: from the centre of ``at`` toward ``toward``, ``size_ft`` long, as wide at any
  distance as that distance (the 5e cone: about 53 degrees across). Its own square is
  the caster's, not in it.
"""

from __future__ import annotations

import math

from bot.grid.coords import Cell, cell_row

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
    from_corner: bool = False,
    centred: bool = False,
) -> frozenset[Cell]:
    """The squares on a ``width`` × ``height`` map whose centres ``shape`` holds.

    The work is bounded by what the shape covers on the map, never by its size: a
    square or a circle is worked out row by row (a circle's half-width in a row is found
    from the square root, then checked square by square at its ends), a line or a cone
    square by square only near where it crosses each row."""
    # in squares; no farther than the map's farthest corner from the start (a bigger
    # template covers no more squares than that, and its size never costs anything)
    farthest = max(abs(at.col) + 1, abs(width - at.col)) + max(
        abs(at.row) + 1, abs(height - at.row)
    )
    reach = size_ft / square_ft if size_ft <= farthest * square_ft else float(farthest)
    if shape in ("square", "cube"):
        if centred:  # its whole side: the squares are clipped to the map anyway
            side = max(1, round(size_ft / square_ft))
            return _block(Cell(at.col - side // 2, at.row - side // 2), side, width, height)
        return _block(at, max(1, round(reach)), width, height)
    span = math.ceil(reach) + 1
    rows = range(max(0, at.row - span), min(height, at.row + span + 1))
    cols = range(max(0, at.col - span), min(width, at.col + span + 1))
    if not cols:
        return frozenset()
    if shape == "circle" and from_corner:
        return _corner_circle(at, reach, rows, cols, width)
    if shape == "circle":
        out: set[Cell] = set()
        for r in rows:
            half = _half_width(r - at.row, reach)
            if half is not None:
                first, last = max(cols.start, at.col - half), min(cols[-1], at.col + half)
                out.update(_span(r, first, last, width))
        return frozenset(out)
    if toward is None or toward == at:
        raise ValueError(f"a {shape} needs a square to point toward, other than its own")
    ax, ay = toward.col - at.col, toward.row - at.row
    length = math.hypot(ax, ay)
    ux, uy = ax / length, ay / length
    half_angle = math.tan(CONE_HALF_ANGLE)

    def inside(c: int, r: int) -> bool:
        dx, dy = c - at.col, r - at.row
        along = dx * ux + dy * uy
        across = abs(dx * uy - dy * ux)
        if along <= EPSILON or along > reach + EPSILON:
            return False
        if shape == "line":
            return across <= 0.5 + EPSILON
        return across <= along * half_angle + EPSILON  # cone

    found: set[Cell] = set()
    for r in rows:
        window = _window(r - at.row, ux, uy, reach, 0.5 if shape == "line" else None)
        if window is None:
            continue
        lo, hi = window
        first, last = max(cols.start, at.col + lo), min(cols[-1], at.col + hi)
        found.update(Cell(c, r) for c in range(first, last + 1) if inside(c, r))
    return frozenset(found)


def _block(corner: Cell, side: int, width: int, height: int) -> frozenset[Cell]:
    """The squares of a ``side``-square block from its top-left square ``corner`` (a
    centred one starts ``side // 2`` up and left of its middle: an odd side one square
    each way round it, an even side round the intersection at its top-left corner),
    those on the map."""
    first, last = max(0, corner.col), min(width, corner.col + side) - 1
    return frozenset(
        cell
        for r in range(max(0, corner.row), min(height, corner.row + side))
        for cell in _span(r, first, last, width)
    )


def _corner_circle(at: Cell, reach: float, rows: range, cols: range, width: int) -> frozenset[Cell]:
    """The squares whose centres lie within ``reach`` squares of the top-left corner of
    ``at``: row by row, each row's stretch from the square root (the corner sits half a
    square up and left of the square's centre)."""
    found: set[Cell] = set()
    limit = reach + EPSILON
    for r in rows:
        dy = r - at.row + 0.5
        if abs(dy) > limit:
            continue
        half = math.sqrt(max(0.0, limit * limit - dy * dy))
        # columns c with |c - at.col + 0.5| <= half
        first = max(cols.start, math.ceil(at.col - 0.5 - half))
        last = min(cols[-1], math.floor(at.col - 0.5 + half))
        found.update(_span(r, first, last, width))
    return frozenset(found)


def _span(row: int, first: int, last: int, width: int) -> tuple[Cell, ...]:
    """The squares of ``row`` from column ``first`` to ``last`` (none when last < first)."""
    return cell_row(row, width)[first : last + 1] if first <= last else ()


def _half_width(dy: int, reach: float) -> int | None:
    """How many columns either side of a circle's centre ``dy`` rows away hold their
    centre in it (None: the row misses it): from the square root, then checked with the
    same test square by square as ever (``hypot``), so rounding changes nothing."""
    limit = reach + EPSILON
    if abs(dy) > limit:
        return None
    half = math.isqrt(max(0, math.floor(limit * limit - dy * dy)))
    while math.hypot(half + 1, dy) <= limit:
        half += 1
    while half >= 0 and math.hypot(half, dy) > limit:
        half -= 1
    return half if half >= 0 else None


def _window(
    dy: int, ux: float, uy: float, reach: float, line_half: float | None
) -> tuple[int, int] | None:
    """The columns (from the start square's) where a line or cone pointing (ux, uy) may
    hold a square's centre in the row ``dy`` rows away: its constraints are straight
    lines, so each row meets it in one stretch, widened by two squares for rounding.
    ``line_half``: a line's half-width; None: a cone."""
    lo, hi = -math.inf, math.inf
    slope = math.tan(CONE_HALF_ANGLE)
    # each constraint: k * dx + m <= 0, dx the column from the start square's
    constraints = [(-ux, -dy * uy), (ux, dy * uy - reach)]  # 0 < along <= reach
    if line_half is not None:  # |across| <= half-width
        constraints += [(uy, -dy * ux - line_half), (-uy, dy * ux - line_half)]
    else:  # |across| <= along * slope
        constraints += [
            (uy - slope * ux, -dy * ux - slope * dy * uy),
            (-uy - slope * ux, dy * ux - slope * dy * uy),
        ]
    for k, m in constraints:
        if abs(k) < 1e-12:
            if m > 1e-6:
                return None
            continue
        bound = -m / k
        if k > 0:
            hi = min(hi, bound)
        else:
            lo = max(lo, bound)
    if lo > hi + 1e-6:
        return None
    return math.floor(lo) - 2, math.ceil(hi) + 2
