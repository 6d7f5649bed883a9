"""A move at a square terrain walls in is refused at once, under every ruleset, with
what stops it (not the cheapest route's first obstacle)."""

from __future__ import annotations

import pytest

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.rules import get_ruleset, identities
from bot.rules.engine.moves import MoveRequest
from tests.rules.grid_kit import said


@pytest.mark.parametrize("ruleset", tuple(identities()))
def test_a_walled_in_square_is_refused_as_walled_in(ruleset: str) -> None:
    walls = [Cell(c, 7) for c in range(6, 10)] + [Cell(6, r) for r in range(8, 10)]
    encounter = Encounter(10, 10, ruleset, "gm").with_terrain(walls, Terrain.WALL)
    encounter = encounter.with_token(Token("Zip", Cell(0, 0), team="party", speed_ft=1000))
    with pytest.raises(IllegalMove) as refused:
        get_ruleset(ruleset).move(encounter, MoveRequest(token="Zip", to=Cell(9, 9)))
    assert "J10 is walled in (with 5 more squares)" in said(refused.value)
    assert "closes it off from A1" in said(refused.value)
