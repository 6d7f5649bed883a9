"""Climbing details, flight and burrowing (issue 16): /token trait for what the rules
read without an option (000 Climb › Falling While Climbing › Hands, Spider Climb, Ice
Walk; 001 Fly maneuverability and dive attacks), and burrowing through earth but not
rock (000 Burrow; 001 Burrow; 004 Blocked Terrain)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


async def test_000_ice_walk_crosses_ice_as_open_ground(gm: Context) -> None:
    """000 Additional Notes: Ice Walk: ice and snow no longer make a space Difficult."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:5e-alt",
        "/token add name:Drake at:A3 speed:40",
        "/terrain set cells:B1:E6 kind:snow",
    )
    slowed = await run(gm, "/move token:Drake to:C3 preview:true")
    assert slowed.result["cost_ft"] == 20  # Difficult: Slowed ×2
    added = await run(gm, "/token trait token:Drake add:ice-walk")
    assert added.result["token"]["state"]["traits"] == "ice-walk"
    assert (await run(gm, "/move token:Drake to:C3")).result["cost_ft"] == 10


async def test_000_no_empty_hand_no_climbing_unless_spider_climb(gm: Context) -> None:
    """000 Climb › Falling While Climbing › Hands; Spider Climb climbs regardless."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:5e-alt",
        "/token add name:Ari at:A3",
        "/token trait token:Ari add:hands-full",
    )
    await refused(gm, "/move token:Ari to:B3 mode:climb", IllegalMove, "no empty hand")
    await run(gm, "/token trait token:Ari add:spider-climb")
    assert (await run(gm, "/move token:Ari to:B3 mode:climb")).result["mode"] == "climb"


async def test_3_5_maneuverability_sets_the_climb_and_one_class_at_a_time(
    gm: Context, store: Store
) -> None:
    """001 Fly: maneuverability classes (the SRD's climb rates, borrowed)."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:3.5",
        "/token add name:Hawk at:A3 fly:60 size:small",
        "/token trait token:Hawk add:fly-good",
        "/token trait token:Hawk add:fly-perfect",
    )
    assert (await tokens(store))["Hawk"]["traits"] == ["fly-perfect"]
    assert (await run(gm, "/move token:Hawk up:20")).result["cost_ft"] == 20  # full speed


async def test_001_a_dive_needs_30_ft_and_10_ft_down(gm: Context) -> None:
    """001 Fly: "A dive attack works just like a charge, but the diving creature must
    move a minimum of 30 feet and descend at least 10 feet"."""
    await run(
        gm,
        "/encounter start width:14 height:6 ruleset:3.5",
        "/token add name:Hawk at:A3 fly:60 size:small team:party",
        "/token add name:Rat at:H3 size:tiny",
        "/move token:Hawk up:20",
        "/turn order order:Hawk,Rat",
    )
    await refused(gm, "/move token:Hawk to:B3 action:charge down:5", IllegalMove, "at least")
    dived = await run(gm, "/move token:Hawk to:G3 action:charge down:20")
    assert "dive attack" in dived.as_text().lower()


@pytest.mark.parametrize(("ruleset", "document"), [("5e", "SRD 5.1"), ("5e-2024", "SRD 5.2")])
async def test_srd_ice_walk_and_spider_climb(gm: Context, ruleset: str, document: str) -> None:
    """The SRDs' White Dragon › Ice Walk ("difficult terrain composed of ice or snow
    doesn't cost it extra movement") and Spider Climb ("can climb difficult surfaces ...
    without needing to make an ability check"): climbing without a climbing speed costs
    1 extra foot per foot (SRD Climbing), not for a spider-climber."""
    await run(
        gm,
        f"/encounter start width:10 height:6 ruleset:{ruleset}",
        "/token add name:Drake at:A3 speed:30",
        "/terrain set cells:B1:C6 kind:snow",
        "/terrain set cells:E1:F6 kind:slope",
    )
    assert (await run(gm, "/move token:Drake to:C3 preview:true")).result["cost_ft"] == 20
    added = await run(gm, "/token trait token:Drake add:ice-walk")
    assert f"{document}" in added.as_text() and "Ice Walk" in added.as_text()
    assert (await run(gm, "/move token:Drake to:C3 preview:true")).result["cost_ft"] == 10
    climb = "/move token:Drake to:B3 mode:climb preview:true"
    assert (await run(gm, climb)).result["cost_ft"] == 10  # +1 ft per foot without the speed
    slope = "/move token:Drake to:E3 preview:true"
    assert (await run(gm, slope)).result["cost_ft"] == 25  # B, C free; D 5; E slope +5
    await run(gm, "/token trait token:Drake add:spider-climb")
    assert (await run(gm, climb)).result["cost_ft"] == 5
    assert (await run(gm, slope)).result["cost_ft"] == 20
    shown = await run(gm, "/token trait token:Drake")
    assert shown.result["known"] == ["ice-walk", "spider-climb", "blindsight", "truesight"]


async def test_traits_are_checked_and_shown(gm: Context) -> None:
    await run(gm, "/encounter start width:10 height:6 ruleset:becmi", "/token add name:Bo at:A1")
    shown = await run(gm, "/token trait token:Bo")
    assert shown.result["known"] == [] and "read no traits" in shown.as_text()
    await refused(gm, "/token trait token:Bo add:ice-walk", InvalidInput, "read no traits")
    await run(gm, "/encounter end confirm:true")
    await run(gm, "/encounter start width:10 height:6 ruleset:5e-alt", "/token add name:Bo at:A1")
    await refused(gm, "/token trait token:Bo add:flying-carpet", InvalidInput, "ice-walk")
    await refused(gm, "/token trait token:Bo add:ice-walk remove:ice-walk", InvalidInput, "both")


@pytest.mark.parametrize(
    ("ruleset", "into_rock"),
    [("5e-alt", False), ("3.5", False), ("epic-path", True)],
)
async def test_burrowing_digs_earth_and_not_rock(
    gm: Context, ruleset: str, into_rock: bool
) -> None:
    """000 Burrow ("You can't Burrow through denser substances such as rock"); 001 Burrow
    ("tunnel through dirt, but not through rock"); 004 Blocked Terrain ("impossible to
    move into without ... burrowing"; its examples include solid walls and stone)."""
    await run(
        gm,
        f"/encounter start width:10 height:6 ruleset:{ruleset}",
        "/token add name:Mole at:A3 speed:30 burrow:20",
        "/terrain set cells:B3 kind:earth",
        "/terrain set cells:B4 kind:wall",
    )
    await refused(gm, "/move token:Mole to:B3", IllegalMove)  # walkers can't
    dug = await run(gm, "/move token:Mole to:B3 mode:burrow")
    assert dug.result["path"] == ["A3", "B3"]
    if into_rock:
        assert (await run(gm, "/move token:Mole to:B4 mode:burrow")).result["path"][-1] == "B4"
    else:
        await refused(gm, "/move token:Mole to:B4 mode:burrow", IllegalMove, "wall")


async def test_000_the_climb_trait_without_a_climb_speed(gm: Context) -> None:
    """000 Updating A Creature's Movement › Step 2: "Climb. Slopes of 45 degrees or more
    are not Difficult Terrain for the creature", a trait a creature may have with no
    climb speed listed (the seed's Young White Dragon)."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:5e-alt",
        "/token add name:Drake at:A3 speed:40",
        "/terrain set cells:B1:C6 kind:slope",
    )
    assert (await run(gm, "/move token:Drake to:C3 preview:true")).result["cost_ft"] == 20
    await run(gm, "/token trait token:Drake add:climb")
    assert (await run(gm, "/move token:Drake to:C3 preview:true")).result["cost_ft"] == 10
