"""Altitude (issue 16 "Altitude and 3-D"): flying up and down under each ruleset's
measure, reach and opportunity attacks across heights, a flyer that stops flying
falling, forced movement in the air, and distances with height.
004 Three Dimensional Movement, Forced Movement In 3-D; 000 Fly, Falling While Flying;
the SRDs' flying; 3.5's rates borrowed from the 3.5 SRD (docs/RULINGS.md)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


async def sky(gm: Context, ruleset: str) -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Bat at:B5 speed:30 fly:40 team:party",
        "/token add name:Orc at:C5",
    )


async def height(store: Store, name: str) -> int:
    return int((await tokens(store))[name].get("altitude_ft", 0))


@pytest.mark.parametrize(
    ("ruleset", "line", "cost_ft"),
    [
        ("epic-path", "/move token:Bat up:20", 20),  # four cubes straight up
        ("epic-path", "/move token:Bat to:G5 up:20", 25),  # 1 for 1: climbing on the way
        ("5e-alt", "/move token:Bat to:D5 up:15", 25),  # every foot up a foot
        ("5e", "/move token:Bat to:D5 up:15", 25),
        ("3.5", "/move token:Bat up:10", 20),  # up at half speed
        ("becmi", "/move token:Bat up:10", 10),
    ],
)
async def test_climbing_costs_per_the_ruleset(
    gm: Context, store: Store, ruleset: str, line: str, cost_ft: int
) -> None:
    await sky(gm, ruleset)
    moved = await run(gm, line)
    assert moved.result["cost_ft"] == cost_ft
    assert moved.result["mode"] == "fly"  # a flyer going up flies
    assert await height(store, "Bat") == moved.result["altitude_ft"] > 0


async def test_3_5_diving_is_at_double_speed(gm: Context, store: Store) -> None:
    await sky(gm, "3.5")
    await run(gm, "/move token:Bat up:10", "/turn order order:Bat,Orc", "/turn next")
    await run(gm, "/turn next")
    assert (await run(gm, "/move token:Bat down:10")).result["cost_ft"] == 5
    assert await height(store, "Bat") == 0


async def test_in_the_air_only_flying_and_never_below_the_ground(gm: Context) -> None:
    await sky(gm, "5e-alt")
    await run(gm, "/move token:Bat up:10")
    await refused(gm, "/move token:Bat to:B6 mode:walk", IllegalMove, "10 ft up")
    await refused(gm, "/move token:Bat down:20", InvalidInput, "lower than the ground")
    await refused(gm, "/move token:Orc up:10", IllegalMove)  # no fly speed


async def test_a_foe_on_the_ground_cant_reach_a_flyer_high_above(gm: Context) -> None:
    """004: reach counts cubes, up and down as across."""
    await sky(gm, "epic-path")
    low = await run(gm, "/move token:Bat to:B4")
    assert "Orc" in low.result["provokes"]
    await run(gm, "/encounter end confirm:true")
    await sky(gm, "epic-path")
    await run(gm, "/move token:Bat up:10")  # 10 ft over the orc's 5 ft reach
    high = await run(gm, "/move token:Bat to:B4")
    assert high.result["provokes"] == []


async def test_000_a_flyer_knocked_prone_falls(gm: Context, store: Store) -> None:
    """000 Fly › Falling While Flying: Prone, Immobilized or Incapacitated; Hovering is
    immune."""
    await sky(gm, "5e-alt")
    await run(gm, "/move token:Bat up:20")
    fell = await run(gm, "/token condition token:Bat add:prone")
    assert "/fall height:20" in fell.as_text()
    assert await height(store, "Bat") == 0
    await run(gm, "/token add name:Wisp at:H2 fly:30 hover:true", "/move token:Wisp up:20")
    # 000 Fly › Hovering: immune to Prone while flying, so it neither falls nor lies down
    await refused(gm, "/token condition token:Wisp add:prone", IllegalMove, "Hovering")
    assert await height(store, "Wisp") == 20


async def test_004_forced_movement_in_the_air_goes_down_or_up(gm: Context, store: Store) -> None:
    """004 Forced Movement In 3-D: "nearly always directly down"; a creature on the
    ground pushing one in the air moves it directly up."""
    await sky(gm, "epic-path")
    await run(gm, "/move token:Bat up:20")
    slid = await run(gm, "/move token:Bat to:D5 forced:slide")
    assert "directly down" in slid.as_text() and await height(store, "Bat") == 10
    pushed = await run(gm, "/move token:Bat to:C5 forced:push by:Orc")
    assert "directly up" in pushed.as_text() and await height(store, "Bat") == 15
    assert (await tokens(store))["Bat"]["cell"] == "B5"


@pytest.mark.parametrize(("ruleset", "distance_ft"), [("epic-path", 20), ("5e-alt", 20.6)])
async def test_distance_counts_height(gm: Context, ruleset: str, distance_ft: float) -> None:
    await sky(gm, ruleset)
    await run(gm, "/move token:Bat up:20")
    measured = await run(gm, "/distance from:Bat to:Orc")
    assert measured.result["distance_ft"] == distance_ft
    assert measured.result["height_apart_ft"] == 20


async def test_a_rider_flies_with_its_mount(gm: Context, store: Store) -> None:
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:5e",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Griffon at:B5 size:large fly:80 team:party",
        "/move token:Ari mount:Griffon",
        "/move token:Griffon up:30",
    )
    assert await height(store, "Ari") == 30


async def test_004_a_flyer_out_of_reach_neither_flanks_nor_threatens_the_ground(
    gm: Context,
) -> None:
    """004 Three Dimensional Movement: reach counts cubes, so a flyer 10 ft above a foe
    with 5 ft of reach threatens neither the foe nor the ground (Flanking needs both
    flankers to threaten)."""
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:epic-path",
        "/token add name:Orc at:E5",
        "/token add name:Ari at:D5 team:party",
        "/token add name:Bat at:F5 team:party fly:40",
    )
    assert (await run(gm, "/flank a:Ari b:Bat target:Orc")).result["flanks"] is True
    await run(gm, "/move token:Bat up:10")
    high = await run(gm, "/flank a:Ari b:Bat target:Orc")
    assert high.result["flanks"] is False and "too far above" in high.as_text()
    shaded = await run(gm, "/token edit token:Bat team:enemy", "/map threats:true")
    assert "G5" not in shaded.result["threats"] and "E4" in shaded.result["threats"]


async def test_004_reach_outline_and_threats_follow_the_height(gm: Context) -> None:
    """004 Three Dimensional Movement: reach "affects all adjacent cubes, including the
    one above your head". A flyer 5 ft up still reaches a creature standing beside or
    below it, so its reach is outlined as on the ground; 15 ft up it reaches nobody
    there, and /map says why."""
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:epic-path",
        "/token add name:Bat at:E5 fly:40",
        "/token add name:Ari at:A1 team:party",
    )
    flat = (await run(gm, "/map reach:Bat")).result["reach"]
    assert len(flat) == 9  # its own square too (004 threatens its own space)
    await run(gm, "/move token:Bat up:5")
    low = await run(gm, "/map reach:Bat threats:true")
    assert low.result["reach"] == flat and low.result["threats"] == flat
    await run(gm, "/move token:Bat up:10")
    high = await run(gm, "/map reach:Bat threats:true")
    assert high.result["reach"] == [] and high.result["threats"] == []
    assert "15 ft up" in high.as_text()


async def test_a_flyer_in_the_air_gets_its_flights_bands(gm: Context) -> None:
    """The move picture's bands (where it can still go) are the flight's while the token
    is in the air: over rubble, which doesn't hamper a flyer (001), the 30 ft it has left
    (3.5: 5 ft up cost 10 of fly 40) reach 6 squares, not the 3 a walker would."""
    from bot.rules import get_ruleset
    from bot.rules.engine.overview import speed_bands

    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:3.5",
        "/token add name:Bat at:B5 speed:10 fly:40",
        "/terrain set cells:C1:N10 kind:difficult",
    )
    moved = await run(gm, "/move token:Bat up:5")
    assert moved.result["altitude_ft"] == 5
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    encounter = stored.encounter
    now, _ = speed_bands(get_ruleset("3.5"), encounter, "Bat")
    assert max(c.col for c in now) - 1 == 6  # 30 ft east of B5
