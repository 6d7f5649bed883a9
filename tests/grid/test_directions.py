"""path: directions (issue 29): "10nw 5n" read into legs and walked square by square."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.directions import COMPASS, MAX_SQUARES, parse_directions, walk


def test_avrae_style_directions_walk_square_by_square() -> None:
    legs = parse_directions("10nw 5n")
    assert walk(Cell.parse("E5"), legs, 5) == tuple(Cell.parse(c) for c in ("D4", "C3", "C2"))
    # feet written out, commas, any case, and a bare direction for one square
    same = parse_directions("10ftNW, n")
    assert walk(Cell.parse("E5"), same, 5) == walk(Cell.parse("E5"), legs, 5)
    assert walk(Cell.parse("B2"), parse_directions("20e"), 10) == (
        Cell.parse("C2"),
        Cell.parse("D2"),
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("10x", '"10x" is not a direction'),
        ("north", '"north" is not a direction'),
        ("0n", "goes nowhere"),
    ],
)
def test_what_is_not_a_direction_is_refused_saying_what_is(text: str, says: str) -> None:
    with pytest.raises(InvalidInput, match=says) as refused:
        parse_directions(text)
    assert 'path:"10nw 5n"' in str(refused.value)


def test_feet_that_are_not_whole_squares_and_endless_walks_are_refused() -> None:
    with pytest.raises(InvalidInput, match="7 ft, not a whole number of 5 ft squares"):
        walk(Cell(0, 0), parse_directions("7n"), 5)
    with pytest.raises(InvalidInput, match=f"more than {MAX_SQUARES} squares"):
        walk(Cell(0, 0), parse_directions(f"{5 * (MAX_SQUARES + 1)}e"), 5)


legs = st.lists(
    st.tuples(st.integers(1, 6), st.sampled_from(sorted(COMPASS))), min_size=1, max_size=6
)


@given(legs)
def test_each_square_walked_is_one_compass_step_from_the_last(drawn: list[tuple[int, str]]) -> None:
    text = " ".join(f"{5 * n}{way}" for n, way in drawn)
    cells = walk(Cell(50, 50), parse_directions(text), 5)
    assert len(cells) == sum(n for n, _ in drawn)
    steps = [way for n, way in drawn for _ in range(n)]
    for (a, b), way in zip(zip((Cell(50, 50), *cells), cells, strict=False), steps, strict=True):
        assert (b.col - a.col, b.row - a.row) == COMPASS[way]
