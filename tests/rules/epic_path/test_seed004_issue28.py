"""Issue 28, "The seeds: still wrong": epic-path's (seed 004) last exceptions, through
the console handlers."""

from __future__ import annotations

from bot.context import Context
from tests.handlers.encounter_helpers import run


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
