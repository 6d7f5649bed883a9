"""Issue 28, "The seeds: still wrong": 5e-alt's (seed 000) last exceptions, through the
console handlers."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove
from tests.handlers.encounter_helpers import refused, run, tokens

HOVERER = '/token add name:Bee at:A5 team:party speed:"30 ft., fly 60 ft. (hover)"'


@pytest.mark.parametrize(
    "aloft",
    [
        "/token place token:Bee altitude:30",
        "/move token:Bee to:B5 up:20",
        "/move token:Bee to:B5 mode:fly up:20",
    ],
)
async def test_seed000_fly_hovering_immune_to_prone_while_flying(gm: Context, aloft: str) -> None:
    """000 Fly › Hovering: "you are Immune to the Prone Condition while Flying"; a
    hovering creature in the air is flying, however it got there."""
    await run(gm, "/encounter start width:12 height:10 ruleset:5e-alt", HOVERER, aloft)
    await refused(gm, "/token condition token:Bee add:prone", IllegalMove, "Hovering")


@pytest.mark.parametrize(
    "aloft", ["/token place token:Bee altitude:30", "/move token:Bee to:B5 mode:fly up:20"]
)
async def test_seed000_fly_hovering_falling_unconscious_no_prone_when_immune(
    gm: Context, aloft: str
) -> None:
    """000 Unconscious › Falling Unconscious: "automatically Drop Prone"; Drop Prone ›
    Common Movement: "unless you are Immune to the Prone condition" (Fly › Hovering)."""
    await run(gm, "/encounter start width:12 height:10 ruleset:5e-alt", HOVERER, aloft)
    reply = await run(gm, "/token condition token:Bee add:unconscious")
    assert reply.result["token"]["conditions"] == ["unconscious"]
    assert "doesn't drop prone" in reply.as_text()
    assert (await tokens(gm.store))["Bee"]["conditions"] == ["unconscious"]


async def test_seed000_fly_hovering_on_the_ground_still_drops_prone(gm: Context) -> None:
    """000 Fly › Hovering: immune "while Flying" only: a hoverer on the ground drops prone."""
    await run(gm, "/encounter start width:12 height:10 ruleset:5e-alt", HOVERER)
    reply = await run(gm, "/token condition token:Bee add:unconscious")
    assert reply.result["token"]["conditions"] == ["prone", "unconscious"]


SLOPE_BOARD = (
    "/encounter start width:12 height:5 ruleset:5e-alt",
    "/terrain set cells:B1-B5 kind:slope",
)


async def test_seed000_walk_and_climb_hands_a_slope_walked_across_is_climbed(
    gm: Context,
) -> None:
    """000 Walk › Terrain Requirements: "you can't Walk across a slope of 45 degrees or
    more"; Climb › Falling While Climbing › Hands: with no empty hand it can't Climb. A
    move across a slope with no mode: is the Climb it is: priced, and refused, as one."""
    await run(gm, *SLOPE_BOARD, "/token add name:Ari at:A3 team:party")
    moved = await run(gm, "/move token:Ari to:C3 preview:true")
    climbed = moved.result["steps"][0]
    assert climbed["cell"] == "B3" and "climbing" in climbed["why"].split(", ")
    assert moved.result["climbed_ft"] == 10  # Slowed ×2: the slope is Difficult Terrain
    await run(gm, "/token trait token:Ari add:hands-full")
    for line in (
        "/move token:Ari to:C3",
        "/move token:Ari to:B3",
        "/move token:Ari to:B3 mode:climb",
    ):
        await refused(gm, line, IllegalMove, "no empty hand")
    # Spider Climb climbs "while leaving its hands free", and unhindered (Step 2)
    await run(gm, "/token trait token:Ari add:spider-climb")
    assert (await run(gm, "/move token:Ari to:C3 preview:true")).result["cost_ft"] == 10


async def test_seed000_walk_and_climb_priced_with_the_climb_modifier(gm: Context) -> None:
    """000 Updating A Creature's Movement › Step 3: a climb speed of half its Speed is
    Half Speed when Climbing, and its Climb trait makes slopes no Difficult Terrain."""
    await run(gm, *SLOPE_BOARD, '/token add name:Gob at:A3 speed:"30 ft., climb 15 ft."')
    moved = await run(gm, "/move token:Gob to:C3 preview:true")
    assert [s["cost_ft"] for s in moved.result["steps"]] == [10, 5]
    assert moved.result["climbed_ft"] == 10
