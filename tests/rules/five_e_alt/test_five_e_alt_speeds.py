"""5e-alt speed conversion: seed 000_9613c147f2b39ce7.txt › Updating A Creature's Movement."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.rules.five_e_alt.speed_line import MOVES, parse_speed_line
from bot.rules.five_e_alt.speeds import SpeedModifier, convert, convert_line, modifier_for

DRAGON_LINE = "40 ft., burrow 20 ft., fly 80 ft., swim 40 ft."
DRAGON = {"walk": 40, "burrow": 20, "fly": 80, "swim": 40}
ALL_COMMON = {"climb", "drop-prone", "fall", "jump", "stand-up", "swim", "walk"}


# ------------------------------------------------- Example: Young White Dragon


def test_000_updating_movement_young_white_dragon_parses_its_speed_line():
    """000 › Example: Young White Dragon: 'a Speed of 40 feet, a Burrow Speed of 20 feet,
    a Fly Speed of 80 feet, and a Swim Speed of 40 feet'."""
    assert parse_speed_line(DRAGON_LINE) == (DRAGON, False)


def test_000_updating_movement_young_white_dragon():
    """000 › Example: Young White Dragon, Steps 1-3, exactly as the seed works it.

    The example's Step 2 gives the dragon the Climb trait ('Slopes of 45 degrees or
    more are not Difficult Terrain for the creature') though its stat block lists no
    climb speed, while the Step 2 rule gives that trait for a climb speed. We follow
    the rule by default and the example for this creature: Step 2 grants the traits
    for 'additional Speeds or special traits', so the example is reproduced with
    ``climb_trait=True`` (see the next test for the stat line alone).
    """
    dragon = convert(DRAGON, climb_trait=True)
    # Step 1: 'Its highest Speed is its Fly Speed of 80 feet.'
    assert dragon.speed_ft == 80
    # Step 2: Climb, Drop Prone, Fall, Jump, Stand Up, Swim, Walk, plus Burrow and Fly.
    assert dragon.moves == ALL_COMMON | {"burrow", "fly"}
    assert dragon.burrow_unhindered is False  # 20 is half its walking 40 or less
    assert dragon.climb_unhindered is True  # the example's Climb trait
    assert dragon.swim_unhindered is True
    assert dragon.hover is False  # 'It cannot Hover'
    # Step 3: Half Speed to Burrow, Climb, Swim or Walk; Fly unmodified.
    assert dict(dragon.modifiers) == {
        "walk": SpeedModifier.HALF,
        "burrow": SpeedModifier.HALF,
        "climb": SpeedModifier.HALF,
        "fly": SpeedModifier.NONE,
        "swim": SpeedModifier.HALF,
    }
    assert dict(dragon.speeds_ft) == DRAGON
    assert len(dragon.steps) == 3
    assert dragon.steps[0].startswith("Step 1")
    assert "Speed is 80 ft." in dragon.steps[0]
    assert "Burrow 20/80, ×2 for Difficult Terrain = 1/2 → Half Speed" in dragon.steps[2]


def test_000_updating_movement_young_white_dragon_stat_line_alone_follows_step_2():
    """000 › Step 2 › Climb: the trait comes with a climb speed; the dragon lists none, so
    from its stat line alone slopes stay Difficult Terrain. Everything else matches."""
    dragon = convert_line(DRAGON_LINE)
    example = convert(DRAGON, climb_trait=True)
    assert dragon.climb_unhindered is False
    assert replace(dragon, climb_unhindered=True, steps=example.steps) == example
    assert dragon.speed_ft == 80
    assert dragon.modifiers["climb"] is SpeedModifier.HALF
    assert "Climb: no climb speed" in dragon.steps[1]


# --------------------------------------------------------------- Step 1, 2, 3


def test_000_updating_movement_step_1_speed_is_the_highest_speed():
    """000 › Step 1: Set Speed: 'choose the highest of its Speeds'."""
    assert convert({"walk": 30, "climb": 40}).speed_ft == 40
    assert convert({"walk": 60, "swim": 20}).speed_ft == 60


def test_000_updating_movement_one_speed_is_speed_30_and_no_modifiers():
    """000 › Steps 1-3: a creature with just 30 ft. Moves every common way at Speed 30."""
    creature = convert_line("30 ft.")
    assert creature.speed_ft == 30
    assert creature.moves == ALL_COMMON
    assert dict(creature.modifiers) == {
        "walk": SpeedModifier.NONE,
        "climb": SpeedModifier.NONE,
        "swim": SpeedModifier.NONE,
    }
    assert not creature.climb_unhindered
    assert not creature.swim_unhindered
    assert not creature.burrow_unhindered
    assert not creature.hover


def test_000_updating_movement_step_2_a_speed_of_0_rules_out_the_move():
    """000 › Step 2: 'If a creature's Speed for the corresponding Move is 0, the creature
    can't Move in that way.'"""
    creature = convert({"walk": 30, "climb": 0, "swim": 0})
    assert "climb" not in creature.moves
    assert "swim" not in creature.moves
    assert set(creature.modifiers) == {"walk"}


def test_000_updating_movement_step_2_walk_0_like_the_beholder():
    """000 › Step 2: the Beholder can't Climb, Drop Prone, Jump or Stand Up, nor Walk.
    Reading: a walking speed of 0 with no climb or swim speed rules out all of those and
    Swim; it can still Fall, and Fly with its fly speed."""
    beholder_speeds, hover = parse_speed_line("0 ft., fly 20 ft. (hover)")
    beholder = convert(beholder_speeds, hover=hover)
    assert beholder.speed_ft == 20
    assert beholder.moves == {"fly", "fall"}
    assert beholder.hover is True
    assert dict(beholder.modifiers) == {"fly": SpeedModifier.NONE}
    assert "walking speed of 0" in beholder.steps[1]


def test_000_updating_movement_step_2_walk_0_with_a_swim_speed_swims():
    """000 › Step 2: a shark ('0 ft., swim 40 ft.') can Swim unhindered and Fall, nothing else."""
    shark = convert_line("0 ft., swim 40 ft.")
    assert shark.moves == {"swim", "fall"}
    assert shark.swim_unhindered
    assert dict(shark.modifiers) == {"swim": SpeedModifier.NONE}


def test_000_updating_movement_step_2_burrow_more_than_half_walking_is_unhindered():
    """000 › Step 2 › Burrow: 'If the creature's Burrow Speed is more than half its Speed when
    Walking, the material ... is not Difficult Terrain for it.'"""
    assert convert({"walk": 40, "burrow": 21}).burrow_unhindered is True
    assert convert({"walk": 40, "burrow": 20}).burrow_unhindered is False
    assert convert({"walk": 0, "burrow": 10}).burrow_unhindered is True
    assert convert({"walk": 30}).burrow_unhindered is False


def test_000_updating_movement_step_2_climb_and_swim_speeds_give_the_traits():
    """000 › Step 2 › Climb, Swim: slopes / liquid are not Difficult Terrain for them."""
    spider = convert_line("30 ft., climb 30 ft.")
    assert spider.climb_unhindered and not spider.swim_unhindered
    frog = convert_line("20 ft., swim 20 ft.")
    assert frog.swim_unhindered and not frog.climb_unhindered


def test_000_updating_movement_step_2_fly_and_hover():
    """000 › Step 2 › Fly: 'The creature can Fly. If the creature can Hover, it gains the
    Hover trait.'"""
    assert "fly" in convert({"walk": 30, "fly": 60}).moves
    assert convert({"walk": 30, "fly": 60}, hover=True).hover is True
    assert "fly" not in convert({"walk": 30}).moves
    assert "burrow" not in convert({"walk": 30, "burrow": 0}).moves
    with pytest.raises(InvalidInput, match="hover"):
        convert({"walk": 30}, hover=True)


def test_000_updating_movement_step_3_climb_and_swim_follow_walking():
    """000 › Step 3: 'If a creature has no listed Climb or Swim Speed, its Speed modifier trait
    when Moving in that way is the same as its Speed modifier trait when Walking.'"""
    bat = convert({"walk": 5, "fly": 30})  # 1/6: Less Than One-Third
    assert bat.modifiers["walk"] is SpeedModifier.LESS_THAN_ONE_THIRD
    assert bat.modifiers["climb"] is SpeedModifier.LESS_THAN_ONE_THIRD
    assert bat.modifiers["swim"] is SpeedModifier.LESS_THAN_ONE_THIRD
    # A listed speed is compared on its own.
    eagle = convert({"walk": 10, "swim": 60, "fly": 60})
    assert eagle.modifiers["walk"] is SpeedModifier.LESS_THAN_ONE_THIRD
    assert eagle.modifiers["swim"] is SpeedModifier.NONE
    assert eagle.modifiers["climb"] is SpeedModifier.LESS_THAN_ONE_THIRD


@pytest.mark.parametrize(
    ("walk", "expected"),
    [
        (120, SpeedModifier.NONE),
        (90, SpeedModifier.NONE),  # 3/4
        (89, SpeedModifier.HALF),
        (60, SpeedModifier.HALF),
        (50, SpeedModifier.HALF),  # 5/12
        (49, SpeedModifier.ONE_THIRD),
        (40, SpeedModifier.ONE_THIRD),
        (30, SpeedModifier.ONE_THIRD),  # 1/4
        (29, SpeedModifier.LESS_THAN_ONE_THIRD),
        (5, SpeedModifier.LESS_THAN_ONE_THIRD),
    ],
)
def test_000_updating_movement_step_3_cut_points(walk, expected):
    """000 › Step 3: 'choose the most appropriate trait ..., approximating as necessary':
    cut at 3/4, 5/12 and 1/4 of Speed (midway between the options)."""
    assert convert({"walk": walk, "fly": 120}).modifiers["walk"] is expected


def test_000_updating_movement_step_3_modifier_for_exact_ratios():
    """000 › Step 3: the options themselves map to themselves."""
    assert modifier_for(Fraction(1)) is SpeedModifier.NONE
    assert modifier_for(Fraction(1, 2)) is SpeedModifier.HALF
    assert modifier_for(Fraction(1, 3)) is SpeedModifier.ONE_THIRD
    assert modifier_for(Fraction(1, 6)) is SpeedModifier.LESS_THAN_ONE_THIRD


def test_000_updating_movement_step_3_hindered_burrow_counts_difficult_terrain():
    """000 › Step 3: 'factoring in Difficult Terrain when Moving in that way': a hindered
    burrow's ratio is doubled; an unhindered one is compared as it is."""
    assert convert({"walk": 40, "burrow": 20}).modifiers["burrow"] is SpeedModifier.NONE
    assert convert({"walk": 40, "burrow": 10}).modifiers["burrow"] is SpeedModifier.HALF
    assert convert({"walk": 40, "burrow": 30}).modifiers["burrow"] is SpeedModifier.NONE
    assert convert({"walk": 20, "burrow": 15, "fly": 60}).modifiers["burrow"] is (
        SpeedModifier.ONE_THIRD  # unhindered: 15/60 = 1/4
    )


def test_000_updating_movement_step_3_cost_multipliers():
    """000 › Step 3: Half Speed spends 1 additional foot per foot, One-Third 2 additional;
    Less Than One-Third spends all Movement (minimum 5 ft.) per 5 ft."""
    assert SpeedModifier.NONE.cost_multiplier == 1
    assert SpeedModifier.HALF.cost_multiplier == 2
    assert SpeedModifier.ONE_THIRD.cost_multiplier == 3
    assert SpeedModifier.LESS_THAN_ONE_THIRD.cost_multiplier is None
    assert SpeedModifier.HALF == "half"
    assert SpeedModifier.HALF.label == "Half Speed"


def test_000_updating_movement_no_speed_above_0_only_falls():
    """000 › Step 2: every Speed 0: Speed 0, it can only Fall."""
    rock = convert({"walk": 0})
    assert rock.speed_ft == 0
    assert rock.moves == {"fall"}
    assert dict(rock.modifiers) == {}
    assert convert({}).speed_ft == 0


# ------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("line", "speeds", "hover"),
    [
        ("30", {"walk": 30}, False),
        ("30 ft", {"walk": 30}, False),
        ("30ft.", {"walk": 30}, False),
        ("30 feet", {"walk": 30}, False),
        ("walk 30, fly 60", {"walk": 30, "fly": 60}, False),
        ("30', climb 30'", {"walk": 30, "climb": 30}, False),
        ("Speed 40 ft., fly 80 ft.", {"walk": 40, "fly": 80}, False),
        ("speed: 40 ft.; fly 80 ft.", {"walk": 40, "fly": 80}, False),
        ("SPEED 40 FT., FLY 80 FT. (HOVER)", {"walk": 40, "fly": 80}, True),
        (
            "40 ft., burrow 20 ft., fly 80 ft. (hover), swim 40 ft.",
            {"walk": 40, "burrow": 20, "fly": 80, "swim": 40},
            True,
        ),
        ("fly 30 ft. (hover)", {"walk": 0, "fly": 30}, True),
        ("0 ft., fly 20 ft. (hover)", {"walk": 0, "fly": 20}, True),
        ("flying 60, swimming 30, 20", {"walk": 20, "fly": 60, "swim": 30}, False),
        ("30 ft., fly 60 ft.,", {"walk": 30, "fly": 60}, False),
    ],
)
def test_000_updating_movement_parses_stat_block_speed_lines(line, speeds, hover):
    """000 › Updating A Creature's Movement starts from a stat block's speeds."""
    assert parse_speed_line(line) == (speeds, hover)


@pytest.mark.parametrize(
    ("line", "quoted", "said"),
    [
        ("flyy 30", "flyy 30", 'Did you mean "fly"'),
        ("jump 10", "jump 10", 'unknown move "jump"'),
        ("fly -30 ft.", "fly -30 ft.", "negative"),
        ("fly 20000 ft.", "fly 20000 ft.", "10000"),
        ("fly 99999999999999999999999999999 ft.", "fly 99999999999999999999999999999 ft.", "10000"),
        ("30 ft., 40 ft.", "40 ft.", "walk speed again"),
        ("walk 30, 40 ft.", "40 ft.", "walk speed again"),
        ("fly 30; flying 40", "flying 40", "fly speed again"),
        ("40 ft. (hover)", "40 ft. (hover)", "(hover) goes after the fly speed"),
        ("fly", "fly", "is not a speed"),
        ("fast", "fast", "is not a speed"),
        ("", "", "gives no speed"),
        ("Speed", "Speed", "gives no speed"),
        (" , ; ", ", ;", "gives no speed"),
    ],
)
def test_000_updating_movement_bad_speed_lines_say_what_is_accepted(line, quoted, said):
    """Bad input is InvalidInput quoting the input and showing the accepted form."""
    with pytest.raises(InvalidInput) as caught:
        parse_speed_line(line)
    message = caught.value.message
    assert f'"{quoted}"' in message
    assert said in message
    assert message.endswith(
        "Write it as a stat block does: 40 ft., fly 80 ft. (hover), swim 40 ft."
    )


@pytest.mark.parametrize(
    "speeds",
    [{"run": 30}, {"walk": -5}, {"walk": 10_001}, {"walk": True}, {"walk": 3.5}],
)
def test_000_updating_movement_convert_rejects_bad_speeds(speeds):
    """convert takes moves in MOVES and whole feet from 0 to 10000."""
    with pytest.raises(InvalidInput):
        convert(speeds)


# ---------------------------------------------------------------- properties


@given(
    st.dictionaries(st.sampled_from(MOVES), st.integers(0, 10_000), min_size=1).filter(
        lambda d: any(v > 0 for v in d.values())
    ),
    st.booleans(),
)
def test_000_updating_movement_convert_never_fails_and_speed_is_the_highest(speeds, climb_trait):
    """000 › Step 1 for any speeds; every Move with a modifier is one it can make."""
    result = convert(speeds, climb_trait=climb_trait)
    assert result.speed_ft == max(speeds.values())
    assert set(result.modifiers) <= result.moves
    assert "fall" in result.moves
    fastest = [m for m, v in speeds.items() if v == result.speed_ft and m != "burrow"]
    assert all(result.modifiers[m] is SpeedModifier.NONE for m in fastest)
    assert len(result.steps) == 3


@given(st.text())
def test_000_updating_movement_parse_returns_or_raises_invalid_input(text):
    """Any text: a parsed line or InvalidInput, never another error."""
    try:
        speeds, hover = parse_speed_line(text)
    except InvalidInput:
        return
    assert set(speeds) <= set(MOVES)
    assert "walk" in speeds
    assert all(0 <= v <= 10_000 for v in speeds.values())
    assert isinstance(hover, bool)


@given(
    st.lists(
        st.sampled_from(
            ["30", "30 ft.", "fly 60 ft. (hover)", "swim 40", "climb 20'", "burrow 5 ft", "x", ""]
        ),
        max_size=5,
    ).map(", ".join)
)
def test_000_updating_movement_parse_stat_like_lines_returns_or_raises_invalid_input(text):
    """Lines made of real pieces: a parsed line or InvalidInput, never another error."""
    try:
        speeds, _ = parse_speed_line(text)
    except InvalidInput:
        return
    convert(speeds)
