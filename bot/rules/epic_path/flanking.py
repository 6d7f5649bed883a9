"""Flanking on the grid: seed 004 › Flanking, Reach and Flanking, Internal Flanking.

"Trace a line from the center of a square you occupy to the center of a square
your ally occupies, and if that line passes through opposite sides or opposite
corners of the enemy's space, you have a flank against that enemy." A line in
through a side and out through a corner (or the other way), through adjacent
sides, or along the border of the space is not a flank. Large and larger
creatures draw from the centre of any square they occupy; creatures with reach
from any corner of their space (of any square, when Large or larger) to any
corner of the ally's space.

Points are in squares: the top-left corner of A1 is (0, 0), its centre (½, ½).
Exact fractions, so a line along a border or through a corner is never missed by
a rounding error. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bot.grid.coords import Cell

Point = tuple[Fraction, Fraction]
HALF = Fraction(1, 2)

# The way out opposite each way in: a side's opposite side, a corner's opposite corner.
OPPOSITE = {
    "N": "S",
    "S": "N",
    "W": "E",
    "E": "W",
    "NW": "SE",
    "SE": "NW",
    "NE": "SW",
    "SW": "NE",
}


@dataclass(frozen=True)
class Space:
    """The squares a creature occupies: ``side`` squares a side from ``anchor``."""

    anchor: Cell
    side: int = 1

    @property
    def squares(self) -> tuple[Cell, ...]:
        a = self.anchor
        return tuple(Cell(a.col + c, a.row + r) for r in range(self.side) for c in range(self.side))

    def contains(self, point: Point) -> bool:
        """Strictly inside (not on the border)."""
        x, y = point
        a = self.anchor
        return a.col < x < a.col + self.side and a.row < y < a.row + self.side

    def overlaps(self, other: Space) -> bool:
        a, b = self.anchor, other.anchor
        return (
            a.col < b.col + other.side
            and b.col < a.col + self.side
            and a.row < b.row + other.side
            and b.row < a.row + self.side
        )


def centres(space: Space) -> tuple[Point, ...]:
    """The centre of each square in the space (004: a Large or larger creature "can
    choose which of the squares in its space it wishes to determine flanks from")."""
    return tuple((c.col + HALF, c.row + HALF) for c in space.squares)


def square_corners(space: Space) -> tuple[Point, ...]:
    """Every corner of every square in the space (004 Reach and Flanking: "size large
    or larger creatures with reach can start this line from any corner of any square
    they occupy"; a Medium one's square has four)."""
    a, n = space.anchor, space.side
    return tuple(
        (Fraction(a.col + i), Fraction(a.row + j)) for j in range(n + 1) for i in range(n + 1)
    )


def space_corners(space: Space) -> tuple[Point, ...]:
    """The four outer corners of the space ("any corner of an ally's space")."""
    a, n = space.anchor, space.side
    return tuple((Fraction(a.col + i), Fraction(a.row + j)) for j in (0, n) for i in (0, n))


def where_on_border(point: Point, space: Space) -> str:
    """Which side ("N", "E"...) or corner ("NW"...) of ``space`` the point lies on
    ("" when it isn't on the border)."""
    x, y = point
    a, n = space.anchor, space.side
    ns = "N" if y == a.row else "S" if y == a.row + n else ""
    ew = "W" if x == a.col else "E" if x == a.col + n else ""
    inside_x = a.col <= x <= a.col + n
    inside_y = a.row <= y <= a.row + n
    if not (inside_x and inside_y):
        return ""
    return ns + ew


def crossing(p: Point, q: Point, space: Space) -> tuple[str, str] | None:
    """Where the segment from ``p`` to ``q`` enters and leaves ``space``, as sides or
    corners; None when it doesn't pass through the inside (it misses, touches a corner,
    or runs along the border)."""
    x0, y0 = Fraction(space.anchor.col), Fraction(space.anchor.row)
    x1, y1 = x0 + space.side, y0 + space.side
    dx, dy = q[0] - p[0], q[1] - p[1]
    t_in, t_out = Fraction(0), Fraction(1)
    for step, room in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if step == 0:
            if room < 0:
                return None
            continue
        t = room / step
        if step < 0:
            t_in = max(t_in, t)
        else:
            t_out = min(t_out, t)
    if t_in >= t_out:
        return None

    def at(t: Fraction) -> Point:
        return (p[0] + t * dx, p[1] + t * dy)

    if not space.contains(at((t_in + t_out) / 2)):
        return None  # along the border: "not a flank"
    entry, exit_ = where_on_border(at(t_in), space), where_on_border(at(t_out), space)
    if not entry or not exit_:
        return None  # an end inside the space: that is Internal Flanking's business
    return entry, exit_


def line_flanks(p: Point, q: Point, space: Space) -> bool:
    """004 Flanking: the line passes through opposite sides or opposite corners.

    The same answer as ``crossing`` gives (``OPPOSITE[entry] == exit``), in whole
    numbers: points are on the half-square grid, so twice their coordinates are
    integers, and the tests are cross-multiplied. Exact, and fast enough to ask of
    every pair of points of every pair of creatures on a crowded board."""
    doubled = [2 * v for v in (*p, *q)]
    if any(v.denominator != 1 for v in doubled):  # not on the half-square grid
        through = crossing(p, q, space)
        return through is not None and OPPOSITE[through[0]] == through[1]
    px, py, qx, qy = (int(v) for v in doubled)
    return _half_line_flanks(px, py, qx, qy, *_half_box(space))


def _half_box(space: Space) -> tuple[int, int, int, int]:
    """The space's edges in half squares: left, top, right, bottom."""
    x0, y0 = 2 * space.anchor.col, 2 * space.anchor.row
    return x0, y0, x0 + 2 * space.side, y0 + 2 * space.side


def _half_line_flanks(
    px: int, py: int, qx: int, qy: int, x0: int, y0: int, x1: int, y1: int
) -> bool:
    return (
        _side_to_side(py, px, qy, qx, y0, y1, x0, x1)  # north and south
        or _side_to_side(px, py, qx, qy, x0, x1, y0, y1)  # west and east
        or _corner_to_corner(px, py, qx, qy, x0, y0, x1, y1)
    )


def _side_to_side(pa: int, pb: int, qa: int, qb: int, a0: int, a1: int, b0: int, b1: int) -> bool:
    """The segment crosses the line ``a = a0`` and the line ``a = a1`` (one side of the
    space and the one opposite), strictly between ``b0`` and ``b1`` on both."""
    if pa > qa:
        pa, pb, qa, qb = qa, qb, pa, pb
    if not (pa <= a0 and qa >= a1):
        return False
    d = qa - pa  # > 0: a1 > a0
    for a in (a0, a1):
        b = pb * d + (a - pa) * (qb - pb)  # b at this line, times d
        if not b0 * d < b < b1 * d:
            return False
    return True


def _corner_to_corner(
    px: int, py: int, qx: int, qy: int, x0: int, y0: int, x1: int, y1: int
) -> bool:
    """The segment runs through two opposite corners of the (square) space: it lies on
    one of its diagonals and reaches past both ends of it."""
    for (cx, cy), (dx, dy) in (((x0, y0), (x1, y1)), ((x1, y0), (x0, y1))):
        ux, uy = dx - cx, dy - cy
        if (px - cx) * uy != (py - cy) * ux or (qx - cx) * uy != (qy - cy) * ux:
            continue  # not both on this diagonal
        # along the diagonal, from one corner (0) to the other (1): p and q beyond them
        sp, sq = (px - cx) * ux, (qx - cx) * ux
        end = ux * ux
        if (sp <= 0 and sq >= end) or (sq <= 0 and sp >= end):
            return True
    return False


def flank_points(space: Space, *, own_reach: bool, partner_reach: bool) -> tuple[Point, ...]:
    """Where a creature's end of a flanking line may be: the centre of any of its
    squares; with reach, any corner of any of its squares; and, when its partner has
    reach, any corner of its space (the partner's line ends there)."""
    points: list[Point] = list(centres(space))
    if own_reach:
        points.extend(square_corners(space))
    elif partner_reach:
        points.extend(space_corners(space))
    return tuple(dict.fromkeys(points))


def flanking_line(
    a: Space, b: Space, target: Space, *, a_reach: bool, b_reach: bool
) -> tuple[Point, Point] | None:
    """A line from ``a`` to ``b`` that flanks ``target``, or None. Lines between centres
    come first, so the one given is the plainest."""
    a_points = _outside(flank_points(a, own_reach=a_reach, partner_reach=b_reach), target)
    b_points = _outside(flank_points(b, own_reach=b_reach, partner_reach=a_reach), target)
    for p in a_points:
        for q in b_points:
            if line_flanks(p, q, target):
                return p, q
    return None


def _outside(points: Iterable[Point], target: Space) -> list[Point]:
    return [p for p in points if not target.contains(p)]


def flanks(a: Creature, b: Creature, target: Creature) -> bool:
    """``flank_between(a, b, target).flanks`` without the words or the line: the same
    rules in whole numbers, fast enough to ask of every pair of foes around every
    creature on a crowded board (``flank_board``)."""
    return flanks_counted(a, b, target)[0]


def flanks_counted(a: Creature, b: Creature, target: Creature) -> tuple[bool, int]:
    """``flanks``, and how many lines it drew: its work (big creatures with reach have
    many corners to draw from)."""
    if not (a.threatens and b.threatens):
        return False, 0
    for one in (a, b):  # Internal Flanking, either way round
        if abs(target.size - one.size) >= 2 and one.space.overlaps(target.space):
            return True, 0
    x0, y0, x1, y1 = _half_box(target.space)
    a_points = [
        (x, y)
        for x, y in half_points(a.space, a.reach, b.reach)
        if not (x0 < x < x1 and y0 < y < y1)
    ]
    b_points = [
        (x, y)
        for x, y in half_points(b.space, b.reach, a.reach)
        if not (x0 < x < x1 and y0 < y < y1)
    ]
    return _drawn_across(a_points, b_points, x0, y0, x1, y1)


def _drawn_across(
    a_points: list[tuple[int, int]],
    b_points: list[tuple[int, int]],
    x0: int,
    y0: int,
    x1: int,
    y1: int,
) -> tuple[bool, int]:
    """Whether a line from one of ``a_points`` to one of ``b_points`` (half squares)
    flanks the space with edges ``x0``, ``y0``, ``x1``, ``y1``, and how many it drew."""
    # A line through opposite sides (or corners) starts on or before one side of the
    # space and ends on or past the opposite one: only such ends are paired.
    drawn = 0
    for ends, other_ends in ((a_points, b_points), (b_points, a_points)):
        north = [p for p in ends if p[1] <= y0]
        south = [q for q in other_ends if q[1] >= y1]
        drawn += len(north) * len(south)
        for px, py in north:
            for qx, qy in south:
                if _side_to_side(py, px, qy, qx, y0, y1, x0, x1) or _corner_to_corner(
                    px, py, qx, qy, x0, y0, x1, y1
                ):
                    return True, drawn
        west = [p for p in ends if p[0] <= x0]
        east = [q for q in other_ends if q[0] >= x1]
        drawn += len(west) * len(east)
        for px, py in west:
            for qx, qy in east:
                if _side_to_side(px, py, qx, qy, x0, x1, y0, y1):
                    return True, drawn
    return False, drawn


def half_points(space: Space, own_reach: bool, partner_reach: bool) -> tuple[tuple[int, int], ...]:
    """``flank_points`` in half squares (whole numbers)."""
    col, row = 2 * space.anchor.col, 2 * space.anchor.row
    return tuple((col + x, row + y) for x, y in _half_offsets(space.side, own_reach, partner_reach))


@lru_cache(maxsize=256)
def _half_offsets(side: int, own_reach: bool, partner_reach: bool) -> tuple[tuple[int, int], ...]:
    points = flank_points(Space(Cell(0, 0), side), own_reach=own_reach, partner_reach=partner_reach)
    return tuple((int(2 * x), int(2 * y)) for x, y in points)


def describe_point(point: Point) -> str:
    """A line's end in words: "the centre of C3", "the top-left corner of D4"."""
    x, y = point
    if x.denominator == 2 and y.denominator == 2:
        return f"the centre of {Cell(int(x - HALF), int(y - HALF))}"
    return f"the top-left corner of {Cell(int(x), int(y))}"


# ------------------------------------------------------------------ creatures

SIDES = {"N": "north", "S": "south", "W": "west", "E": "east"}
CORNERS = {"NW": "north-west", "NE": "north-east", "SW": "south-west", "SE": "south-east"}


@dataclass(frozen=True)
class Creature:
    """One creature as flanking sees it."""

    name: str
    space: Space
    size: int  # a ``Size``: steps apart count for Internal Flanking
    reach: bool  # reach beyond its adjacent squares, or a reach weapon
    threatens: bool  # it threatens the target (any square of its space)


@dataclass(frozen=True)
class Verdict:
    flanks: bool
    why: str
    internal: bool = False
    line: tuple[Point, Point] | None = None


def flank_between(a: Creature, b: Creature, target: Creature) -> Verdict:
    """Whether ``a`` and ``b``, allies, flank ``target``, and why.

    004 Flanking: "both you and an ally must be threatening the same creature"; then
    Internal Flanking (two or more sizes apart, one inside the other's space) or the
    line."""
    for one in (a, b):
        if not one.threatens:
            return Verdict(
                False,
                f"{one.name} doesn't threaten {target.name}: only creatures that both "
                "threaten it can flank it",
            )
    for inner, other in ((a, b), (b, a)):
        if target.size - inner.size >= 2 and inner.space.overlaps(target.space):
            return Verdict(
                True,
                f"{inner.name} is inside {target.name}'s space, two or more sizes smaller, "
                f"and {other.name} threatens {target.name}: internal flanking",
                internal=True,
            )
    for outer, other in ((a, b), (b, a)):
        if outer.size - target.size >= 2 and outer.space.overlaps(target.space):
            return Verdict(
                True,
                f"{target.name} is inside {outer.name}'s space, two or more sizes smaller, "
                f"and {other.name} threatens its square: internal flanking",
                internal=True,
            )
    line = flanking_line(a.space, b.space, target.space, a_reach=a.reach, b_reach=b.reach)
    if line is None:
        return Verdict(
            False,
            f"no line from {a.name} to {b.name} passes through opposite sides or opposite "
            f"corners of {target.name}'s space",
        )
    p, q = line
    entry, exit_ = crossing(p, q, target.space) or ("", "")
    through = (
        f"opposite sides ({SIDES[entry]} and {SIDES[exit_]})"
        if entry in SIDES
        else f"opposite corners ({CORNERS[entry]} and {CORNERS[exit_]})"
    )
    return Verdict(
        True,
        f"the line from {describe_point(p)} to {describe_point(q)} passes through "
        f"{through} of {target.name}'s space",
        line=line,
    )
