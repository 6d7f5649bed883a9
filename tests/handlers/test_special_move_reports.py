"""Issue 27: every registered special move, asked for through /move's options, is
planned by its own module and reports under its own key in the console's JSON. A
special move registered without a scenario here fails the first test."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.rules.engine.specials import SPECIAL_MOVES
from tests.handlers.encounter_helpers import run

START = "/encounter start width:14 height:10 ruleset:{ruleset}"
# name → (ruleset, the board, the move asking for it)
SCENARIOS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "bull-rush": (
        "3.5",
        ("/token add name:Ari at:A5 team:party", "/token add name:Orc at:E5"),
        "/move token:Ari action:bull-rush target:Orc margin:3",
    ),
    "heavy": (
        "3.5",
        ("/token add name:Ari at:B5 team:party speed:30",),
        "/move token:Ari to:C5 heavy:medium",
    ),
    "mount": (
        "5e",
        (
            "/token add name:Ari at:A5 team:party speed:30",
            "/token add name:Horse at:C5 size:large team:party speed:50",
        ),
        "/move token:Ari mount:Horse",
    ),
    "dismount": (
        "5e",
        (
            "/token add name:Ari at:A5 team:party speed:30",
            "/token add name:Horse at:C5 size:large team:party speed:50",
            "/move token:Ari mount:Horse",
            "/turn order order:Ari,Horse",
            "/turn next",
            "/turn next",
        ),
        "/move token:Ari dismount:true to:B5",
    ),
    "drag": (
        "5e-alt",
        (
            "/token add name:Ogre at:F5 size:large",
            "/token add name:Bo at:H5 team:party",
            "/token condition token:Bo add:grappled by:Ogre",
        ),
        "/move token:Ogre to:D5 drag:Bo",
    ),
}


def test_every_registered_special_move_has_a_scenario() -> None:
    assert set(SCENARIOS) == set(SPECIAL_MOVES)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_a_special_move_reports_under_its_key(gm: Context, name: str) -> None:
    ruleset, board, move = SCENARIOS[name]
    await run(gm, START.format(ruleset=ruleset), *board)
    moved = await run(gm, move)
    assert SPECIAL_MOVES[name].reports in moved.result
