"""Issue 28, moving on the SRDs' grid: moving around other creatures (5.2), squeezing
(5.1), corners (5.2), moving a grappled creature (5.1), mounting and dismounting and
staying mounted (both). Driven through the console handlers; each test names its
SRD section."""

from __future__ import annotations

import pytest

from bot.context import Context
from tests.handlers.encounter_helpers import run


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(gm, f"/encounter start ruleset:{ruleset} width:12 height:12", *lines)


async def test_srd51_squeezing_costs_one_extra_foot_per_foot_and_nothing_more(gm: Context):
    """SRD 5.1 Squeezing into a Smaller Space: 1 extra foot for every foot moved there;
    the narrow opening isn't also difficult terrain. 25 ft of squeezing costs 50 ft."""
    await board(gm, "5e", "/token add name:Ari at:A2 speed:60")
    await run(gm, "/terrain set cells:B2:F2 kind:narrow")
    reply = await run(gm, '/move token:Ari to:F2 via:"B2 C2 D2 E2"')
    assert [s["cost_ft"] for s in reply.result["steps"]] == [10, 10, 10, 10, 10]
    assert reply.result["cost_ft"] == 50


@pytest.mark.parametrize(("ruleset", "cost_ft"), [("5e", 15), ("5e-2024", 10)])
async def test_srd51_squeezing_adds_to_difficult_terrain_srd52_never_more_than_one(
    gm: Context, ruleset: str, cost_ft: int
):
    """SRD 5.1 Squeezing into a Smaller Space: its extra foot comes on top of difficult
    terrain's (15 ft a square); SRD 5.2 Difficult Terrain: a space sized for a smaller
    creature is difficult terrain, and the cost never goes past 1 extra foot."""
    await board(gm, ruleset, "/token add name:Ogre at:A2 size:large speed:60")
    await run(gm, "/terrain set cells:C1:F1 kind:wall", "/terrain set cells:C3:F3 kind:wall")
    await run(gm, "/terrain set cells:C2:F2 kind:difficult")
    reply = await run(gm, "/move token:Ogre to:C2 via:B2")
    assert [s["cost_ft"] for s in reply.result["steps"]] == [cost_ft, cost_ft]
