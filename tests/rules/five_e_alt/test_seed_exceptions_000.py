"""5e-alt (seed 000): the exceptions the seed states to its own general rules.

Each test names the section it reads. A jump during /move goes through the rules a
step goes through; conditions are events as well as flags; a speed of 0 means the
Move is impossible; a teleport uses no Movement.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.encounter import Condition, Encounter
from bot.encounter_ops.access import Actor
from bot.encounter_ops.conditions import condition_token
from bot.encounter_ops.token_options import TokenOptions
from bot.encounter_ops.tokens import add_token, edit_token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules.engine.moves import MoveRequest
from bot.rules.rulings import FallRequest
from tests.rules.grid_kit import GridKit, path, pc, step_costs

KIT = GridKit("5e-alt")
GM = Actor("dm", manages_channel=True)


def pit_lane(*tokens: object, width: int = 8, pit: str = "C1") -> Encounter:
    return KIT.encounter(width, 1, *tokens, pit=pit)  # type: ignore[arg-type]


# ------------------------------------------------------------------ jumping


def test_000_prone_limited_movement_a_prone_creature_cannot_jump() -> None:
    """000 Conditions › Prone: "You can't Climb, Drop Prone, Fly, or Jump"."""
    e = pit_lane(pc("Ari", "A1", conditions=frozenset({"prone"})))
    refusal = KIT.refused(e, "Ari", "D1", jump="D1")
    assert "prone" in refusal and "can't Jump" in refusal
    # standing up first (half its Speed) leaves 15 ft: enough for the 15 ft jump
    result = KIT.move(e, "Ari", "D1", jump="D1", action="stand")
    assert path(result) == "A1 B1 D1"


def test_000_slowed_a_slowed_jump_costs_twice_the_movement() -> None:
    """000 Conditions › Slowed: "you must spend twice as much Movement to Move", and a
    Jump is a Move (000 Jump: "You can only Jump as far as your Movement allows")."""
    e = pit_lane(pc("Ari", "A1", conditions=frozenset({"slowed"})))
    result = KIT.move(e, "Ari", "D1", jump="D1")
    assert step_costs(result) == [30]
    assert "Slowed ×2" in result.steps[-1].why
    # 20 ft of Movement can't pay a 15 ft jump at double cost
    e = pit_lane(pc("Ari", "A1", speed_ft=20, conditions=frozenset({"slowed"})))
    with pytest.raises(IllegalMove):
        KIT.move(e, "Ari", "D1", jump="D1")


def test_000_difficult_terrain_a_jump_out_of_or_into_it_costs_twice() -> None:
    """000 Difficult Terrain: "you are Slowed while you Move in or out of the space, as
    well as while you are occupying the space", and Slowed doubles a Jump as any Move:
    taking off from rubble or landing in it costs twice; the pit jumped over doesn't."""
    plain = KIT.move(pit_lane(pc("Ari", "B1")), "Ari", "D1", jump="D1")
    assert step_costs(plain) == [10]
    takeoff = KIT.move(
        KIT.encounter(8, 1, pc("Ari", "B1"), pit="C1", difficult="B1"), "Ari", "D1", jump="D1"
    )
    assert step_costs(takeoff) == [20]
    assert "taking off from difficult at B1" in takeoff.steps[-1].why
    landing = KIT.move(
        KIT.encounter(8, 1, pc("Ari", "B1"), pit="C1", difficult="D1"), "Ari", "D1", jump="D1"
    )
    assert step_costs(landing) == [20]
    assert "landing in difficult at D1" in landing.steps[-1].why
    # Slowed doesn't stack: a slowed creature jumping out of rubble pays ×2 once
    slowed = pc("Ari", "B1", conditions=frozenset({"slowed"}))
    once = KIT.move(
        KIT.encounter(8, 1, slowed, pit="C1", difficult="B1 D1"), "Ari", "D1", jump="D1"
    )
    assert step_costs(once) == [20]


def test_000_units_extended_jumps_on_a_units_map() -> None:
    """000 Optional Rule: Units of Distance › Extended Jumps: a check of 12 reaches
    2 Units up (one-tenth, rounded up) and 4 Units (20 ft) across, where in feet it
    would reach 12 ft."""
    e = KIT.encounter(8, 1, pc("Ari", "A1"), pit="C1 D1 E1")
    assert "at most 12 ft" in KIT.refused(e, "Ari", "F1", jump="F1", check=12)
    e = replace(e, options={"units": True})
    result = KIT.move(e, "Ari", "F1", jump="F1", check=12)
    assert path(result) == "A1 B1 F1"


def test_000_size_and_jumping_a_large_creature_takes_off_from_solid_ground() -> None:
    """000 Size and Jumping: a Large creature clears 20 ft without a check; a 25 ft pit
    needs the check. It may not take off half over the pit (squeezed) and so be
    credited with a shorter jump than the gap."""
    e = KIT.encounter(
        14, 2, pc("Big", "A1", size=Size.LARGE, speed_ft=60), pit="E1 E2 F1 F2 G1 G2 H1 H2 I1 I2"
    )
    refusal = KIT.refused(e, "Big", "J1", jump="J1")
    assert "at most 20 ft" in refusal and "clears 25 ft" in refusal and "13+" in refusal
    result = KIT.move(e, "Big", "J1", jump="J1", check=13)
    assert path(result) == "A1 B1 C1 J1"


def test_000_jump_a_zero_foot_jump_is_refused_plainly() -> None:
    """000 Jump: a jump clears a distance; landing on the square next to the take-off
    clears nothing, and the bot says so instead of asking for a check or walking round."""
    e = KIT.encounter(6, 3, pc("Ari", "A2"))
    refusal = KIT.refused(e, "Ari", "B2", jump="B2")
    assert "nothing to jump over" in refusal and "0 ft jump" in refusal
    assert "DC" not in refusal


def test_000_extending_your_jump_a_low_check_says_what_it_would_need() -> None:
    """000 Extending Your Jump: the reply says the jump is too long for the check and
    what total would do, rather than routing round the pit."""
    e = KIT.encounter(10, 1, pc("Ari", "A1", speed_ft=40), pit="C1 D1 E1")
    refusal = KIT.refused(e, "Ari", "F1", jump="F1", check=12)
    assert "at most 12 ft with a check of 12" in refusal
    assert "clears 15 ft, which needs a check of 15+" in refusal
    # where it can go round to a shorter jump, it does, and says why
    e = KIT.encounter(10, 3, pc("Ari", "A2"), pit="C2 D2 E2")
    result = KIT.move(e, "Ari", "F2", jump="F2", check=12)
    said = " ".join(w.text for w in result.warnings)
    assert "With a check of 12 it clears at most 12 ft" in said
    assert "15 ft jump (that needs a check of 15+)" in said


# ------------------------------------------------------------------ conditions


def test_000_losing_movement_immobilized_loses_the_rest_for_good() -> None:
    """000 Moving On Your Turn › Losing Movement: "You also lose all your Movement if you
    are Immobilized"; ending the condition later doesn't give it back."""
    e = KIT.encounter(10, 1, pc("Ari", "A1"))
    e = KIT.move(e, "Ari", "C1").encounter  # 10 ft of 30 spent
    grabbed = condition_token(e, KIT.rules, GM, "Ari", "grappled", None)
    assert grabbed.token.activity.left_ft == 0
    assert any(n.label == "Movement lost" for n in grabbed.notes)
    freed = condition_token(grabbed.encounter, KIT.rules, GM, "Ari", None, "grappled")
    assert freed.token.activity.left_ft == 0
    with pytest.raises(IllegalMove, match="no movement left"):
        KIT.move(freed.encounter, "Ari", "D1")
    # Dashing still gains Movement as normal
    assert (
        KIT.move(freed.encounter, "Ari", "D1", action="dash").token.cell
        == KIT.move(e, "Ari", "D1").token.cell
    )


def test_000_falling_unconscious_drops_prone_and_stays_prone() -> None:
    """000 Conditions › Unconscious › Falling Unconscious: it Drops Prone immediately
    before, so it is still Prone when it wakes."""
    e = KIT.encounter(6, 1, pc("Ari", "A1"))
    out = condition_token(e, KIT.rules, GM, "Ari", "unconscious", None)
    assert Condition.PRONE.value in out.token.conditions
    awake = condition_token(out.encounter, KIT.rules, GM, "Ari", None, "unconscious")
    assert awake.token.has(Condition.PRONE)


def test_000_petrified_does_not_fall_unconscious_prone() -> None:
    """000 Conditions › Petrified: Unconscious, "though don't suffer the effects of
    Falling Unconscious": no Prone left behind when it ends."""
    e = KIT.encounter(6, 1, pc("Ari", "A1"))
    stone = condition_token(e, KIT.rules, GM, "Ari", "petrified", None)
    assert Condition.PRONE.value not in stone.token.conditions
    flesh = condition_token(stone.encounter, KIT.rules, GM, "Ari", None, "petrified")
    assert not flesh.token.has(Condition.PRONE)


def test_000_petrified_is_unconscious_but_not_prone_while_it_lasts() -> None:
    """000 Conditions › Petrified: "You are Unconscious, though don't suffer the effects
    of Falling Unconscious": while petrified it counts as Unconscious (and so Paralyzed,
    Immobilized) but a statue is not lying down; a token already prone stays prone."""
    e = KIT.encounter(6, 1, pc("Ari", "A1"))
    stone = condition_token(e, KIT.rules, GM, "Ari", "petrified", None).token
    assert stone.has(Condition.UNCONSCIOUS) and stone.has(Condition.IMMOBILIZED)
    assert not stone.has(Condition.PRONE)
    knocked_out = condition_token(e, KIT.rules, GM, "Ari", "unconscious", None).token
    assert knocked_out.has(Condition.PRONE)
    lying = replace(pc("Ari", "A1"), conditions=frozenset({"prone", "petrified"}))
    assert lying.has(Condition.PRONE)


# ------------------------------------------------------------------ speeds of 0


def test_000_step_2_a_swim_speed_of_0_cannot_swim() -> None:
    """000 Updating A Creature's Movement › Step 2: "If a creature's Speed for the
    corresponding Move is 0, the creature can't Move in that way"."""
    e = KIT.encounter(8, 1, pc("Ari", "A1", speeds_ft={"swim": 0}), water="C1")
    assert "its swim speed is 0" in KIT.refused(e, "Ari", "D1")
    e = KIT.encounter(8, 1, pc("Ari", "A1"), water="C1")
    assert KIT.move(e, "Ari", "D1").token.cell == Cell.parse("D1")


def test_000_walk_a_climb_speed_of_0_cannot_take_a_slope() -> None:
    """000 Walk: nobody Walks a slope of 45 degrees or more; it is Climbed, and a
    climb speed of 0 can't (Step 2)."""
    e = KIT.encounter(8, 1, pc("Ari", "A1", speeds_ft={"climb": 0}), slope="C1")
    refusal = KIT.refused(e, "Ari", "D1")
    assert "its climb speed is 0" in refusal and "Alternate Movement › Walk" in refusal


def test_000_step_2_swim_0_is_kept_on_the_token() -> None:
    """/token add swim:0 under 5e-alt keeps the 0 (it can't Swim), where elsewhere a
    speed of 0 just removes the mode."""
    e = KIT.encounter(8, 1)
    added = add_token(e, KIT.rules, GM, "Fish", TokenOptions(swim=0))
    assert added.token.speeds_ft == {"swim": 0}
    kit35 = GridKit("3.5")
    e = kit35.encounter(8, 1)
    assert add_token(e, kit35.rules, GM, "Fish", TokenOptions(swim=0)).token.speeds_ft == {}


def test_000_step_2_an_edited_speed_is_explained_from_the_whole_token() -> None:
    """000 Updating A Creature's Movement › Step 2: after /token edit climb:0 on a token
    stored with swim:0, the explanation is for both 0s (it can neither Climb nor Swim),
    not for the edited option alone."""
    e = KIT.encounter(8, 1)
    added = add_token(e, KIT.rules, GM, "Ari", TokenOptions(swim=0))
    edited = edit_token(added.encounter, KIT.rules, GM, "Ari", TokenOptions(climb=0))
    assert edited.token.speeds_ft == {"climb": 0, "swim": 0}
    (note,) = [n for n in edited.notes if n.label.startswith("Speed")]
    assert "it can't Climb or Swim" in note.text  # the line a user reads
    assert "it can Drop Prone, Fall, Jump, Stand Up and Walk." in note.detail
    assert "Swim" not in note.detail and "Climb" not in note.detail


# ------------------------------------------------------------------ teleport


def test_000_teleport_is_not_movement_grappled_can_teleport() -> None:
    """000 Teleport: "effects that Teleport you are Spells that don't use your Movement
    or Speed", so Immobilized (Movement and Speed 0) doesn't stop one."""
    for condition in ("grappled", "immobilized", "restrained"):
        e = KIT.encounter(8, 1, pc("Ari", "A1", conditions=frozenset({condition})))
        assert "Immobilized" in KIT.refused(e, "Ari", "D1")
        result = KIT.rules.move(e, MoveRequest("Ari", Cell.parse("D1"), mode="teleport"))
        assert str(result.token.cell) == "D1" and result.cost_ft == 0


# ------------------------------------------------------------------ long falls


def test_000_continuous_falling_a_long_fall_reads_well() -> None:
    """000 Fall › Continuous Falling: 500 ft at once, then 500 ft at the start of each
    of its turns. A 60-mile drop says "316,800 ft" and "its 633rd turn from now", not
    "316800" and "633 turn(s)"; 900 ft lands at the start of its next turn."""
    long = KIT.rules.calculators.fall(FallRequest(height_ft=316800), random.Random(1))
    assert long.headline == "Falls 316,800 ft"
    (note,) = [n.text for n in long.notes if n.label == "Long fall"]
    assert "its 633rd turn from now" in note and "(s)" not in note
    short = KIT.rules.calculators.fall(FallRequest(height_ft=900), random.Random(1))
    assert any("its next turn." in n.text for n in short.notes)
