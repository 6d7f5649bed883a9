"""Cells as battle maps name them: column letters, then the row number."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.grid.coords import (
    Cell,
    column_index,
    column_name,
    parse_cells,
    parse_on_map,
    parse_waypoints,
)


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("A1", Cell(0, 0)),
        ("c4", Cell(2, 3)),
        ("Z1", Cell(25, 0)),
        ("AA10", Cell(26, 9)),
        ("AB2", Cell(27, 1)),
        (" gr200 ", Cell(199, 199)),
    ],
)
def test_cells_read_as_players_write_them(text: str, cell: Cell) -> None:
    assert Cell.parse(text) == cell


@given(st.integers(0, 5000), st.integers(0, 5000))
def test_a_cell_round_trips_through_its_name(col: int, row: int) -> None:
    cell = Cell(col, row)
    assert Cell.parse(str(cell)) == cell
    assert eval(repr(cell)) == cell  # repr is evaluable, as STYLE.md asks


@given(st.integers(0, 100_000))
def test_column_letters_are_bijective_base_26(col: int) -> None:
    assert column_index(column_name(col)) == col


@pytest.mark.parametrize("text", ["", "1A", "A0", "A-1", "A", "12", "Ä1", "A1B"])
def test_a_malformed_cell_says_what_is_accepted(text: str) -> None:
    with pytest.raises(InvalidInput, match="column letter and a row number"):
        Cell.parse(text)


def test_a_cell_off_the_map_names_the_map() -> None:
    with pytest.raises(InvalidInput, match="K1 is off the map: it runs from A1 to J10"):
        parse_on_map("K1", 10, 10)


def test_lists_runs_and_rectangles() -> None:
    cells = parse_cells("C3 D3 E3-E6 F1:G2, C3", 10, 10)
    assert [str(c) for c in cells] == [
        "C3",
        "D3",
        "E3",
        "E4",
        "E5",
        "E6",
        "F1",
        "G1",
        "F2",
        "G2",
    ]


def test_a_row_run_and_a_reversed_rectangle() -> None:
    assert [str(c) for c in parse_cells("D2-B2", 10, 10)] == ["B2", "C2", "D2"]
    assert [str(c) for c in parse_cells("B2:A1", 10, 10)] == ["A1", "B1", "A2", "B2"]


def test_a_diagonal_run_asks_for_a_rectangle() -> None:
    with pytest.raises(InvalidInput, match=r"neither a column nor a row run.*B2:D4"):
        parse_cells("B2-D4", 10, 10)


def test_too_many_cells_at_once() -> None:
    with pytest.raises(InvalidInput, match="more than 50 cells"):
        parse_cells("A1:J10", 10, 10, limit=50)


@given(st.text(max_size=40))
def test_any_text_parses_or_says_why(text: str) -> None:
    try:
        cells = parse_cells(text, 20, 20)
    except InvalidInput as exc:
        assert str(exc)
    else:
        assert all(0 <= c.col < 20 and 0 <= c.row < 20 for c in cells)


def test_a_square_left_of_the_map_still_has_a_printable_name() -> None:
    """Off-map squares appear in refusals ("?3 is off the map"); naming one never hangs."""
    assert str(Cell(-2, 2)) == "?3"


def test_waypoints_keep_their_order_and_may_repeat() -> None:
    """/move via: the squares to pass, in order, separated by commas, spaces or arrows."""
    assert [str(c) for c in parse_waypoints("C3, E5 → c3 -> A1")] == ["C3", "E5", "C3", "A1"]
    assert parse_waypoints("") == ()
    assert parse_waypoints(None) == ()


@pytest.mark.parametrize("text", ["C3-C6", "B2:C3", "C3 xyz", "C0"])
def test_waypoints_refuse_runs_rectangles_and_non_squares(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_waypoints(text)
