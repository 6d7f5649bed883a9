"""Issue 28, On the board: a footprint's diagonal step checks every edge and corner its
squares cross. A Large creature may not squeeze diagonally past a closed door that a
Medium one making the same step may not pass either."""

from __future__ import annotations

import pytest

from bot.context import Context
from tests.handlers.encounter_helpers import run

RULESETS = ["5e", "3.5", "epic-path"]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("size", ["medium", "large"])
async def test_a_diagonal_step_past_a_door_corner_is_refused_for_any_footprint(
    gm: Context, ruleset: str, size: str
) -> None:
    await run(
        gm,
        f"/encounter start width:20 height:20 ruleset:{ruleset}",
        "/terrain edge cells:K9/L9 kind:door",
        f"/token add name:T at:K10 size:{size}",
    )
    reply = await run(gm, "/move token:T to:M9 via:L9")
    path = reply.result["path"]
    # K10 → L9 crosses the corner the door K9/L9 ends on: never a single diagonal step
    assert path[:2] != ["K10", "L9"], path
