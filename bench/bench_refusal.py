"""Refused /moves on a 200x200 map: how much CPU one refusal costs.

    python bench/bench_refusal.py

A token runs at a walled-in corner square (GR200) it can never reach; each case
prints the CPU seconds of the ruling and the first words of the refusal. The
aim is well under half a second each.
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
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest

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


def case(ruleset: str, speed: int, action: str | None) -> tuple[float, str]:
    encounter = Encounter(SIDE, SIDE, ruleset, "gm").with_terrain(WALLS, Terrain.WALL)
    encounter = encounter.with_token(Token("Zip", Cell(0, 0), team="party", speed_ft=speed))
    rules = get_ruleset(ruleset)
    request = MoveRequest(token="Zip", to=Cell(199, 199), action=action)
    start = time.process_time()
    try:
        rules.move(encounter, request)
        outcome = "moved"
    except RulingError as exc:
        outcome = str(exc)
    return time.process_time() - start, outcome


def main() -> None:
    for label, ruleset, speed, action in CASES:
        seconds, outcome = case(ruleset, speed, action)
        print(f"{label:28} {seconds:7.3f} s  {outcome[:110]}")


if __name__ == "__main__":
    main()
