"""Grapples on the board (issue 16 "Grapples"): who holds whom, the grappler dragging
its victim at the rules' cost, and the grapple ending when the two are parted.
000 Conditions › Grappled (Immobilized; Movable; Ending the Grappled Condition); the
SRDs' Grappled; 002 Grapple (grapplers share a space; moving a grapple borrowed from
the 3.5 SRD); epic-path borrows Pathfinder's (docs/RULINGS.md)."""

from __future__ import annotations

import json

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, state, tokens


async def hold(gm: Context, ruleset: str, *, victim_size: str = "medium") -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ogre at:F5 size:large",
        f"/token add name:Bo at:H5 team:party size:{victim_size}",
        "/token condition token:Bo add:grappled by:Ogre",
    )


async def test_000_the_grappled_cant_move_and_the_grappler_drags_it_slowed(
    gm: Context, store: Store
) -> None:
    """000 Grappled: Immobilized; Movable: the grappler is Slowed while dragging, unless
    the creature is Tiny or two Sizes smaller."""
    await hold(gm, "5e-alt")
    await refused(gm, "/move token:Bo to:I5", IllegalMove, "Immobilized")
    moved = await run(gm, "/move token:Ogre to:D5 drag:Bo")
    assert moved.result["cost_ft"] == 20  # two squares, Slowed ×2
    assert "Slowed ×2 (dragging Bo)" in moved.result["steps"][0]["why"]
    assert moved.result["dragged"] == {"token": "Bo", "path": ["H5", "G5", "F5"]}
    placed = await tokens(store)
    assert placed["Ogre"]["cell"] == "D5" and placed["Bo"]["cell"] == "F5"
    assert "grappled" in placed["Bo"]["conditions"]


async def test_000_a_tiny_creature_is_dragged_for_free(gm: Context, store: Store) -> None:
    await hold(gm, "5e-alt", victim_size="tiny")
    moved = await run(gm, "/move token:Ogre to:D5 drag:Bo")
    assert moved.result["cost_ft"] == 10
    assert "light enough" in {f.name: f.value for f in moved.fields}["Dragging"]


async def test_a_drag_the_held_creature_cant_follow_is_refused(gm: Context) -> None:
    await hold(gm, "5e-alt")
    await run(gm, "/terrain set cells:I4 kind:wall")
    await refused(gm, "/move token:Ogre to:G4 drag:Bo", IllegalMove, "can't drag Bo that way")


async def test_000_forced_out_of_reach_ends_the_grapple(gm: Context, store: Store) -> None:
    """000 Ending the Grappled Condition › Forced Movement: moved outside the grapple's
    range without using its Speed."""
    await hold(gm, "5e-alt")
    slid = await run(gm, "/move token:Bo to:J5 forced:slide")
    assert "the grapple ends" in slid.as_text()
    bo = (await tokens(store))["Bo"]
    assert "grappled" not in bo["conditions"] and "grappled_by" not in bo["state"]
    # free of it, though its Movement this turn stays lost (000 Losing Movement)
    await run(gm, "/turn order order:Bo,Ogre")
    assert (await run(gm, "/move token:Bo to:K5")).result["cost_ft"] == 5


async def test_a_grappler_that_walks_away_lets_go(gm: Context, store: Store) -> None:
    await hold(gm, "5e-alt")
    walked = await run(gm, "/move token:Ogre to:C5")
    assert "Ogre let go" in walked.as_text()
    assert "grappled" not in (await tokens(store))["Bo"]["conditions"]


async def test_000_an_incapacitated_grappler_lets_go(gm: Context, store: Store) -> None:
    """000 Ending the Grappled Condition › Incapacitation."""
    await hold(gm, "5e-alt")
    knocked = await run(gm, "/token condition token:Ogre add:unconscious")
    assert "Bo is free of it" in knocked.as_text()
    assert "grappled" not in (await tokens(store))["Bo"]["conditions"]


async def test_removing_the_condition_or_the_grappler_frees_it(gm: Context, store: Store) -> None:
    await hold(gm, "5e-alt")
    await run(gm, "/token condition token:Bo remove:grappled")
    assert "grappled_by" not in (await tokens(store))["Bo"]["state"]
    await run(gm, "/token condition token:Bo add:grappled by:Ogre", "/token remove token:Ogre")
    bo = (await tokens(store))["Bo"]
    assert "grappled" not in bo["conditions"] and "grappled_by" not in bo["state"]


async def test_bad_grapple_asks_are_refused_and_change_nothing(gm: Context) -> None:
    await hold(gm, "5e-alt")
    await run(gm, "/token add name:Cy at:A1 team:party")
    await refused(gm, "/move token:Ogre to:D5 drag:Cy", InvalidInput, "isn't grappled by Ogre")
    await refused(gm, "/token condition token:Cy add:prone by:Ogre", InvalidInput, "add:grappled")
    await refused(gm, "/token condition token:Cy add:grappled by:Cy", InvalidInput, "itself")
    await refused(gm, "/token condition token:Bo add:grappled by:Ogre", InvalidInput, "already")
    await refused(gm, "/move token:Ogre to:D5 drag:Bo forced:slide", InvalidInput)


async def test_becmi_has_no_grappling_on_the_board(gm: Context) -> None:
    await hold(gm, "becmi")
    await refused(gm, "/move token:Ogre to:D5 drag:Bo", InvalidInput, "no grappling")


async def test_srd52_dragging_costs_a_foot_more_per_foot(gm: Context) -> None:
    """SRD 5.2 Grappled (SRD 5.1 halves the speed instead:
    tests/rules/srd5/test_srd_moving.py)."""
    await hold(gm, "5e-2024")
    moved = await run(gm, "/move token:Ogre to:D5 drag:Bo")
    assert moved.result["cost_ft"] == 20
    assert "dragging Bo +1" in moved.result["steps"][0]["why"]


@pytest.mark.parametrize(("ruleset", "shares"), [("3.5", True), ("epic-path", False)])
async def test_d20_moving_a_grapple_is_half_speed(
    gm: Context, store: Store, ruleset: str, shares: bool
) -> None:
    """3.5 (002 Grapple: grapplers share a space; the move borrowed from the 3.5 SRD)
    and epic-path (borrowed from Pathfinder): half the grappler's speed."""
    await hold(gm, ruleset)
    await refused(gm, "/move token:Ogre to:B5 drag:Bo", IllegalMove)  # 20 ft > 15 ft
    moved = await run(gm, "/move token:Ogre to:D5 drag:Bo")
    assert moved.result["total_ft"] == 15
    bo = (await tokens(store))["Bo"]
    assert bo["cell"] == ("D5" if shares else "F5")
    assert "grappled" in bo["conditions"]
    assert json.loads(await state(store) or "{}")["tokens"][0]["cell"] == "D5"


async def test_a_held_creature_dragged_into_a_pit_falls_in(gm: Context, store: Store) -> None:
    """000 Grappled › Movable: the grappler drags the held creature along beside it; a
    way that carries it over a pit puts it in, and it falls: the consequences stage's
    fall, the same as for a push (docs/RULINGS.md, a fall at the end of any move)."""
    await hold(gm, "5e-alt")
    await run(gm, "/terrain set cells:I4 kind:pit")
    moved = await run(gm, "/move token:Ogre to:G4 drag:Bo")
    assert moved.result["falls"] == [{"token": "Bo", "at": "I4", "into": "pit", "height_ft": None}]
    assert "Bo is dragged into the pit at I4 and falls in" in moved.as_text()
    assert (await tokens(store))["Bo"]["cell"] == "I4"
