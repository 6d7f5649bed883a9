"""Issue 41's leftovers that are consequences of riding, each named for its SRD or seed
section: mounting says the Disengage (or Dash) it keeps and refuses an action it would
drop; a rider who saves when knocked prone is not prone; 5e-alt mounts as SRD 5.1 does,
from within 5 ft and once during a move."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import InvalidInput
from tests.handlers.encounter_helpers import refused, run


async def horse_beside(gm: Context, ruleset: str, horse_at: str = "D5") -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 team:party speed:30",
        f"/token add name:Horse at:{horse_at} size:large team:party speed:50",
        "/token add name:Orc at:A6 team:enemy",
    )


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd_mounting_with_disengage_says_the_disengage(gm: Context, ruleset: str) -> None:
    """SRD 5.1 / 5.2 Combat › Mounted Combat › Mounting and Dismounting costs movement
    within the turn, and Disengage (Actions in Combat › Disengage) keeps the way there
    free of opportunity attacks: `mount:Horse action:disengage` says it took the
    Disengage, in the reply and the JSON, instead of dropping it silently."""
    await horse_beside(gm, ruleset)
    mounted = await run(gm, "/move token:Ari mount:Horse action:disengage")
    assert mounted.result["provokes"] == []
    assert mounted.result["disengaged"] is True
    assert "Disengage" in mounted.as_text()


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd_mounting_from_within_5_ft_with_disengage_says_it_too(
    gm: Context, ruleset: str
) -> None:
    """SRD Mounted Combat: mounted from within 5 ft, the Disengage is still the turn's."""
    await horse_beside(gm, ruleset, horse_at="B5")
    mounted = await run(gm, "/move token:Ari mount:Horse action:disengage")
    assert "Disengage" in mounted.as_text()


async def test_002_mounting_refuses_an_action_it_would_drop(gm: Context) -> None:
    """002 Mount or Dismount a Steed is a move action of its own: `action:withdraw` with
    mount: was turned into a plain move without a word; now it is refused, nothing
    changed, saying what to do."""
    await horse_beside(gm, "3.5")
    error = await refused(gm, "/move token:Ari mount:Horse action:withdraw", InvalidInput)
    assert "action:withdraw" in error.message and "Leave out action:" in error.message
