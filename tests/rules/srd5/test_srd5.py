"""Standard fifth edition: `5e` (SRD 5.1) and `5e-2024` (SRD 5.2), each rule the issue
lists, through the same handlers the console and Discord use. Each test names the SRD
section it checks."""

from __future__ import annotations

import random

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.rules import get_ruleset, identities, rulesets
from bot.rules.rulings import FallRequest, JumpRequest, TravelRequest
from tests.handlers.encounter_helpers import run


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(gm, f"/encounter start ruleset:{ruleset} width:12 height:12", *lines)


async def cost_of(gm: Context, line: str) -> float:
    reply = await run(gm, line)
    return float(reply.result["cost_ft"])


# ---------------------------------------------------------------- identity


def test_the_alias_5e_names_standard_5e_and_5e_alt_keeps_its_name():
    assert get_ruleset("5e").id == "5e"
    assert get_ruleset("5e-alt").id == "5e-alt"
    assert get_ruleset("srd 5.2").id == "5e-2024"


def test_six_rulesets_each_with_one_line_saying_what_it_is():
    assert list(identities()) == ["5e-alt", "3.5", "becmi", "epic-path", "5e", "5e-2024"]
    assert all(i.summary and "\n" not in i.summary for i in identities().values())


async def test_ruleset_set_lists_all_six_with_their_lines(gm: Context):
    reply = await run(gm, "/ruleset set system:5e")
    listed = {f.name: f.value for f in reply.fields}["All rulesets"]
    assert all(f"`{rid}`" in listed for rid in identities())


def test_the_footer_credits_the_srd_licence():
    for rid, doc in (("5e", "SRD 5.1"), ("5e-2024", "SRD 5.2")):
        cite = (
            rulesets()[rid]
            .calculators.fall(FallRequest(height_ft=30), random.Random(1))
            .source.cite()
        )
        assert f"{doc} (CC-BY-4.0)" in cite


# ------------------------------------------------------- SRD 5.1 on a grid


async def test_srd51_diagonals_cost_5_ft_by_default(gm: Context):
    """SRD 5.1 Movement and Position (the grid variant): a diagonal counts 5 ft."""
    await board(gm, "5e", "/token add name:Ari at:A1")
    assert await cost_of(gm, "/move token:Ari to:D4") == 15


async def test_srd51_optional_5_10_5_diagonals_carry_through_the_turn(gm: Context):
    """SRD 5.1 (DMG variant, 'Playing on a Grid'): every second diagonal costs 10 ft,
    counted across the turn's moves."""
    await run(gm, "/encounter start ruleset:5e width:12 height:12 diagonals:5-10-5")
    await run(gm, "/token add name:Ari at:A1")
    assert await cost_of(gm, "/move token:Ari to:B2") == 5
    assert await cost_of(gm, "/move token:Ari to:C3") == 10  # the second diagonal


async def test_srd51_refuses_a_diagonal_rule_it_has_not(gm: Context):
    with pytest.raises(InvalidInput):
        await run(gm, "/encounter start ruleset:5e diagonals:euclidean")


async def test_srd51_difficult_terrain_costs_one_extra_foot_once_per_square(gm: Context):
    """SRD 5.1 Difficult Terrain: 1 extra foot per foot; rubble and a creature in one
    square are still +1."""
    await board(gm, "5e", "/token add name:Ari at:A1", "/token add name:Bo at:C1")
    await run(gm, "/terrain set cells:B1:C1 kind:difficult")
    reply = await run(gm, '/move token:Ari to:D1 via:"B1 C1"')
    steps = reply.result["steps"]
    assert [s["cost_ft"] for s in steps] == [10, 10, 5]


async def test_srd51_any_other_creatures_space_is_difficult(gm: Context):
    """SRD 5.1 Moving Around Other Creatures: another creature's space is difficult."""
    await board(
        gm, "5e", "/token add name:Ari at:A1 team:party", "/token add name:Bo at:B1 team:neutral"
    )
    reply = await run(gm, "/move token:Ari to:C1 via:B1")
    assert reply.result["cost_ft"] == 15


async def test_srd51_hostile_creature_blocks_unless_two_sizes_apart(gm: Context):
    """SRD 5.1 Moving Around Other Creatures: through a hostile creature only if it is
    at least two sizes larger or smaller."""
    await board(
        gm,
        "5e",
        "/token add name:Ari at:A2 team:party",
        "/token add name:Orc at:B2 team:enemy",
        "/token add name:Rat at:B5 size:tiny team:enemy",
        "/token add name:Bea at:A5 team:party",
    )
    await run(gm, '/terrain set cells:"B1 B3 B4 B6" kind:wall')
    with pytest.raises(IllegalMove):
        await run(gm, "/move token:Ari to:C2 via:B2")
    reply = await run(gm, "/move token:Bea to:C5 via:B5")  # Tiny is two sizes smaller
    assert reply.result["path"][-1] == "C5"


async def test_srd51_never_ends_in_another_creatures_space(gm: Context):
    await board(
        gm, "5e", "/token add name:Ari at:A1 team:party", "/token add name:Bo at:B1 team:neutral"
    )
    with pytest.raises(RulingError):
        await run(gm, "/move token:Ari to:B1")


async def test_srd51_standing_costs_half_speed_and_crawling_one_extra(gm: Context):
    """SRD 5.1 Being Prone: dropping prone is free, standing costs half the speed,
    crawling 1 extra foot per foot (3 ft per ft in difficult terrain)."""
    await board(gm, "5e", "/token add name:Ari at:A1 speed:30")
    drop = await run(gm, "/move token:Ari action:drop-prone")
    assert drop.result["cost_ft"] == 0
    assert await cost_of(gm, "/move token:Ari to:B1") == 10
    await run(gm, "/terrain set cells:C1 kind:difficult")
    assert await cost_of(gm, "/move token:Ari to:C1") == 15
    await run(gm, "/turn next")
    stand = await run(gm, "/move token:Ari action:stand")
    assert stand.result["cost_ft"] == 15


async def test_srd51_no_standing_at_speed_0(gm: Context):
    await board(gm, "5e", "/token add name:Ari at:A1 speed:0")
    await run(gm, "/token condition token:Ari add:prone")
    with pytest.raises(IllegalMove, match="speed is 0"):
        await run(gm, "/move token:Ari action:stand")


async def test_srd51_swimming_without_a_swim_speed_costs_one_extra(gm: Context):
    """SRD 5.1 Climbing, Swimming, and Crawling: 1 extra foot per foot without the speed."""
    await board(gm, "5e", "/token add name:Ari at:A1", "/token add name:Fin at:A3 swim:30")
    await run(gm, '/terrain set cells:"B1 B3" kind:water')
    assert await cost_of(gm, "/move token:Ari to:B1") == 10
    assert await cost_of(gm, "/move token:Fin to:B3") == 5


async def test_srd51_dash_adds_the_current_speed(gm: Context):
    """SRD 5.1 Dash: extra movement equal to the speed."""
    await board(gm, "5e", "/token add name:Ari at:A1 speed:30")
    reply = await run(gm, "/move token:Ari to:L1 action:dash")
    assert reply.result["cost_ft"] == 55 and reply.result["total_ft"] == 60


async def test_srd51_leaving_reach_provokes(gm: Context):
    """SRD 5.1 Opportunity Attacks: leaving a hostile creature's reach."""
    await board(
        gm, "5e", "/token add name:Ari at:B2 team:party", "/token add name:Orc at:C2 team:enemy"
    )
    reply = await run(gm, "/move token:Ari to:B5")
    assert reply.result["provokes"] == ["Orc"]


# ----------------------------------------------------------- SRD 5.2 on a grid


async def test_srd52_every_diagonal_costs_one_square(gm: Context):
    await board(gm, "5e-2024", "/token add name:Ari at:A1")
    assert await cost_of(gm, "/move token:Ari to:D4") == 15


async def test_srd52_an_ally_or_tiny_creature_is_passed_freely(gm: Context):
    """SRD 5.2 Difficult Terrain: a creature that is neither Tiny nor your ally."""
    await board(
        gm, "5e-2024", "/token add name:Ari at:A1 team:party", "/token add name:Bo at:B1 team:party"
    )
    assert await cost_of(gm, "/move token:Ari to:C1 via:B1") == 10


async def test_srd52_an_incapacitated_foe_may_be_passed(gm: Context):
    """SRD 5.2 Moving Around Other Creatures: an Incapacitated creature's space."""
    await board(
        gm,
        "5e-2024",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Orc at:B1 team:enemy",
    )
    await run(gm, "/terrain set cells:A2:C2 kind:wall")
    with pytest.raises(IllegalMove):
        await run(gm, "/move token:Ari to:C1")
    await run(gm, "/token condition token:Orc add:incapacitated")
    assert await cost_of(gm, "/move token:Ari to:C1") == 15  # its space is difficult


async def test_srd52_no_diagonal_rule_option(gm: Context):
    with pytest.raises(InvalidInput):
        await run(gm, "/encounter start ruleset:5e-2024 diagonals:5-10-5")


# -------------------------------------------------------------- calculators


@pytest.mark.parametrize("rid", ["5e", "5e-2024"])
def test_fall_1d6_per_10_ft_at_most_20d6_prone_unless_unhurt(rid: str):
    """SRD Falling: 1d6 per 10 ft, at most 20d6; prone unless it takes no damage."""
    ruleset = rulesets()[rid]
    big = ruleset.calculators.fall(FallRequest(height_ft=500), random.Random(1))
    assert big.lethal.count == 20 and big.prone is True
    short = ruleset.calculators.fall(FallRequest(height_ft=5), random.Random(1))
    assert short.damage == 0 and short.prone is False


def test_srd52_falling_into_liquid_halves_on_a_dc_15_check():
    ruleset = rulesets()["5e-2024"]
    full = ruleset.calculators.fall(FallRequest(height_ft=60, into="water"), random.Random(3))
    saved = ruleset.calculators.fall(
        FallRequest(height_ft=60, into="water", check=15), random.Random(3)
    )
    assert saved.damage == full.damage // 2
    assert full.dcs["liquid_dc"] == 15


@pytest.mark.parametrize("rid", ["5e", "5e-2024"])
def test_jump_by_strength_running_and_standing(rid: str):
    """SRD Jumping: long jump = Strength score, high jump = 3 + modifier, with a 10 ft
    run-up; half standing."""
    ruleset = rulesets()[rid]
    running = ruleset.calculators.jump(JumpRequest(strength=16, run_up_ft=10), random.Random(1))
    assert (running.max_horizontal_ft, running.max_vertical_ft) == (16, 6)
    standing = ruleset.calculators.jump(JumpRequest(strength=16, run_up_ft=0), random.Random(1))
    assert (standing.max_horizontal_ft, standing.max_vertical_ft) == (8, 3)


def test_srd52_high_jump_is_at_least_0_ft():
    jump = rulesets()["5e-2024"].calculators.jump(JumpRequest(strength=1), random.Random(1))
    assert jump.max_vertical_ft == 0
    old = rulesets()["5e"].calculators.jump(JumpRequest(strength=1), random.Random(1))
    assert old.max_vertical_ft == -2  # SRD 5.1 states no minimum (see RULINGS.md)


def test_landing_in_difficult_terrain_is_a_dc_10_check():
    jump = rulesets()["5e"].calculators.jump(
        JumpRequest(strength=12, difficult_terrain=True), random.Random(1)
    )
    assert jump.dc == 10


async def test_jump_strength_is_refused_where_a_ruleset_has_no_use_for_it(gm: Context):
    with pytest.raises(InvalidInput, match="doesn't jump by the Strength score"):
        await run(gm, "/jump ruleset:3.5 strength:15")


@pytest.mark.parametrize(
    ("pace", "per_day", "per_hour"), [("fast", 30, 4), ("normal", 24, 3), ("slow", 18, 2)]
)
def test_srd51_travel_pace(pace: str, per_day: int, per_hour: int):
    """SRD 5.1 Travel Pace table."""
    result = rulesets()["5e"].calculators.travel(TravelRequest(pace=pace), random.Random(1))
    assert (result.miles_per_day, result.miles_per_hour) == (per_day, per_hour)


def test_srd51_difficult_terrain_halves_the_distance():
    result = rulesets()["5e"].calculators.travel(
        TravelRequest(pace="normal", terrain=("forest",), distance_miles=24), random.Random(1)
    )
    assert result.miles_per_day == 12 and result.days == 2


def test_srd51_forced_march_saves_past_8_hours():
    result = rulesets()["5e"].calculators.travel(TravelRequest(hours=10), random.Random(1))
    assert result.extra["forced_march_dcs"] == "11, 12"


@pytest.mark.parametrize(
    ("ship", "mph"),
    [
        ("galley", 4),
        ("keelboat", 1),
        ("longship", 3),
        ("rowboat", 1.5),
        ("sailing ship", 2),
        ("warship", 2.5),
    ],
)
def test_srd51_ships_sail_24_hours_a_day(ship: str, mph: float):
    result = rulesets()["5e"].calculators.travel(TravelRequest(mode=ship), random.Random(1))
    assert result.miles_per_hour == mph and result.miles_per_day == mph * 24


def test_5e_alt_travel_borrows_the_srd51_pace_and_says_so():
    result = rulesets()["5e-alt"].calculators.travel(TravelRequest(pace="fast"), random.Random(1))
    assert result.miles_per_day == 30
    assert result.notes[0].label == "Borrowed" and "SRD 5.1" in result.notes[0].text


async def test_srd51_exhaustion_halves_speed_from_level_2_and_stops_at_5(gm: Context):
    """SRD 5.1 Exhaustion: level 2 speed halved, level 5 speed 0."""
    await board(gm, "5e", "/token add name:Ari at:A1 speed:30 exhaustion:2")
    reply = await run(gm, "/move token:Ari to:D1")
    assert reply.result["total_ft"] == 15
    await run(gm, "/token edit token:Ari exhaustion:5", "/turn next")
    with pytest.raises(IllegalMove):
        await run(gm, "/move token:Ari to:E1")


async def test_srd52_exhaustion_takes_5_ft_per_level(gm: Context):
    """SRD 5.2 Exhaustion: −5 ft Speed per level."""
    await board(gm, "5e-2024", "/token add name:Ari at:A1 speed:30 exhaustion:3")
    reply = await run(gm, "/move token:Ari to:C1")
    assert reply.result["total_ft"] == 15


async def test_exhaustion_levels_are_refused_where_a_ruleset_has_none(gm: Context):
    await board(gm, "3.5")
    with pytest.raises(InvalidInput, match=r"doesn't read exhaustion .*5e, 5e-2024.*condition"):
        await run(gm, "/token add name:Ari exhaustion:2")


async def test_srd51_diagonals_chosen_per_channel_with_ruleset_set(gm: Context):
    """The 5/10/5 count as a channel's choice: /ruleset set system:5e diagonals:5-10-5
    applies to the encounters the channel starts."""
    await run(gm, "/ruleset set system:5e diagonals:5-10-5")
    await run(gm, "/encounter start width:8 height:8", "/token add name:Ari at:A1")
    assert await cost_of(gm, "/move token:Ari to:C3") == 15  # 5 + 10


async def test_ruleset_set_refuses_a_diagonal_rule_the_ruleset_has_not(gm: Context):
    with pytest.raises(InvalidInput, match="diagonals"):
        await run(gm, "/ruleset set system:5e-2024 diagonals:5-10-5")
