"""A template's squares cost what it covers on the map, never its size (issue 26), and
are the same squares the square-by-square test always gave."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.grid.coords import Cell
from bot.grid.templates import CONE_HALF_ANGLE, EPSILON, template_squares


def square_by_square(
    shape: str, size_ft: int, at: Cell, toward: Cell | None, square_ft: int, width: int, height: int
) -> frozenset[Cell]:
    """Every square of the map tested on its own: what template_squares said before it
    was bounded (clipped to the map)."""
    reach = size_ft / square_ft
    out = set()
    for r in range(height):
        for c in range(width):
            dx, dy = c - at.col, r - at.row
            if shape in ("square", "cube"):
                side = max(1, round(reach))
                inside = 0 <= dx < side and 0 <= dy < side
            elif shape == "circle":
                inside = math.hypot(dx, dy) <= reach + EPSILON
            else:
                assert toward is not None
                ax, ay = toward.col - at.col, toward.row - at.row
                length = math.hypot(ax, ay)
                ux, uy = ax / length, ay / length
                along = dx * ux + dy * uy
                across = abs(dx * uy - dy * ux)
                if along <= EPSILON or along > reach + EPSILON:
                    inside = False
                elif shape == "line":
                    inside = across <= 0.5 + EPSILON
                else:
                    inside = across <= along * math.tan(CONE_HALF_ANGLE) + EPSILON
            if inside:
                out.add(Cell(c, r))
    return frozenset(out)


cells = st.builds(Cell, st.integers(-2, 17), st.integers(-2, 17))


@settings(max_examples=1500)
@given(
    st.sampled_from(["circle", "square", "cube", "line", "cone"]),
    st.integers(1, 30).map(lambda n: 5 * n),
    cells,
    cells,
    st.sampled_from([5, 10]),
    st.integers(1, 16),
    st.integers(1, 16),
)
def test_row_by_row_covers_the_squares_the_square_by_square_test_does(
    shape: str, size_ft: int, at: Cell, toward: Cell, square_ft: int, width: int, height: int
) -> None:
    aim = toward if shape in ("line", "cone") else None
    if aim == at:
        return
    got = template_squares(shape, size_ft, at, aim, square_ft=square_ft, width=width, height=height)
    assert got == square_by_square(shape, size_ft, at, aim, square_ft, width, height)


def test_a_template_far_bigger_than_the_map_is_the_map() -> None:
    """500 ft and 10^9 ft circles on a 3×3 map: the map, worked out in no time."""
    for size_ft in (500, 10**9):
        got = template_squares("circle", size_ft, Cell(1, 1), None, square_ft=5, width=3, height=3)
        assert got == {Cell(c, r) for c in range(3) for r in range(3)}
    line = template_squares("line", 10**9, Cell(0, 0), Cell(2, 2), square_ft=5, width=3, height=3)
    assert line == {Cell(1, 1), Cell(2, 2)}


def test_a_template_too_big_to_count_in_feet_is_still_the_map() -> None:
    huge = 10**400  # no float holds it
    for shape, aim in (
        ("circle", None),
        ("square", None),
        ("cone", Cell(3, 0)),
        ("line", Cell(0, 3)),
    ):
        got = template_squares(shape, huge, Cell(0, 0), aim, square_ft=5, width=4, height=4)
        assert got == square_by_square(shape, 10_000, Cell(0, 0), aim, 5, 4, 4)
