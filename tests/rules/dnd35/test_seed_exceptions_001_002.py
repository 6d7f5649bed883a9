"""3.5 (seeds 001, 002): the exceptions the seeds state to their own general rules."""

from __future__ import annotations

import pytest

from bot.encounter import Encounter, Token
from bot.encounter_ops.access import Actor
from bot.encounter_ops.terrain import use_door
from bot.errors import IllegalMove
from bot.grid.coords import Cell, parse_edges
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier
from tests.rules.grid_kit import GridKit, foe, path, pc, step_costs

KIT = GridKit("3.5")
C = Cell.parse


def test_002_move_actions_a_5_foot_step_after_opening_a_door() -> None:
    """002 Move Actions; Open or Close a Door: a move action that isn't movement
    doesn't use up the 5-foot step; only actual movement does."""
    e = KIT.encounter(6, 3, pc("Ari", "B2")).with_barriers(parse_edges("B2/C2", 6, 3), Barrier.DOOR)
    opened, _, _ = use_door(e, KIT.rules, Actor("dm", True), "Ari", "B2/C2", True)
    stepped = KIT.move(opened, "Ari", "C2", action="5ft-step")
    assert path(stepped) == "B2 C2" and stepped.provokes == ()
    # after real movement there is no 5-foot step
    moved = KIT.move(e, "Ari", "B1")
    assert "already moved" in KIT.refused(moved.encounter, "Ari", "A1", action="5ft-step")


def test_001_movement_modes_burrow_no_charge() -> None:
    """001 Movement Modes › Burrow: a burrowing creature can't charge or run."""
    e = KIT.encounter(12, 1, pc("Mole", "A1", speeds_ft={"burrow": 20}), foe("Orc", "H1"))
    assert "burrowing" in KIT.refused(e, "Mole", "G1", action="charge", mode="burrow")
    assert "burrowing" in KIT.refused(e, "Mole", "G1", action="run", mode="burrow")


def test_002_withdraw_only_in_a_mode_with_a_speed() -> None:
    """002 Withdraw: the withdraw must use a mode the creature has a speed rating for,
    so no withdrawing through deep water without a swim speed; a double move may swim."""
    e = KIT.encounter(6, 3, pc("Ari", "A1"), water="B1 C1 B2 C2 B3 C3")
    assert "no swim speed" in KIT.refused(e, "Ari", "D1", action="withdraw")
    assert KIT.move(e, "Ari", "D1", action="double").token.cell == C("D1")
    fish = KIT.encounter(6, 3, pc("Ari", "A1", speeds_ft={"swim": 30}), water="B1 C1 B2 C2 B3 C3")
    assert KIT.move(fish, "Ari", "D1", action="withdraw").token.cell == C("D1")


def test_001_obstacles_incorporeal_pass_low_walls_like_flyers() -> None:
    """001 Obstacles: "Flying and incorporeal creatures are able to avoid most
    obstacles": a low wall costs an incorporeal creature nothing extra."""
    e = KIT.encounter(6, 3).with_barriers(parse_edges("B1/C1 B2/C2 B3/C3", 6, 3), Barrier.LOW_WALL)
    ghost = e.with_token(
        Token("Ghost", C("A2"), team="party", conditions=frozenset({"incorporeal"}))
    )
    assert step_costs(KIT.move(ghost, "Ghost", "D2")) == [5, 5, 5]
    walker = e.with_token(pc("Ari", "A2"))
    assert step_costs(KIT.move(walker, "Ari", "D2", action="double")) == [5, 15, 5]


def _hall(*tokens: Token, **terrain: str) -> Encounter:
    walls = " ".join(f"{chr(65 + c)}1 {chr(65 + c)}4" for c in range(10))
    return KIT.encounter(10, 4, *tokens, wall=walls, **terrain)


def test_001_squeezing_past_an_opponent_like_past_a_pillar() -> None:
    """001 Squeezing: "A creature can squeeze past an opponent while moving but it
    can't end its movement in an occupied square." A Large creature in a 2-square hall
    squeezes past a Medium opponent as past a pillar in the same square."""
    big = pc("Big", "A2", size=Size.LARGE, speed_ft=40)
    past_orc = KIT.move(_hall(big, foe("Orc", "E2")), "Big", "H2", action="double")
    past_pillar = KIT.move(_hall(big, pillar="E2"), "Big", "H2", action="double")
    assert step_costs(past_orc) == step_costs(past_pillar)
    assert any("squeezing" in s.why for s in past_orc.steps)
    assert "can't end" in KIT.refused(_hall(big, foe("Orc", "E2")), "Big", "D2")


def test_001_tiny_four_to_a_square() -> None:
    """001 Tiny, Diminutive, and Fine Creatures: "four can fit into a single square"."""
    rats = [pc(f"R{i}", "B1", size=Size.TINY) for i in range(3)]
    e = KIT.encounter(6, 3, pc("Rat", "A1", size=Size.TINY), *rats)
    assert KIT.move(e, "Rat", "B1").token.cell == C("B1")
    e = e.with_token(pc("R3", "B1", size=Size.TINY))
    assert "four Tiny" in KIT.refused(e, "Rat", "B1")


def test_001_very_small_creature_entering_provokes_even_by_a_5_foot_step() -> None:
    """001 Very Small Creature: moving into an occupied square "provokes attacks of
    opportunity" — the specific rule, over the 5-foot step's general one (RULINGS)."""
    e = KIT.encounter(6, 3, pc("Rat", "A1", size=Size.TINY), foe("Orc", "B1"))
    stepped = KIT.move(e, "Rat", "B1", action="5ft-step")
    assert stepped.provokes == ("Orc",)
    assert any("entering B1" in w.text for w in stepped.warnings)
    with pytest.raises(IllegalMove):
        KIT.move(stepped.encounter, "Rat", "C1", action="5ft-step")


# ------------------------------------------------- second pass: tired creatures


def test_002_run_and_charge_not_when_fatigued_or_exhausted() -> None:
    """002 Run, Charge (not "reduced to half speed") with the 3.5 SRD's conditions the
    seeds name but don't define (borrowed): fatigued or exhausted, no run and no charge;
    a plain move is still allowed."""
    for tired in ("fatigued", "exhausted"):
        e = KIT.encounter(12, 1, pc("Ari", "A1", conditions=frozenset({tired})), foe("Orc", "H1"))
        assert f"{tired} creature can't run or charge" in KIT.refused(e, "Ari", "E1", action="run")
        assert f"{tired} creature can't run or charge" in KIT.refused(
            e, "Ari", "G1", action="charge"
        )
        assert KIT.move(e, "Ari", "C1").token.cell == C("C1")


def test_002_take_a_5_foot_step_not_when_exhausted_half_speed() -> None:
    """002 Take a 5-Foot Step: not "if your movement is reduced to half speed"; an
    exhausted creature moves at half speed (3.5 SRD, borrowed): 30 ft becomes 15 ft and
    no 5-foot step. A fatigued one keeps its speed and its 5-foot step."""
    e = KIT.encounter(12, 1, pc("Ari", "A1", conditions=frozenset({"exhausted"})))
    assert "reduced to half speed can't take a 5-foot step" in KIT.refused(
        e, "Ari", "B1", action="5ft-step"
    )
    assert KIT.move(e, "Ari", "D1").total_ft == 15
    assert "move allows 15 ft" in KIT.refused(e, "Ari", "E1")
    e = KIT.encounter(12, 1, pc("Ari", "A1", conditions=frozenset({"fatigued"})))
    assert KIT.move(e, "Ari", "B1", action="5ft-step").token.cell == C("B1")
    assert KIT.move(e, "Ari", "G1").total_ft == 30


def test_001_bonuses_to_speed_barbarian_not_in_heavy_armor_monk_not_in_any() -> None:
    """001 Bonuses to Speed: "A barbarian has a +10 foot bonus to his speed (unless he's
    wearing heavy armor). Experienced monks also have higher speed (unless they're
    wearing armor of any sort)"."""
    barbarian = {"barbarian": 10}
    unarmored = pc("Conan", "A1", speed_bonuses_ft=barbarian)
    assert KIT.rules.sheet.token_movement(unarmored).speed_ft == 40
    medium = unarmored.with_state(armor="medium")
    assert KIT.rules.sheet.token_movement(medium).speed_ft == 30  # 40 → 30, the bonus counts
    heavy = unarmored.with_state(armor="heavy")
    moved = KIT.rules.sheet.token_movement(heavy)
    assert moved.speed_ft == 20  # 30 in heavy armor, no bonus
    assert any("barbarian bonus doesn't count in heavy armor" in n.text for n in moved.notes)
    monk = pc("Mo", "A1", speed_bonuses_ft={"monk": 10, "enhancement": 10})
    assert KIT.rules.sheet.token_movement(monk).speed_ft == 50
    assert KIT.rules.sheet.token_movement(monk.with_state(armor="light")).speed_ft == 40
    assert KIT.rules.sheet.token_movement(monk.with_state(armor="none")).speed_ft == 50
