"""Mounts on the board (issue 16 "Mounts"; 002 Mount or Dismount a Steed and its worked
example; the SRDs' Mounting and Dismounting): a rider enters its mount's space and pays
the ruleset's price, moves with it on the mount's movement, and dismounts by leaving
its space."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


async def stable(gm: Context, ruleset: str, horse_at: str = "G5") -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 team:party speed:30",
        f"/token add name:Horse at:{horse_at} size:large team:party speed:50",
    )


async def test_002_speed_30_and_the_mount_30_ft_away_takes_both_move_actions(
    gm: Context, store: Store
) -> None:
    """002 Mount or Dismount a Steed: "if your speed is 30 and your mount is 30 feet away
    or less, you use one move action to reach the mount's space and a second move action
    to mount"."""
    await stable(gm, "3.5")
    mounted = await run(gm, "/move token:Ari mount:Horse")
    assert mounted.result["path"][-1] == "G5" and mounted.result["cost_ft"] == 30
    assert mounted.result["used_ft"] == mounted.result["total_ft"] == 60
    assert mounted.result["done_for_the_turn"] is True
    ari = (await tokens(store))["Ari"]
    assert ari["cell"] == "G5" and ari["riding"] == "horse"


async def test_002_a_mount_farther_than_one_move_is_out_of_reach_this_turn(gm: Context) -> None:
    await stable(gm, "3.5", horse_at="H5")  # 35 ft to its space
    await refused(gm, "/move token:Ari mount:Horse", IllegalMove, "entering Horse's space")


async def test_a_rider_moves_on_its_mounts_movement(gm: Context, store: Store) -> None:
    await stable(gm, "3.5")
    await run(gm, "/move token:Ari mount:Horse", "/turn order order:Ari,Horse")
    ridden = await run(gm, "/move token:Ari to:A5 action:double")  # the horse's 100 ft
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Ari"]["cell"] == "A5"
    assert placed["Ari"]["activity"]["spent_ft"] == 0  # its own movement untouched
    assert "moves with Horse" in ridden.as_text()
    carried = await run(gm, "/turn next", "/move token:Horse to:C5")  # the horse's turn
    assert (await tokens(store))["Ari"]["cell"] == "C5"
    assert carried.result["path"][-1] == "C5"


async def test_5e_mounting_and_dismounting_cost_half_the_speed(gm: Context, store: Store) -> None:
    await stable(gm, "5e", horse_at="C5")
    mounted = await run(gm, "/move token:Ari mount:Horse")
    assert mounted.result["cost_ft"] == 20  # 5 to within 5 ft of it, mounting 15
    await run(gm, "/turn order order:Ari,Horse", "/turn next", "/turn next")
    off = await run(gm, "/move token:Ari dismount:true to:B5")
    assert off.result["cost_ft"] == 15  # half speed, landing within 5 ft
    assert "riding" not in (await tokens(store))["Ari"]


async def test_forced_movement_unseats_a_rider_and_carries_a_mounts(
    gm: Context, store: Store
) -> None:
    await stable(gm, "becmi", horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")  # becmi prices no mounting
    await run(gm, "/move token:Horse to:D5 forced:slide")
    assert (await tokens(store))["Ari"]["cell"] == "D5"
    thrown = await run(gm, "/move token:Ari to:D8 forced:slide")
    assert "Unseated" in thrown.as_text()
    assert "riding" not in (await tokens(store))["Ari"]


async def test_renaming_or_removing_the_mount_keeps_the_rider_right(
    gm: Context, store: Store
) -> None:
    await stable(gm, "5e-alt", horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse", "/token edit token:Horse rename:Blaze")
    assert (await tokens(store))["Ari"]["riding"] == "blaze"
    shown = await run(gm, "/encounter show")
    assert "riding Blaze" in shown.as_text()
    await run(gm, "/token remove token:Blaze")
    assert "riding" not in (await tokens(store))["Ari"]


@pytest.mark.parametrize(
    ("line", "error", "match"),
    [
        ("/move token:Horse mount:Ari", IllegalMove, "one size larger"),
        ("/move token:Ari dismount:true to:A6", InvalidInput, "isn't riding"),
        ("/move token:Ari mount:Ari", InvalidInput, "itself"),
    ],
)
async def test_bad_mount_asks_are_refused(gm: Context, line: str, error: type, match: str) -> None:
    await stable(gm, "3.5", horse_at="C5")
    await refused(gm, line, error, match)


async def test_a_hostile_mount_and_a_second_saddle_are_refused(gm: Context) -> None:
    await stable(gm, "5e", horse_at="C5")
    await run(gm, "/token add name:Wolf at:H2 size:large")
    await refused(gm, "/move token:Ari mount:Wolf", IllegalMove, "hostile")
    await run(gm, "/move token:Ari mount:Horse")
    await refused(gm, "/move token:Ari mount:Horse", InvalidInput, "riding already")
    await refused(gm, "/move token:Ari dismount:true", InvalidInput, "to:")


@pytest.mark.parametrize(
    ("load", "round_ft"),
    [("600cn", 80), ("3000cn", 80), ("4000cn", 40), ("6000cn", 40)],
)
async def test_003_a_mount_carries_by_monster_encumbrance_not_a_characters(
    gm: Context, load: str, round_ft: int
) -> None:
    """003 Monster Movement Rates: full rate up to its load, half up to twice it, none
    beyond; "a 240' horse carrying 600 cn is not a character" (issue 16)."""
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:becmi",
        f"/token add name:Horse at:A5 size:large speed:240 load:{load} carries:3000cn",
    )
    moved = await run(gm, "/move token:Horse to:B5")
    assert moved.result["total_ft"] == round_ft


async def test_003_past_twice_its_load_a_mount_cant_move_and_an_edit_keeps_its_rate(
    gm: Context, store: Store
) -> None:
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:becmi",
        "/token add name:Mule at:A5 size:large speed:120 load:7000cn carries:3000cn",
    )
    await refused(gm, "/move token:Mule to:B5", IllegalMove, "more than twice its full-speed")
    await run(gm, "/token edit token:Mule load:2000cn")  # its own rate stays 120'
    assert (await run(gm, "/move token:Mule to:B5")).result["total_ft"] == 40


async def test_002_control_a_mount_not_trained_for_war(gm: Context, store: Store) -> None:
    """002 Control a Frightened Mount: on "a mount that is not trained for war" the rider
    makes a Ride check (DC 20, the 3.5 SRD's, borrowed), a move action that provokes;
    on a success the mount's move is part of the same action; "If your check fails, the
    mount does what it will ... and the failed check ends your turn"."""
    await stable(gm, "3.5", horse_at="B5")
    await run(
        gm,
        "/move token:Ari mount:Horse",
        "/token add name:Orc at:A4",  # threatens B5, where Ari sits
        "/turn next",
        "/token trait token:Horse add:not-trained-for-war",
    )
    asked = await refused(gm, "/move token:Ari to:H5", InvalidInput, "DC 20 Ride")
    assert "check:" in asked.message
    failed = await run(gm, "/move token:Ari to:H5 check:14")
    assert failed.result["path"] == ["B5"] and failed.result["control"]["controlled"] is False
    assert failed.result["provokes"] == ["Orc"]  # the check itself provokes
    assert "turn ends" in failed.as_text()
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == "B5" and placed["Ari"]["cell"] == "B5"
    await refused(gm, "/move token:Ari to:H5 check:25", IllegalMove, "none left")
    await run(gm, "/turn next")
    rode = await run(gm, "/move token:Ari to:H5 check:25")
    assert rode.result["path"][-1] == "H5" and rode.result["control"]["controlled"] is True
    assert "Orc" in rode.result["provokes"]
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == "H5" and placed["Ari"]["cell"] == "H5"
    assert placed["Ari"]["activity"]["actions"] == ["control-mount"]  # a move action of its own


async def test_a_war_trained_mount_and_other_rulesets_need_no_check(gm: Context) -> None:
    await stable(gm, "3.5", horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse", "/turn next")
    assert "control" not in (await run(gm, "/move token:Ari to:H5")).result
    await run(gm, "/encounter end confirm:true")
    await stable(gm, "5e", horse_at="B5")
    await refused(gm, "/token trait token:Horse add:not-trained-for-war", InvalidInput)


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd_disengage_then_mount_provokes_nothing_on_the_way(
    gm: Context, ruleset: str
) -> None:
    """SRD Mounting and Dismounting costs movement within the turn's action: with the
    Disengage action the way to the mount, out of an enemy's reach, provokes nothing
    (before, mount: dropped the action and the Orc got its attack)."""
    await stable(gm, ruleset, horse_at="D5")
    await run(gm, "/token add name:Orc at:A6 team:enemy")
    plain = await run(gm, "/move token:Ari mount:Horse preview:true")
    assert plain.result["provokes"], "the check itself: without Disengage it provokes"
    disengaged = await run(gm, "/move token:Ari mount:Horse action:disengage")
    assert disengaged.result["provokes"] == []
    assert disengaged.result["path"][-1] == "D5"
