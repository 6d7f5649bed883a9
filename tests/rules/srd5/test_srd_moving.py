"""Issue 28, moving on the SRDs' grid: moving around other creatures (5.2), squeezing
(5.1), corners (5.2), moving a grappled creature (5.1), mounting and dismounting and
staying mounted (both). Driven through the console handlers; each test names its
SRD section."""

from __future__ import annotations

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
