"""Issue 41's leftovers that are consequences of riding, each named for its SRD or seed
section: mounting says the Disengage (or Dash) it keeps and refuses an action it would
drop; a rider who saves when knocked prone is not prone; 5e-alt mounts as SRD 5.1 does,
from within 5 ft and once during a move."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import InvalidInput, RulingError
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


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


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd_a_rider_who_saves_when_knocked_prone_is_not_prone(
    gm: Context, store: Store, ruleset: str
) -> None:
    """SRD 5.1 / 5.2 Combat › Mounted Combat: "If you're knocked prone while mounted, you
    must make the same saving throw" (DC 10 Dexterity, or fall off, landing prone): a
    rider who saves stays in the saddle and does not keep Prone."""
    await horse_beside(gm, ruleset, horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")
    saved = await run(gm, "/token condition token:Ari add:prone save:12")
    assert "stays in the saddle" in saved.as_text()
    ari = (await tokens(store))["Ari"]
    assert ari["riding"] == "horse" and "prone" not in ari.get("conditions", [])


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd_a_rider_who_fails_when_knocked_prone_falls_off_prone(
    gm: Context, store: Store, ruleset: str
) -> None:
    """SRD Mounted Combat: a failed save: it falls off, landing prone within 5 ft."""
    await horse_beside(gm, ruleset, horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")
    failed = await run(gm, "/token condition token:Ari add:prone save:3")
    assert "falls off Horse" in failed.as_text()
    ari = (await tokens(store))["Ari"]
    assert "riding" not in ari and "prone" in ari["conditions"] and ari["cell"] != "B5"


@pytest.mark.parametrize(
    ("ruleset", "line"),
    [
        ("5e", "/token condition token:Orc add:prone save:12"),  # not riding
        ("3.5", "/token condition token:Ari add:prone save:12"),  # no such save in 3.5
    ],
)
async def test_a_save_where_there_is_none_to_make_is_refused(
    gm: Context, ruleset: str, line: str
) -> None:
    """save: is only a rider's save to stay mounted (SRD Mounted Combat)."""
    await horse_beside(gm, ruleset, horse_at="B5")
    await run(gm, "/token place token:Ari mount:Horse")
    error = await refused(gm, line, InvalidInput)
    assert "save:" in error.message


async def test_000_5e_alt_mounts_from_within_5_ft_once_during_a_move(
    gm: Context, store: Store
) -> None:
    """5e-alt: seed 000 is silent on mounts and its Separate Spaces keeps a creature
    from willingly moving into another's space, so it borrows SRD 5.1 Mounted Combat ›
    Mounting and Dismounting whole: from within 5 ft, for half the Speed, "only once
    during your move"."""
    await horse_beside(gm, "5e-alt", horse_at="C5")
    mounted = await run(gm, "/move token:Ari mount:Horse")
    assert mounted.result["cost_ft"] == 20  # 5 ft to within 5 ft of it, mounting 15
    assert (await tokens(store))["Ari"]["riding"] == "horse"
    error = await refused(gm, "/move token:Ari dismount:true to:A5", RulingError)
    assert "only once during its move" in error.message
