"""5e-alt falling: seed 000_9613c147f2b39ce7.txt › Fall (and Jump › Jumping Down)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.rules.five_e_alt.ruleset import FiveEAlt
from bot.rules.rulings import FallRequest
from tests.rules.faces import Faces

RULES = FiveEAlt()


def fall(**kw: object) -> object:
    return RULES.calculators.fall(FallRequest(**kw), random.Random(7))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("height", "dice"),
    [(0, "0"), (9, "0"), (10, "1d6"), (19, "1d6"), (60, "6d6"), (200, "20d6"), (250, "20d6")],
)
def test_seed000_fall_damage_count_the_distance_1d6_per_10ft_capped_at_200(height, dice):
    """000 › Fall › Fall Damage: count up to 200 ft; under 10 ft no damage; 1d6 per 10 ft."""
    result = fall(height_ft=height)
    assert result.lethal.expression == dice
    assert result.counted_ft == min(height, 200)
    assert result.damage == sum(result.lethal.faces)


def test_seed000_fall_damage_liquid_halves_the_distance_capped_at_100():
    """000 › Fall › Fall Damage: into liquid, half the distance, at most 100 ft."""
    assert fall(height_ft=60, into="water").lethal.expression == "3d6"
    assert fall(height_ft=300, into="water").counted_ft == 100
    assert fall(height_ft=300, into="water").lethal.expression == "10d6"
    assert fall(height_ft=19, into="water").damage == 0  # 9.5 ft counted


def test_seed000_landing_in_liquid_swims_and_cannot_be_prone():
    """000 › Fall › Continuity of Movement; Prone › Prone Immunity while Swimming."""
    result = fall(height_ft=80, into="water")
    assert result.prone is False
    assert "prone_dc" not in result.dcs


def test_seed000_ux_example_60ft_onto_ground_prone_dc_is_the_damage():
    """000 › Fall › Falling Prone: DC equals 10 or the damage, whichever is higher."""
    result = fall(height_ft=60)
    assert result.lethal.count == 6
    assert result.dcs["prone_dc"] == max(10, result.damage)
    assert result.prone is None  # no check given: the reply states the DC


@pytest.mark.parametrize(("check", "prone"), [(30, False), (5, True)])
def test_seed000_falling_prone_resolved_by_a_given_check(check, prone):
    """000 › Fall › Falling Prone: succeed on Dexterity (Acrobatics) to land on your feet."""
    assert fall(height_ft=40, check=check).prone is prone


def test_seed000_falling_prone_in_difficult_terrain_even_without_damage():
    """000 › Fall › Falling Prone: landing in Difficult Terrain also risks prone (DC 10)."""
    result = fall(height_ft=5, difficult_terrain=True)
    assert result.damage == 0
    assert result.dcs["prone_dc"] == 10
    assert fall(height_ft=5).prone is False


def test_seed000_jumping_down_subtracts_the_vertical_jump_from_the_counted_distance():
    """000 › Jump › Jumping Down."""
    result = fall(height_ft=30, jumped_down_ft=10)
    assert result.counted_ft == 20
    assert result.lethal.expression == "2d6"
    assert fall(height_ft=15, jumped_down_ft=10).damage == 0


def test_seed000_continuous_falling_500ft_per_turn():
    """000 › Fall › Continuous Falling: 500 ft at once, then 500 ft each turn."""
    assert fall(height_ft=1200).extra["fall_turns"] == 3
    assert "fall_turns" not in fall(height_ft=500).extra


def test_seed000_falling_on_something_else_save_dc_and_halving():
    """000 › Fall › Falling on Something Else: DC 10 or half the damage; halves, min 1."""
    result = fall(height_ft=200, into="creature", size="medium", faller_size="medium")
    assert result.dcs["save_dc"] == max(10, result.damage // 2)
    assert result.extra["damage_if_impacted"] == max(1, result.damage // 2)
    assert result.extra["target_damage_if_impacted"] == max(1, result.damage // 2)
    failed = fall(height_ft=200, into="creature", size="medium", faller_size="medium", save=0)
    assert failed.damage == max(1, failed.lethal.total // 2)
    saved = fall(height_ft=200, into="creature", size="medium", faller_size="medium", save=99)
    assert saved.damage == saved.lethal.total


@pytest.mark.parametrize("save", [None, 0, 25])
@pytest.mark.parametrize(("height", "jumped_down"), [(5, 0), (9, 0), (20, 15)])
def test_seed000_falling_on_something_else_under_10ft_has_no_impact(height, jumped_down, save):
    """000 › Fall › Fall Damage: "If the total is less than 10 feet, you take no Damage";
    Falling on Something Else shares and halves "the Damage from the Fall". Ruling: with no
    damage there is no impact to resolve: no save, the creature takes nothing and does not
    drop prone (the /fall height:5 into:creature ... save:0 report said it "takes 0")."""
    result = fall(
        height_ft=height,
        jumped_down_ft=jumped_down,
        into="creature",
        size="medium",
        faller_size="medium",
        save=save,
    )
    assert result.lethal.count == 0 and result.damage == 0
    assert "save_dc" not in result.dcs
    assert result.extra["target_impacted"] is False
    assert result.extra["target_damage"] == 0
    assert "target_damage_if_impacted" not in result.extra
    assert "target_prone_if_impacted" not in result.extra
    text = " ".join(n.text for n in result.notes if n.label == "Landing on a creature")
    assert "no impact to resolve" in text and "no Dexterity save" in text
    assert "takes 0" not in text


@pytest.mark.parametrize(("face", "halved"), [(1, 1), (2, 1), (3, 1), (5, 2), (6, 3)])
def test_seed000_falling_on_something_else_minimum_1_for_both_halves(face, halved):
    """000 › Fall › Falling on Something Else: on a failed save the creature takes half the
    Fall's damage (minimum 1) and the faller's damage is halved (minimum 1): a 10 ft fall
    rolling a 1 still deals 1 to each."""
    request = FallRequest(
        height_ft=10, into="creature", size="medium", faller_size="medium", save=0
    )
    result = RULES.calculators.fall(request, Faces(face))
    assert result.lethal.total == face
    assert result.dcs["save_dc"] == 10
    assert result.extra["target_impacted"] is True
    assert result.extra["target_damage"] == halved
    assert result.damage == halved
    unresolved = RULES.calculators.fall(replace(request, save=None), Faces(face))
    assert unresolved.extra["target_damage_if_impacted"] == halved
    assert unresolved.extra["damage_if_impacted"] == halved
    assert unresolved.damage == face


@pytest.mark.parametrize(
    ("faller", "target", "prone"),
    [("medium", "large", True), ("medium", "huge", False), ("large", "small", True)],
)
def test_seed000_landed_on_creature_drops_prone_only_if_no_more_than_one_size_larger(
    faller, target, prone
):
    """000 › Fall › Falling on Something Else: prone if no more than one Size larger."""
    result = fall(height_ft=50, into="creature", size=target, faller_size=faller)
    assert result.extra["target_prone_if_impacted"] is prone


@pytest.mark.parametrize(("faller", "target"), [("tiny", "medium"), ("medium", "tiny")])
def test_seed000_no_impact_when_either_is_tiny(faller, target):
    """000 › Fall › Falling on Something Else: "neither of you are Tiny"."""
    result = fall(height_ft=50, into="creature", size=target, faller_size=faller)
    assert "save_dc" not in result.dcs
    assert result.damage == result.lethal.total


def test_seed000_has_no_falling_objects_or_collisions():
    with pytest.raises(InvalidInput, match="epic-path"):
        fall(height_ft=50, object_size="huge")
    with pytest.raises(InvalidInput, match="epic-path"):
        fall(collision_speed_ft=50, height_ft=0)


def test_seed000_sizes_outside_the_ruleset_are_refused():
    with pytest.raises(InvalidInput, match="Accepted"):
        fall(height_ft=50, into="creature", size="colossal")


@given(st.integers(0, 5000), st.integers(0, 5000))
def test_more_height_never_means_fewer_dice(low, high):
    """Property: below the cap, falling farther never rolls fewer dice."""
    low, high = sorted((low, high))
    assert fall(height_ft=low).lethal.count <= fall(height_ft=high).lethal.count


@given(st.integers(0, 5000), st.sampled_from(["ground", "water", "creature"]), st.integers(0, 300))
def test_damage_is_never_negative_and_never_above_20d6(height, into, jumped):
    result = fall(height_ft=height, into=into, jumped_down_ft=jumped)
    assert 0 <= result.damage <= 120
    assert result.lethal.count <= 20


def test_seed000_falling_prone_dc_follows_the_halved_damage_when_impacted():
    """000 › Fall › Falling Prone uses the damage you take, which Falling on Something
    Else halves on a failed save: both DCs are given until the save is known."""
    result = fall(height_ft=200, into="creature", size="medium", faller_size="medium")
    assert result.dcs["prone_dc"] == max(10, result.damage)
    assert result.extra["prone_dc_if_impacted"] == max(10, result.extra["damage_if_impacted"])
    failed = fall(height_ft=200, into="creature", size="medium", faller_size="medium", save=0)
    assert failed.dcs["prone_dc"] == max(10, failed.damage)
    assert "prone_dc_if_impacted" not in failed.extra
