"""Jumping: 5e-alt (seed 000 › Jump, Optional Rule: Units of Distance); 3.5 SRD Jump skill
and Pathfinder Acrobatics (borrowed: seeds 001, 002 and 004 have no jump rule)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput, RulingError
from bot.rules.dnd35.ruleset import Dnd35
from bot.rules.epic_path.ruleset import EpicPath
from bot.rules.five_e_alt.ruleset import FiveEAlt
from bot.rules.rulings import JumpRequest


def five(**kw: object):
    return FiveEAlt().calculators.jump(JumpRequest(**kw), random.Random(0))  # type: ignore[arg-type]


def srd(**kw: object):
    return Dnd35().calculators.jump(JumpRequest(**kw), random.Random(0))  # type: ignore[arg-type]


def epic(**kw: object):
    return EpicPath().calculators.jump(JumpRequest(**kw), random.Random(0))  # type: ignore[arg-type]


# ----------------------------------------------------------------- 5e-alt


def test_seed000_jump_distance_jumped_10ft_across_5ft_up():
    """000 › Jump › Distance Jumped."""
    result = five()
    assert (result.max_horizontal_ft, result.max_vertical_ft) == (10, 5)


@pytest.mark.parametrize(
    ("check", "across", "up"), [(9, 10, 5), (10, 10, 5), (17, 17, 8.5), (24, 24, 12)]
)
def test_seed000_extending_your_jump_dc_10(check, across, up):
    """000 › Jump › Extending Your Jump: DC 10; success → the total across, half up;
    failure → unchanged."""
    result = five(check=check, run_up_ft=10)
    assert (result.max_horizontal_ft, result.max_vertical_ft) == (across, up)


def test_seed000_ux_example_large_check_17_is_34_across_17_up():
    """000 › Jump › Size and Jumping: doubled per size above Medium, extension included."""
    result = five(size="large", check=17)
    assert (result.max_horizontal_ft, result.max_vertical_ft) == (34, 17)
    assert any("Disadvantage" in n.text for n in result.notes)  # no run-up given


@pytest.mark.parametrize(
    ("size", "factor"),
    [("medium", 1), ("large", 2), ("huge", 4), ("gargantuan", 8), ("small", 1), ("tiny", 1)],
)
def test_seed000_size_and_jumping_doubles_per_size_above_medium(size, factor):
    result = five(size=size)
    assert result.max_horizontal_ft == 10 * factor


def test_seed000_run_up_of_10ft_avoids_disadvantage():
    """000 › Jump › Extending Your Jump: Disadvantage without 10 ft moved first."""
    assert any("Disadvantage" in n.text for n in five(check=15, run_up_ft=5).notes)
    assert not any("Disadvantage" in n.text for n in five(check=15, run_up_ft=10).notes)


def test_seed000_you_can_only_jump_as_far_as_your_movement_allows():
    """000 › Jump › Distance Jumped: "only as far as your Movement allows"."""
    result = five(check=25, movement_ft=15)
    assert (result.max_horizontal_ft, result.max_vertical_ft) == (15, 12.5)
    assert five(distance_ft=20, check=25, movement_ft=15).clears is False


def test_seed000_jumping_through_difficult_terrain_dc10_acrobatics():
    """000 › Jump › Jumping Through Difficult Terrain."""
    result = five(difficult_terrain=True)
    assert result.extra["balance_dc"] == 10


@pytest.mark.parametrize(
    ("check", "up_units", "across_units"), [(None, 1, 2), (10, 1, 2), (17, 2, 4), (21, 3, 6)]
)
def test_seed000_units_of_distance_extended_jumps(check, up_units, across_units):
    """000 › Optional Rule: Units of Distance › Extended Jumps: one-tenth of the total in
    Units, rounded up, vertically; twice that horizontally."""
    result = five(check=check, units=True)
    assert result.extra["max_vertical_units"] == up_units
    assert result.extra["max_horizontal_units"] == across_units
    assert result.max_horizontal_ft == across_units * 5


@pytest.mark.parametrize(
    ("kw", "needed"),
    [
        ({"distance_ft": 10}, None),
        ({"distance_ft": 15}, 15),
        ({"distance_ft": 5}, None),
        ({"height_ft": 8}, 16),
        ({"distance_ft": 30, "size": "large"}, 15),
        ({"distance_ft": 20, "units": True}, 11),  # 4 Units across needs 2 up: total 11+
    ],
)
def test_seed000_check_total_needed_for_an_asked_jump(kw, needed):
    assert five(**kw).dc == needed


@given(st.integers(-10, 60), st.integers(-10, 60))
def test_5e_a_higher_check_never_jumps_less(a, b):
    low, high = sorted((a, b))
    assert five(check=low).max_horizontal_ft <= five(check=high).max_horizontal_ft


# -------------------------------------------------------- 3.5 and epic-path


@pytest.mark.parametrize(
    ("rules", "run_up", "across", "up"),
    [(srd, 20, 18, 4.5), (srd, 10, 9, 2.25), (epic, 10, 18, 4.5), (epic, 5, 9, 2.25)],
)
def test_skill_jump_long_and_high_jump_from_the_check(rules, run_up, across, up):
    """3.5 SRD Jump (20 ft run-up) / Pathfinder Acrobatics (10 ft run-up): long jump DC =
    distance, high jump DC = 4 × height; without the run-up the DC doubles."""
    result = rules(check=18, run_up_ft=run_up)
    assert (result.max_horizontal_ft, result.max_vertical_ft) == (across, up)


@pytest.mark.parametrize(
    ("rules", "kw", "dc"),
    [
        (srd, {"distance_ft": 12, "run_up_ft": 20}, 12),
        (srd, {"distance_ft": 12, "run_up_ft": 0}, 24),
        (srd, {"height_ft": 3, "run_up_ft": 20}, 12),
        (epic, {"height_ft": 3, "run_up_ft": 0}, 24),
        (epic, {"distance_ft": 12, "run_up_ft": 10}, 12),
    ],
)
def test_skill_jump_dc_for_an_asked_jump(rules, kw, dc):
    assert rules(**kw).dc == dc


@pytest.mark.parametrize(
    ("rules", "speed", "modifier"),
    [
        (srd, 20, -6),
        (srd, 30, 0),
        (srd, 40, 4),
        (srd, 60, 12),
        (epic, 20, -4),
        (epic, 10, -8),
        (epic, 50, 8),
    ],
)
def test_skill_jump_speed_modifier(rules, speed, modifier):
    """3.5 SRD Jump: −6 per 10 ft below 30, +4 per 10 ft above; Pathfinder: ±4."""
    result = rules(check=20, speed_ft=speed)
    assert result.extra["speed_modifier"] == modifier
    assert result.max_horizontal_ft == 20 + modifier


def test_3_5_near_miss_offers_the_reflex_save_to_grab_the_edge():
    result = srd(check=10, distance_ft=13)
    assert result.clears is False
    assert any("Reflex" in n.text for n in result.notes)


def test_skill_jump_needs_a_check_or_a_question():
    with pytest.raises(InvalidInput, match="check"):
        srd()


def test_skill_jump_cites_its_borrowed_source():
    assert "borrowed" in srd(check=10).source.cite()
    assert "Acrobatics" in epic(check=10).source.cite()


@given(
    st.one_of(st.none(), st.integers(-50, 200)),
    st.one_of(st.none(), st.integers(0, 100)),
    st.one_of(st.none(), st.integers(0, 200)),
    st.one_of(st.none(), st.integers(1, 500)),
    st.sampled_from(["medium", "large", "tiny", "small", "huge"]),
)
def test_jump_never_raises_anything_but_a_ruling_error(check, run_up, speed, distance, size):
    for rules in (five, srd, epic):
        try:
            result = rules(
                check=check, run_up_ft=run_up, speed_ft=speed, distance_ft=distance, size=size
            )
        except RulingError:
            continue
        for value in (result.max_horizontal_ft, result.max_vertical_ft):
            assert value is None or value >= 0
