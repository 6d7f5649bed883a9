"""Refused /moves on a 200x200 map: how much CPU one refusal costs.

    python bench/bench_refusal.py

A token runs at a walled-in corner square (GR200) it can never reach, or (the "far"
cases) at a reachable square far out of range behind a long wall, which the refusal
must tell apart from a blocked one; each case prints the CPU seconds of the ruling
and the first words of the refusal as the handler writes it. The aim is well under
half a second each.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.handlers.refusals import refusal_error
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest
from bot.rules.rulings import MoveRefused

SIDE = 200
# as tests/e2e/test_channels.py walls it: GP199:GQ200 and GP198:GR198
WALLS = [
    Cell(c, r)
    for (c0, r0), (c1, r1) in (((197, 198), (198, 199)), ((197, 197), (199, 197)))
    for c in range(c0, c1 + 1)
    for r in range(r0, r1 + 1)
]

CASES = (
    ("3.5 speed 120 move", "3.5", 120, None),
    ("3.5 speed 1000 move", "3.5", 1000, None),
    ("5e-alt speed 120 dash", "5e-alt", 120, "dash"),
    ("epic-path speed 120 run", "epic-path", 120, "run"),
    ("becmi speed 120 run", "becmi", 120, "run"),
)
# a wall across the map from row 1 to row 190 at column 100: the way round is long
LONG_WALL = [Cell(100, r) for r in range(190)]
FAR_CASES = (
    ("far: 3.5 speed 30 move", "3.5", 30, None),
    ("far: 5e-alt speed 30 dash", "5e-alt", 30, "dash"),
    ("far: epic-path speed 120 run", "epic-path", 120, "run"),
)


def case(ruleset: str, speed: int, action: str | None, *, far: bool = False) -> tuple[float, str]:
    walls = LONG_WALL if far else WALLS
    encounter = Encounter(SIDE, SIDE, ruleset, "1001").with_terrain(walls, Terrain.WALL)
    start_at = Cell(90, 0) if far else Cell(0, 0)
    encounter = encounter.with_token(Token("Zip", start_at, team="party", speed_ft=speed))
    rules = get_ruleset(ruleset)
    request = MoveRequest(token="Zip", to=Cell(110, 0) if far else Cell(199, 199), action=action)
    start = time.process_time()
    try:
        rules.move(encounter, request)
        outcome = "moved"
    except MoveRefused as exc:
        outcome = refusal_error(exc.refusal).message
    except RulingError as exc:
        outcome = str(exc)
    return time.process_time() - start, outcome


def main() -> None:
    for label, ruleset, speed, action in CASES:
        seconds, outcome = case(ruleset, speed, action)
        print(f"{label:28} {seconds:7.3f} s  {outcome[:110]}")
    for label, ruleset, speed, action in FAR_CASES:
        seconds, outcome = case(ruleset, speed, action, far=True)
        print(f"{label:28} {seconds:7.3f} s  {outcome[:110]}")


if __name__ == "__main__":
    main()
