"""Issue 28, "The seeds: still wrong": epic-path's (seed 004) last exceptions, through
the console handlers."""

from __future__ import annotations

from bot.context import Context
from bot.errors import IllegalMove
from tests.handlers.encounter_helpers import refused, run


async def test_seed004_overrun_failure_shunts_back_to_first_unoccupied(gm: Context) -> None:
    """004 Overrun: "If your overrun attempt fails, you are stopped in the space directly
    in front of the opponent that you failed to overrun. If there are other creatures
    occupying that space, you are shunted back along your declared path to the first
    unoccupied space"."""
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:epic-path",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Bo at:C5 team:party",
        "/token add name:Cy at:D5 team:party",
        "/token add name:Orc at:E5",
    )
    moved = await run(gm, "/move token:Ari to:F5 through:overrun via:E5")
    assert moved.result["path"] == ["A5", "B5", "C5", "D5", "E5", "F5"]
    (check,) = moved.result["through"]["checks"]
    # D5 (in front of the Orc) and C5 hold allies: back to B5, the first open square
    assert check["stops_at_on_failure"] == "B5"
    assert "a failure stops Ari at B5" in moved.as_text()


async def test_seed004_reach_internal_flanking_tumbling_does_not_pass_a_foes_space(
    gm: Context,
) -> None:
    """004 Reach, Internal Flanking: "Creatures wishing to pass all the way through
    another creature's space must use the Overrun maneuver. Simply avoiding attacks of
    opportunity while moving through threatened squares requires the Tumbling feature
    of Acrobatics"."""
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:epic-path",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Orc at:C5",
    )
    error = await refused(gm, "/move token:Ari to:D5 through:tumble via:C5", IllegalMove)
    assert "Overrun" in str(error)
    # round the foe, tumbling: half speed, and the check spares the attacks, no more
    moved = await run(gm, "/move token:Ari to:D5 through:tumble preview:true")
    assert "C5" not in moved.result["path"]
    assert moved.result["through"]["checks"] == []
    assert moved.result["cost_ft"] == 2 * 5 * (len(moved.result["path"]) - 1)
    assert "attack of opportunity" in moved.as_text()
    # the overrun is the way through
    moved = await run(gm, "/move token:Ari to:D5 through:overrun via:C5")
    assert [c["target"] for c in moved.result["through"]["checks"]] == ["Orc"]
