"""One /move's work is bounded whatever the map: the searches that explain a refusal
have their own small cap, and a search that hits the main cap is refused clearly
('too complex to search; give via: waypoints') instead of looking like 'no path'.
Work is counted in step evaluations, never timed."""

from __future__ import annotations

import pytest

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove
from bot.grid import search
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.rules import rulesets
from bot.rules.engine import search as engine_search
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.steps import Stepper


def walled_corner(speed: int) -> Encounter:
    """A 200×200 map whose far corner is walled in; a fast token at the other."""
    walls = {Cell(c, r) for c in range(193, 195) for r in range(198, 200)}
    walls |= {Cell(c, 197) for c in range(193, 196)}
    token = Token("Zip", Cell(0, 0), speed_ft=speed, team="party")
    return Encounter(
        200, 200, "3.5", "gm", terrain=dict.fromkeys(walls, Terrain.WALL), tokens={"zip": token}
    )


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    count = [0]
    original = Stepper.__call__

    def counted(self: Stepper, *args: object) -> object:
        count[0] += 1
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Stepper, "__call__", counted)
    return count


@pytest.mark.parametrize("speed", [120, 1000])
def test_a_refusal_on_a_huge_map_does_bounded_work(steps: list[int], speed: int):
    """The issue's pathological moves (a speed-120 or speed-1000 token at a walled-in
    square of a 200×200 map) took seconds to tens of seconds of retries."""
    with pytest.raises(IllegalMove, match="can't reach GR200"):
        rulesets()["3.5"].move(walled_corner(speed), MoveRequest("Zip", Cell.parse("GR200")))
    # the main search's cap plus the explanation's, each at most 8 steps a square
    assert steps[0] <= 8 * (search.MAX_NODES + 2 * engine_search.DIAGNOSIS_NODES)


def test_hitting_the_main_cap_is_refused_as_too_complex(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(engine_search, "MAX_NODES", 50)
    with pytest.raises(IllegalMove, match="too complex to search: give via: waypoints"):
        rulesets()["3.5"].move(walled_corner(1000), MoveRequest("Zip", Cell.parse("CV100")))
