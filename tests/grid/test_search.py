"""The path search: exact costs, bounded work, and straight lines on a grid."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from bot.grid.coords import Cell
from bot.grid.geometry import gap, line_squares, on_one_line, squares_one_two
from bot.grid.search import EPSILON, Edge, cheapest_path, reachable

C = Cell.parse


def plain_step(calls: list[int], walls: frozenset[Cell] = frozenset(), side: int = 200):
    def step(frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        calls.append(1)
        if not (0 <= to.col < side and 0 <= to.row < side) or to in walls:
            return None
        diagonal = frm.col != to.col and frm.row != to.row
        cost = 5.0 if not diagonal or diagonals % 2 == 0 else 10.0
        return Edge(to, cost, diagonals + diagonal)

    return step


def one_for_one(frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
    """5 ft a square, diagonals included (5e-alt's default)."""
    return Edge(to, 5.0, diagonals) if 0 <= to.col < 30 and 0 <= to.row < 30 else None


def test_1_2_1_2_diagonals_are_counted_exactly() -> None:
    found = cheapest_path(
        C("A1"), C("D4"), plain_step([]), budget_ft=100, min_step_ft=5, parity=True
    )
    assert found is not None
    assert found.cost_ft == 20  # 5 + 10 + 5
    assert [str(c) for c in found.cells] == ["A1", "B2", "C3", "D4"]


def test_an_unreachable_target_never_explores_the_whole_map() -> None:
    calls: list[int] = []
    found = cheapest_path(
        C("A1"), C("GR200"), plain_step(calls), budget_ft=30, min_step_ft=5, parity=True
    )
    assert found is None
    assert len(calls) < 8 * 13 * 13  # only what 30 ft can reach, not 40,000 squares


def test_a_walled_in_target_is_given_up_within_the_budget() -> None:
    walls = frozenset(Cell(c, r) for c in range(8, 13) for r in range(8, 13) if (c, r) != (10, 10))
    calls: list[int] = []
    found = cheapest_path(
        Cell(0, 0),
        Cell(10, 10),
        plain_step(calls, walls),
        budget_ft=200,
        min_step_ft=5,
        parity=True,
    )
    assert found is None
    assert len(calls) < 8 * 45 * 45


def test_reachable_costs_are_the_cheapest() -> None:
    costs = reachable(C("A1"), plain_step([]), budget_ft=15, parity=True)
    assert costs[C("A1")] == 0
    assert costs[C("B2")] == 5
    assert costs[C("C3")] == 15
    assert C("D4") not in costs


def test_a_penalty_picks_among_equally_cheap_paths_without_changing_the_cost() -> None:
    avoid = {C("B1"), C("B2")}
    found = cheapest_path(
        C("A2"),
        C("C2"),
        one_for_one,
        budget_ft=10,
        min_step_ft=5,
        penalty=lambda frm, to: 1.0 if to in avoid else 0.0,
    )
    assert found is not None
    assert found.cost_ft == 10
    assert [str(c) for c in found.cells] == ["A2", "B3", "C2"]


def test_of_equally_cheap_paths_the_straight_one_is_drawn() -> None:
    """A4 to F4 costs 25 ft along row 4 or zigzagging through row 2; a table draws row 4."""
    found = cheapest_path(C("A4"), C("F4"), one_for_one, budget_ft=30, min_step_ft=5)
    assert found is not None
    assert [str(c) for c in found.cells] == ["A4", "B4", "C4", "D4", "E4", "F4"]


def test_of_equally_cheap_paths_the_one_with_fewer_squares_wins() -> None:
    """3.5 A1 to E5: four diagonals (5+10+5+10) or A2 first then three (5+5+10+5), both 30 ft."""
    found = cheapest_path(
        C("A1"), C("E5"), plain_step([]), budget_ft=30, min_step_ft=5, parity=True
    )
    assert found is not None
    assert found.cost_ft == 30
    assert [str(c) for c in found.cells] == ["A1", "B2", "C3", "D4", "E5"]


@given(
    st.tuples(st.integers(0, 29), st.integers(0, 29)),
    st.tuples(st.integers(0, 29), st.integers(0, 29)),
)
def test_a_path_on_an_open_grid_hugs_the_straight_line(
    a: tuple[int, int], b: tuple[int, int]
) -> None:
    """Every square of the drawn path is within one square of the line between the ends."""
    start, goal = Cell(*a), Cell(*b)
    found = cheapest_path(start, goal, one_for_one, budget_ft=200, min_step_ft=5)
    assert found is not None
    assert found.cost_ft == 5 * max(abs(goal.col - start.col), abs(goal.row - start.row))
    across, down = goal.col - start.col, goal.row - start.row
    length = math.hypot(across, down)
    for cell in found.cells:
        off = abs(across * (cell.row - start.row) - down * (cell.col - start.col))
        assert off <= length + EPSILON


def test_distances_between_footprints() -> None:
    assert gap(C("A1"), 1, C("B2"), 1) == (1, 1)
    assert gap(C("A1"), 2, C("B2"), 1) == (0, 0)
    assert gap(C("A1"), 1, C("D1"), 2) == (3, 0)
    assert squares_one_two(2, 2) == 3  # 001 Diagonals: 1 + 2


def test_002_run_straight_line_squares() -> None:
    """002 Run: squares a line from a corner of the start to the end touches."""
    squares = line_squares(C("A1"), C("A5"))
    assert {C("A2"), C("A3"), C("A4")} <= squares
    assert C("C3") not in squares
    assert on_one_line(C("A1"), C("D4"), (C("B2"), C("C3")))
    assert not on_one_line(C("A1"), C("A5"), (C("C3"),))
