"""Issue 28, "The seeds: still wrong": 3.5's (seeds 001, 002) last exception, through
the console handlers."""

from __future__ import annotations

from bot.context import Context
from bot.errors import InvalidInput
from tests.handlers.encounter_helpers import refused, run


async def test_seed001_movement_in_combat_a_tumble_can_be_part_of_a_double_move(
    gm: Context,
) -> None:
    """001 Movement in Combat: "If you do nothing but move (that is, if you use both of
    your actions in a round to move your speed), you can move double your speed"; a
    tumble (001 Tumbling) is moving, so it can be part of that double move. An overrun
    is a standard action (002 Overrun) and is not."""
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:3.5",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Orc at:C5",
    )
    moved = await run(gm, "/move token:Ari to:G5 through:tumble via:C5 action:double")
    assert moved.result["action"] == "double"
    assert moved.result["path"] == ["A5", "B5", "C5", "D5", "E5", "F5", "G5"]
    assert moved.result["cost_ft"] == 60  # six squares at half speed: all of a double move
    assert [c["target"] for c in moved.result["through"]["checks"]] == ["Orc"]
    await run(gm, "/turn next")
    await refused(
        gm,
        "/move token:Ari to:A5 through:overrun via:C5 action:double",
        InvalidInput,
        "action:move",
    )
