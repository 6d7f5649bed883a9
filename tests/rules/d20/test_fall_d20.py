"""Falling in 3.5 (3.5 SRD, borrowed) and epic-path (seed 004_15d51e0af34ca221.txt)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.rules.dnd35.ruleset import Dnd35
from bot.rules.epic_path.ruleset import EpicPath
from bot.rules.rulings import FallRequest

EPIC = EpicPath()
SRD = Dnd35()


def epic(**kw: object):
    return EPIC.calculators.fall(FallRequest(**kw), random.Random(3))  # type: ignore[arg-type]


def srd(**kw: object):
    return SRD.calculators.fall(FallRequest(**kw), random.Random(3))  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [epic, srd])
def test_seed004_falling_worked_example_30ft(rules):
    """004 › Falling: slips from 30 ft: 3d6; deliberately jumps: 1d6 nonlethal + 2d6;
    leaps down with a successful DC 15 check: 1d6 nonlethal + 1d6 (same in the 3.5 SRD)."""
    slip = rules(height_ft=30)
    assert (slip.lethal.expression, slip.nonlethal.expression) == ("3d6", "0")
    jump = rules(height_ft=30, intentional=True)
    assert (jump.lethal.expression, jump.nonlethal.expression) == ("2d6", "1d6")
    leap = rules(height_ft=30, intentional=True, check=15)
    assert (leap.lethal.expression, leap.nonlethal.expression) == ("1d6", "1d6")
    failed = rules(height_ft=30, intentional=True, check=14)
    assert (failed.lethal.expression, failed.nonlethal.expression) == ("2d6", "1d6")


@pytest.mark.parametrize("rules", [epic, srd])
@pytest.mark.parametrize(("height", "dice"), [(5, 0), (10, 1), (60, 6), (200, 20), (400, 20)])
def test_seed004_falling_1d6_per_10ft_max_20d6(rules, height, dice):
    """004 › Falling: 1d6 per 10 ft; "a maximum of 20d6 is recommended" (3.5 SRD: 20d6)."""
    result = rules(height_ft=height)
    assert result.lethal.count == dice
    assert result.damage == sum(result.lethal.faces)


@pytest.mark.parametrize(("surface", "per_die"), [("jagged", 2), ("stone", 1), ("soft", -1)])
def test_seed004_falling_surface_modifies_each_die(surface, per_die):
    """004 › Falling: obsidian shards +2 per die, stone +1, soft loam -1."""
    result = epic(height_ft=60, surface=surface)
    dice = [*result.lethal.faces, *result.nonlethal.faces]
    assert len(dice) == 6
    assert result.damage + result.nonlethal_damage == sum(max(0, f + per_die) for f in dice)


def test_seed004_yielding_surface_makes_first_die_nonlethal_cumulatively():
    """004 › Falling: yielding surfaces convert the first 1d6 to nonlethal, cumulative
    with the deliberate jump and the Acrobatics check."""
    soft = epic(height_ft=30, surface="soft")
    assert (soft.lethal.count, soft.nonlethal.count) == (2, 1)
    both = epic(height_ft=30, surface="soft", intentional=True)
    assert (both.lethal.count, both.nonlethal.count) == (1, 2)
    all_three = epic(height_ft=30, surface="soft", intentional=True, check=20)
    assert (all_three.lethal.count, all_three.nonlethal.count) == (0, 2)


def test_seed004_lethal_fall_damage_lands_prone():
    """004 › Falling: "Creatures that take lethal damage from a fall land in a prone position"."""
    assert epic(height_ft=30).prone is True
    assert epic(height_ft=5).prone is False
    assert srd(height_ft=30).prone is None  # the SRD text says nothing of it


def test_3_5_srd_has_no_surface_modifiers():
    result = srd(height_ft=60, surface="jagged")
    assert result.lethal.per_die == 0
    assert any("no surface" in n.text for n in result.notes)


@pytest.mark.parametrize("rules", [epic, srd])
@pytest.mark.parametrize(
    ("height", "nonlethal_d3", "lethal_d6"),
    [(10, 0, 0), (20, 0, 0), (30, 1, 0), (40, 2, 0), (50, 2, 1), (100, 2, 6)],
)
def test_seed004_falling_into_water_bands(rules, height, nonlethal_d3, lethal_d6):
    """004 › Falling into Water: first 20 ft nothing, next 20 ft 1d3 nonlethal per 10 ft,
    beyond that 1d6 lethal per 10 ft (water at least 10 ft deep)."""
    result = rules(height_ft=height, into="water", water_depth_ft=15)
    assert result.nonlethal.count == nonlethal_d3
    assert result.nonlethal.sides == 3
    assert result.lethal.count == lethal_d6


def test_seed004_shallow_water_is_a_fall_onto_the_ground():
    """004 › Falling into Water applies only to water at least 10 ft deep."""
    assert epic(height_ft=50, into="water", water_depth_ft=5).lethal.count == 5


@pytest.mark.parametrize(("height", "dc"), [(30, 15), (49, 15), (50, 20), (100, 25), (160, 30)])
def test_seed004_diving_dc_rises_5_per_50ft(height, dc):
    """004 › Falling into Water: DC 15 Swim or Acrobatics, +5 per 50 ft of the dive."""
    assert epic(height_ft=height, into="water", intentional=True).dcs["dive_dc"] == dc


def test_seed004_successful_dive_takes_no_damage_if_deep_enough():
    """004 › Falling into Water: no damage on a successful check, water at least 10 ft deep
    for every 30 ft fallen."""
    deep = epic(height_ft=60, into="water", water_depth_ft=20, intentional=True, check=20)
    assert (deep.damage, deep.nonlethal_damage) == (0, 0)
    shallow = epic(height_ft=60, into="water", water_depth_ft=10, intentional=True, check=20)
    assert shallow.damage + shallow.nonlethal_damage == (
        shallow.lethal.total + shallow.nonlethal.total
    )


@pytest.mark.parametrize(
    ("size", "dice"),
    [
        ("tiny", 1),
        ("small", 2),
        ("medium", 3),
        ("large", 4),
        ("huge", 6),
        ("gargantuan", 8),
        ("colossal", 10),
        ("titanic", 15),
    ],
)
def test_seed004_falling_objects_table(size, dice):
    """004 › Falling Objects › Table: Damage from Falling Objects."""
    result = epic(height_ft=60, object_size=size)
    assert result.lethal.expression == f"{dice}d6"
    assert result.damage == sum(result.lethal.faces)
    assert result.dcs["reflex_dc"] == 15


def test_seed004_falling_objects_half_under_30ft_double_over_150ft():
    """004 › Falling Objects: under 30 ft half the listed damage; over 150 ft double."""
    short = epic(height_ft=20, object_size="huge")
    assert short.damage == sum(short.lethal.faces) // 2
    long = epic(height_ft=200, object_size="huge")
    assert long.damage == sum(long.lethal.faces) * 2
    light = epic(height_ft=60, object_size="huge", object_light=True)
    assert light.damage == sum(light.lethal.faces) // 2


def test_seed004_falling_object_reflex_save_halves():
    """004 › Falling Objects: a DC 15 Reflex save halves the damage if aware."""
    saved = epic(height_ft=60, object_size="medium", save=15)
    assert saved.damage == sum(saved.lethal.faces) // 2


def test_seed004_collision_worked_example_haste_80ft_is_8d6():
    """004 › Collisions: base speed 50 hasted to 80 ft: 8d6."""
    result = epic(collision_speed_ft=80, height_ft=0)
    assert result.lethal.expression == "8d6"


def test_3_5_has_no_falling_objects_or_collisions():
    with pytest.raises(InvalidInput, match="epic-path"):
        srd(height_ft=60, object_size="huge")
    with pytest.raises(InvalidInput, match="epic-path"):
        srd(collision_speed_ft=60, height_ft=0)


@given(st.integers(0, 3000), st.integers(0, 3000))
def test_more_height_never_means_fewer_dice(a, b):
    low, high = sorted((a, b))
    for rules in (epic, srd):
        lo, hi = rules(height_ft=low), rules(height_ft=high)
        assert lo.lethal.count + lo.nonlethal.count <= hi.lethal.count + hi.nonlethal.count


@given(
    st.integers(0, 3000),
    st.sampled_from(["ground", "water", "creature"]),
    st.booleans(),
    st.one_of(st.none(), st.integers(-10, 60)),
    st.sampled_from(["normal", "soft", "stone", "jagged"]),
)
def test_damage_is_never_negative(height, into, intentional, check, surface):
    result = epic(
        height_ft=height, into=into, intentional=intentional, check=check, surface=surface
    )
    assert result.damage >= 0 and result.nonlethal_damage >= 0
    assert result.lethal.count + result.nonlethal.count <= 20
