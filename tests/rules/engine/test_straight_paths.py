"""Issue 30: of the equally cheap paths, the one drawn is the straightest. On open
ground a move along a row draws that row (A5 B5 C5 D5, never A5 B5 C4 D5), and
any move keeps every square within a square of the straight line between its ends;
the cost is the cheapest either way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest
from tests.handlers.encounter_helpers import run

RULESETS = ("5e-alt", "3.5", "5e", "5e-2024", "epic-path")


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_the_open_ground_straight_move_draws_a_straight_line(
    gm: Context, ruleset: str
) -> None:
    reply = await run(
        gm,
        f"/encounter start width:20 height:15 ruleset:{ruleset}",
        "/token add name:Ari at:A5 speed:60",
        "/move token:Ari to:H5",
    )
    assert reply.result["path"] == [f"{col}5" for col in "ABCDEFGH"]
    assert reply.result["cost_ft"] == 35


def stray(path: tuple[Cell, ...]) -> float:
    """How far the path's farthest square is from the line between its ends, in squares."""
    start, goal = path[0], path[-1]
    across, down = goal.col - start.col, goal.row - start.row
    length = (across * across + down * down) ** 0.5
    return (
        max(abs(across * (c.row - start.row) - down * (c.col - start.col)) for c in path) / length
    )


@settings(max_examples=60, deadline=None)
@given(
    ruleset=st.sampled_from(RULESETS),
    large=st.booleans(),
    start=st.builds(Cell, st.integers(6, 15), st.integers(6, 15)),
    offset=st.tuples(st.integers(-6, 6), st.integers(-6, 6)).filter(lambda o: o != (0, 0)),
)
def test_every_open_ground_path_hugs_its_straight_line(
    ruleset: str, large: bool, start: Cell, offset: tuple[int, int]
) -> None:
    rules = get_ruleset(ruleset)
    size = Size.LARGE if large else Size.MEDIUM
    goal = Cell(start.col + offset[0], start.row + offset[1])
    e = Encounter(24, 24, ruleset, "gm").with_token(Token("Ari", start, size=size, speed_ft=200))
    result = rules.move(e, MoveRequest("Ari", to=goal))
    assert stray(result.path) < 1.0, result.path
    assert result.path[0] == start and result.path[-1] == goal
