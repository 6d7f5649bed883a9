"""A footprint of several squares checks every edge it sweeps (issue 28, On the board):
a creature of two squares or more squeezed diagonally past a closed door (K10 → L9 → M9, the door on
K9/L9) while a Medium one making the same step was refused, because the door lay
inside the 2×2 space it passed through. Checked for every ruleset of the registry."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell, edge_key
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier
from bot.rules import rulesets
from bot.rules.moving import MoveRequest

RULESETS = sorted(rulesets())


def big(ruleset: str) -> Size:
    """The smallest size that fills more than one square (Large; becmi's Huge)."""
    return min(s for s, n in rulesets()[ruleset].footprint_squares.items() if n > 1)


def board(
    ruleset: str, edges: dict[tuple[Cell, Cell], Barrier], at: Cell, side: int = 20
) -> Encounter:
    ogre = Token("Ogre", at, speed_ft=200, size=big(ruleset), team="enemy")
    return Encounter(side, side, ruleset, "gm", edges=edges, tokens={"ogre": ogre})


def blocked_inside(encounter: Encounter, anchor: Cell, side: int) -> list[tuple[Cell, Cell]]:
    """The walls and closed doors inside the space a footprint fills at ``anchor``."""
    cells = set(footprint(anchor, side))
    return [
        (a, b)
        for a in cells
        for b in (Cell(a.col + 1, a.row), Cell(a.col, a.row + 1))
        if b in cells and (kind := encounter.barrier(a, b)) is not None and kind.blocks
    ]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_large_creature_is_not_squeezed_diagonally_past_a_closed_door(ruleset: str) -> None:
    door = {edge_key(Cell.parse("K9"), Cell.parse("L9")): Barrier.DOOR}
    encounter = board(ruleset, door, Cell.parse("K10"))
    rules = rulesets()[ruleset]
    side = rules.footprint_squares[big(ruleset)]
    result = rules.move(encounter, MoveRequest("Ogre", Cell.parse("M9"), via=(Cell.parse("L9"),)))
    assert result.path[-1] == Cell.parse("M9")
    # the way round, never straddling the door: K10 → L10 → L9 → M9 (or the like)
    assert Cell.parse("K9") not in result.path
    assert all(not blocked_inside(encounter, anchor, side) for anchor in result.path)
    with pytest.raises(RulingError, match="blocked by a wall or door"):
        rules.move(encounter, MoveRequest("Ogre", Cell.parse("K9")))  # to stand across it


cells = st.builds(Cell, st.integers(0, 6), st.integers(0, 6))
edges = st.dictionaries(
    st.tuples(cells, st.sampled_from([(1, 0), (0, 1)])).map(
        lambda e: edge_key(e[0], Cell(e[0].col + e[1][0], e[0].row + e[1][1]))
    ),
    st.sampled_from([Barrier.WALL, Barrier.DOOR, Barrier.OPEN_DOOR]),
    max_size=14,
)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=30, deadline=None)
@given(walls=edges, goal=cells)
def test_a_footprints_path_never_fills_a_space_across_a_wall_or_closed_door(
    ruleset: str, walls: dict[tuple[Cell, Cell], Barrier], goal: Cell
) -> None:
    """The invariant: every square a Large creature's path stops on, and both spaces a
    diagonal step could pass through on the way, hold no wall or closed door inside."""
    encounter = board(ruleset, walls, Cell(0, 0), side=8)
    rules = rulesets()[ruleset]
    side = rules.footprint_squares[big(ruleset)]
    try:
        result = rules.move(encounter, MoveRequest("Ogre", goal))
    except RulingError:
        return
    for frm, to in zip(result.path, result.path[1:], strict=False):
        passed = [to]
        if frm.col != to.col and frm.row != to.row:
            passed += [Cell(to.col, frm.row), Cell(frm.col, to.row)]
        for anchor in passed:
            assert not blocked_inside(encounter, anchor, side), (frm, to, anchor)
