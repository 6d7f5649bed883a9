"""The walled-in check (``engine/search.enclosure``): a goal that solid terrain seals
off from the mover is refused as walled in, before any path search, and only then.
Issue 31 made its flood best-first towards the mover; the answer must not change."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.terrain import Terrain
from bot.rules import rulesets
from bot.rules.moving import MoveRequest
from bot.rules.rulings import MoveRefused, RefusalReason

SIDE = 9
START = Cell(0, 0)


def sealed(walls: frozenset[Cell], goal: Cell) -> bool:
    """Whether ``goal`` is cut off from START by walls alone, stepping any of the
    eight ways (corners and creatures only cut more ways, so this is the weakest
    sense of sealed)."""
    seen, queue = {START}, deque([START])
    while queue:
        cell = queue.popleft()
        for dc, dr in DIRECTIONS:
            nxt = Cell(cell.col + dc, cell.row + dr)
            on_map = 0 <= nxt.col < SIDE and 0 <= nxt.row < SIDE
            if on_map and nxt not in walls and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return goal not in seen


cells = st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
@settings(max_examples=40, deadline=None)
@given(walls=st.frozensets(cells, max_size=30), goal=cells)
def test_a_goal_is_walled_in_exactly_when_walls_seal_it_off(
    ruleset: str, walls: frozenset[Cell], goal: Cell
) -> None:
    walls = walls - {START, goal}
    mover = Token("Hero", START, speed_ft=1000, team="party")
    board = Encounter(
        SIDE,
        SIDE,
        ruleset,
        "gm",
        terrain=dict.fromkeys(walls, Terrain.WALL),
        tokens={"hero": mover},
    )
    if goal == START:
        return
    try:
        rulesets()[ruleset].move(board, MoveRequest("Hero", goal))
    except MoveRefused as refused:
        walled = refused.refusal.reason is RefusalReason.WALLED_IN
    except RulingError:
        walled = False
    else:
        walled = False
    assert walled == sealed(walls, goal)
