"""The footprint geometry a bull rush leans on: the squares a mover may stand on
touching its foe, and the direction straight away from the mover."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.grid.coords import Cell
from bot.grid.geometry import anchors_touching, chebyshev, direction_away, footprint


@given(
    width=st.integers(1, 9),
    height=st.integers(1, 9),
    col=st.integers(0, 8),
    row=st.integers(0, 8),
    target_side=st.integers(1, 3),
    side=st.integers(1, 3),
)
def test_anchors_touching_are_exactly_the_footprints_beside_the_target(
    width: int, height: int, col: int, row: int, target_side: int, side: int
) -> None:
    target = set(footprint(Cell(col, row), target_side))
    got = anchors_touching(target, side, width, height)
    expected = set()
    for c in range(-3, width + 3):
        for r in range(-3, height + 3):
            mine = set(footprint(Cell(c, r), side))
            on_map = all(0 <= x.col < width and 0 <= x.row < height for x in mine)
            touches = any(chebyshev(a, b) == 1 for a in mine for b in target)
            if on_map and not mine & target and touches:
                expected.add(Cell(c, r))
    assert got == expected


def test_a_medium_mover_beside_a_medium_foe_has_eight_squares_on_an_open_map() -> None:
    assert len(anchors_touching({Cell(4, 4)}, 1, 9, 9)) == 8
    assert len(anchors_touching({Cell(0, 0)}, 1, 9, 9)) == 3  # in the corner


def test_away_is_straight_on_or_diagonal_centre_to_centre() -> None:
    assert direction_away(Cell(2, 2), 1, Cell(3, 2), 1) == (1, 0)
    assert direction_away(Cell(2, 2), 1, Cell(1, 1), 1) == (-1, -1)
    # a large mover (2x2 at 2,2, centre 3,3) and a medium foe at 4,3 (centre 4.5,3.5)
    assert direction_away(Cell(2, 2), 2, Cell(4, 3), 1) == (1, 1)
    assert direction_away(Cell(2, 2), 2, Cell(4, 2), 1) == (1, -1)
