"""/move under epic-path against its seed: 004 ("Types of Movement" from Epic Path).

Each test names the seed section it checks. Expected paths and costs are
worked out here by hand from the seed (a square is 5 ft, diagonals 1-for-1),
not read back from the code. Maps are drawn so that the path a test expects is
the only cheapest one.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.encounter import Encounter, Token
from bot.encounter_ops.token_options import require_read
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest, TokenSpec
from tests.rules.grid_kit import (
    GridKit,
    cells,
    corridor,
    foe,
    path,
    pc,
    step_costs,
    warning_labels,
)

RULES = get_ruleset("epic-path")
SEED = "004_15d51e0af34ca221.txt"


# ------------------------------------------------------------------ helpers

KIT = GridKit("epic-path")
encounter, move, refused = KIT.encounter, KIT.move, KIT.refused


def row(letters: str, number: int) -> str:
    return " ".join(f"{c}{number}" for c in letters)


# --------------------------------------------------- 004 General Movement Rules


def test_004_general_movement_rules_diagonals_cost_the_same_as_straight_moves() -> None:
    e = encounter(10, 10, pc("Ari", "A1"))
    result = move(e, "Ari", "G7")
    assert path(result) == "A1 B2 C3 D4 E5 F6 G7"
    assert step_costs(result) == [5, 5, 5, 5, 5, 5]
    assert result.cost_ft == 30
    assert result.remaining_ft == 0


def test_004_walk_up_to_the_listed_speed() -> None:
    e = encounter(10, 10, pc("Ari", "A1"))
    message = refused(e, "Ari", "H8")
    assert "H8" in message
    assert "35 ft" in message
    assert "30 ft" in message


def test_004_walk_two_move_actions_then_no_more() -> None:
    """004 General Movement Rules: "When you have moved a distance equal to your movement
    rate ... you must stop moving for this round, or declare a double move". A second
    /move goes on with the same walk (up to its speed in all); past it, action:double
    turns the walk into a double move (004 Double Move: "a single action, so there is
    no need for the creature to stop"), which goes on up to twice the speed in all
    (issue 41), and then nothing more."""
    e = encounter(20, 3, pc("Ari", "A2"))
    first = move(e, "Ari", "C2")
    message = refused(first.encounter, "Ari", "I2")
    assert "move allows 20 ft" in message and "action:double reaches it" in message
    walked_on = move(first.encounter, "Ari", "G2")
    assert walked_on.total_ft == 30 and walked_on.cost_ft == 20 and walked_on.used_ft == 30
    assert walked_on.token.activity.actions == ("move",)
    assert any("Goes on with this turn's walk" in n.text for n in walked_on.notes)
    double = move(first.encounter, "Ari", "I2", action="double")
    assert double.total_ft == 60 and double.used_ft == 40
    assert double.token.activity.actions == ("double",)
    assert any("becomes a double move" in n.text for n in double.notes)
    assert double.remaining_ft == 20 and not double.done_for_the_turn
    on = move(double.encounter, "Ari", "M2")
    assert on.used_ft == 60 and on.done_for_the_turn
    assert on.token.activity.actions == ("double",)
    assert "no move action left" in refused(on.encounter, "Ari", "N2")


# ------------------------------------------------------- 004 Difficult Terrain


def test_004_difficult_terrain_each_square_counts_two() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), difficult="B1 B2")
    straight = move(e, "Ari", "B1")
    assert path(straight) == "A1 B1"
    assert straight.cost_ft == 10
    diagonal = move(e, "Ari", "B2")
    assert path(diagonal) == "A1 B2"
    assert diagonal.cost_ft == 10  # no 1-2-1-2 and no ×3 for the diagonal


def test_004_difficult_terrain_no_run() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), difficult=" ".join(f"F{r}" for r in range(1, 6)))
    message = refused(e, "Ari", "K3", action="run")
    assert "K3" in message


def test_004_difficult_terrain_no_charge() -> None:
    e = encounter(
        20, 5, pc("Ari", "A3"), foe("Orc", "L3"), difficult=" ".join(f"F{r}" for r in range(1, 6))
    )
    message = refused(e, "Ari", "K3", action="charge")
    assert "K3" in message


def test_004_difficult_terrain_no_5_foot_step() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), difficult="A2")
    message = refused(e, "Ari", "A2", action="5ft-step")
    assert "A2" in message


def test_004_squeezing_counts_as_difficult_terrain_and_does_not_stack_with_it() -> None:
    walls = " ".join(f"{c}{r}" for c in "CDEF" for r in "1245")
    ogre = foe("Ogre", "A2", size=Size.LARGE, speed_ft=40)
    e = encounter(9, 5, ogre, wall=walls, difficult="D3")
    result = move(e, "Ogre", "G3", action="double")
    assert path(result) == "A2 A3 B3 C3 D3 E3 F3 G3"
    # squeezing: 10 ft a square; squeezing onto rubble is still only 10 ft
    assert step_costs(result) == [5, 10, 10, 10, 10, 10, 5]
    assert result.cost_ft == 60
    assert "Squeezing" in warning_labels(result)


def test_004_squeezing_a_gap_sized_for_a_smaller_creature() -> None:
    e = encounter(6, 3, pc("Ari", "A2"), narrow="B2", **corridor(6))
    result = move(e, "Ari", "C2")
    assert step_costs(result) == [10, 5]
    # a Large creature can't fit a gap sized for a Small one
    ogre_map = encounter(6, 4, foe("Ogre", "A2", size=Size.LARGE), narrow="C1 C2 C3 C4")
    message = refused(ogre_map, "Ogre", "D2")
    assert "too narrow" in message


# -------------------------------------------------------- 004 Impeded Terrain


def test_004_impeded_terrain_full_round_per_5_ft() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), impeded="B1")
    result = move(e, "Ari", "B1")
    assert path(result) == "A1 B1"
    assert result.cost_ft == 5
    assert result.extra["full_round"] is True
    assert result.source.sections == ("Impeded Terrain",)
    assert "impeded" in result.steps[0].why
    # the whole round is spent
    assert "no move action left" in refused(result.encounter, "Ari", "C1")


def test_004_impeded_terrain_also_by_a_double_move_action() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), impeded="B1")
    result = move(e, "Ari", "B1", action="double")
    assert result.cost_ft == 5
    assert result.extra["full_round"] is True


def test_004_impeded_terrain_not_as_part_of_a_longer_move() -> None:
    e = encounter(6, 3, pc("Ari", "A2"), impeded="C2", **corridor(6))
    message = refused(e, "Ari", "C2")
    assert "C2" in message
    assert "impeded" in message
    message = refused(e, "Ari", "D2", action="double")
    assert "D2" in message


def test_004_impeded_terrain_not_after_another_action() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), impeded="B2")
    moved = move(e, "Ari", "B1")
    message = refused(moved.encounter, "Ari", "B2")
    assert "B2" in message


def test_004_impeded_terrain_is_not_a_5_foot_step_and_provokes() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), foe("Orc", "A2"), impeded="B1")
    result = move(e, "Ari", "B1")
    assert result.provokes == ("Orc",)
    with pytest.raises(IllegalMove):
        move(e, "Ari", "B1", action="5ft-step")


def test_004_impeded_terrain_walked_around_when_a_way_exists() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), impeded="B1")
    result = move(e, "Ari", "C1")
    assert Cell.parse("B1") not in result.path
    assert result.cost_ft == 10


# ---------------------------------------------- 004 Blocked Terrain, Cutting Corners


def test_004_blocked_terrain_nothing_moves_into_it() -> None:
    for kind in ("wall", "pillar"):
        e = encounter(6, 6, pc("Ari", "B2"), **{kind: "C2"})
        message = refused(e, "Ari", "C2")
        assert "C2" in message
        assert kind in message


def test_004_cutting_corners_a_completely_filled_space_blocks_the_diagonal() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), wall="C2")
    result = move(e, "Ari", "C3")
    assert path(result) == "B2 B3 C3"
    assert result.cost_ft == 10


def test_004_cutting_corners_not_even_by_a_5_foot_step() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), wall="C2")
    message = refused(e, "Ari", "C3", action="5ft-step")
    assert "C3" in message


def test_004_cutting_corners_a_rounded_pillar_can_be_skirted() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), pillar="C2")
    result = move(e, "Ari", "C3")
    assert path(result) == "B2 C3"
    assert result.cost_ft == 5


def test_004_cutting_corners_between_two_pillars() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), pillar="C2 B3")
    result = move(e, "Ari", "C3", action="5ft-step")
    assert path(result) == "B2 C3"


def test_004_hazardous_terrain_can_be_entered_with_a_warning() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), hazard="B1")
    result = move(e, "Ari", "B1")
    assert result.cost_ft == 5
    assert "Hazard" in warning_labels(result)


# ------------------------------------------------------------ 004 Double Move


def test_004_double_move_twice_the_speed() -> None:
    e = encounter(20, 3, pc("Ari", "A2"))
    result = move(e, "Ari", "M2", action="double")
    assert result.cost_ft == 60
    assert result.extra["full_round"] is True
    assert "N2" in refused(e, "Ari", "N2", action="double")


def test_004_double_move_provokes_once_per_enemy() -> None:
    # a Large ogre (reach 10 ft) threatens every square of the row the path must take
    ogre = foe("Ogre", "D1", size=Size.LARGE)
    e = encounter(10, 4, pc("Ari", "A3"), ogre)
    result = move(e, "Ari", "J3", action="double")
    assert result.cost_ft == 45
    left = [c for c in result.path[:-1] if c.col in range(1, 8)]
    assert len(left) >= 5  # several threatened squares are left ...
    assert result.provokes == ("Ogre",)  # ... for one attack of opportunity
    assert len(result.provoked_at) == 1


# ------------------------------------------------------------------ 004 Run


def test_004_run_x4_straight_line() -> None:
    e = encounter(30, 1, pc("Ari", "A1"))
    result = move(e, "Ari", "Y1", action="run")
    assert path(result) == " ".join(f"{chr(65 + c)}1" for c in range(25))
    assert result.cost_ft == 120
    assert result.total_ft == 120
    assert "Z1" in refused(e, "Ari", "Z1", action="run")


@pytest.mark.parametrize(
    ("armor", "load", "speed", "multiple"),
    [
        (None, None, 30, 4),
        ("light", "light", 30, 4),
        ("medium", None, 25, 4),  # the Run section names heavy armor only
        ("heavy", None, 20, 3),  # Run: "three times ... if she is wearing heavy armor"
        # Encumbrance: "if that character has medium encumbrance, the multiplier is
        # reduced by one to x4. Heavy weight encumbrance lowers the Run multiplier by two
        # to x3" (from its ×5; docs/RULINGS.md)
        (None, "medium", 25, 4),
        (None, "heavy", 20, 3),
        ("heavy", "medium", 15, 2),  # ×5 − 2 − 1
        ("heavy", "heavy", 10, 1),  # the seed's example: "x1 ... no additional speed"
    ],
)
def test_004_run_multiple_by_armor_and_encumbrance(
    armor: str | None, load: str | None, speed: int, multiple: int
) -> None:
    e = encounter(
        30, 3, pc("Ari", "A2", state={k: v for k, v in (("armor", armor), ("load", load)) if v})
    )
    assert RULES.sheet.token_movement(e.token("Ari")).speed_ft == speed
    result = move(e, "Ari", "B2", action="run")
    assert result.total_ft == speed * multiple


def test_004_run_no_5_foot_step_the_same_round() -> None:
    e = encounter(30, 3, pc("Ari", "A2"))
    ran = move(e, "Ari", "D2", action="run")
    message = refused(ran.encounter, "Ari", "E2", action="5ft-step")
    assert "5-foot step" in message
    assert "Epic Path" in message


def test_004_run_not_if_it_cannot_see() -> None:
    e = encounter(30, 3, pc("Ari", "A2", conditions=frozenset({"blinded"})))
    assert "blind" in refused(e, "Ari", "D2", action="run")


# ------------------------------------------------------------- 004 5-Foot Step


def test_004_5_foot_step_doesnt_provoke() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), foe("Orc", "C2"))
    result = move(e, "Ari", "A1", action="5ft-step")
    assert path(result) == "B2 A1"
    assert result.provokes == ()
    assert move(e, "Ari", "A1").provokes == ("Orc",)


def test_004_5_foot_step_not_in_a_round_with_other_movement() -> None:
    e = encounter(6, 6, pc("Ari", "B2"))
    moved = move(e, "Ari", "B3")
    message = refused(moved.encounter, "Ari", "B4", action="5ft-step")
    assert "Epic Path › 5-Foot Step" in message
    stepped = move(e, "Ari", "B3", action="5ft-step")
    assert "5-foot step" in refused(stepped.encounter, "Ari", "B4")


def test_004_5_foot_step_standing_up_is_movement() -> None:
    ari = pc("Ari", "C3", conditions=frozenset({"prone"}))
    stood = move(encounter(10, 6, ari), "Ari", action="stand")
    message = refused(stood.encounter, "Ari", "C4", action="5ft-step")
    assert "5-foot step" in message


def test_004_5_foot_step_not_at_speed_5_ft() -> None:
    e = encounter(6, 6, pc("Ari", "B2", speed_ft=5))
    message = refused(e, "Ari", "A2", action="5ft-step")
    assert "5 ft" in message


def test_004_5_foot_step_only_with_a_listed_speed() -> None:
    e = encounter(6, 6, pc("Ari", "B2"))
    assert "fly" in refused(e, "Ari", "B3", action="5ft-step", mode="fly")


# -------------------------------------------------------------- 004 Crawling


def test_004_crawling_while_prone_5_ft_as_a_move_action() -> None:
    ari = pc("Ari", "C3", conditions=frozenset({"prone"}))
    e = encounter(10, 6, ari, foe("Orc", "D3"))
    result = move(e, "Ari", "C4", action="crawl")
    assert path(result) == "C3 C4"
    assert result.cost_ft == 5
    assert result.provokes == ("Orc",)
    assert "prone" in result.token.conditions  # begins and ends prone
    assert "Prone" in warning_labels(result)
    # a second move action crawls again, then the turn has no more
    again = move(result.encounter, "Ari", "C5", action="crawl")
    assert again.cost_ft == 5
    assert "no move action left" in refused(again.encounter, "Ari", "C6", action="crawl")


def test_004_crawling_one_square_only() -> None:
    e = encounter(10, 6, pc("Ari", "C3", conditions=frozenset({"prone"})))
    assert "C5" in refused(e, "Ari", "C5", action="crawl")


def test_004_crawling_only_while_prone() -> None:
    e = encounter(10, 6, pc("Ari", "C3"))
    assert "prone" in refused(e, "Ari", "C4", action="crawl")


# -------------------------------------------------------------- 004 Withdraw


def test_004_withdraw_the_starting_square_is_not_threatened() -> None:
    e = encounter(10, 1, pc("Ari", "C1"), foe("Orc", "D1"))
    result = move(e, "Ari", "A1", action="withdraw")
    assert path(result) == "C1 B1 A1"
    assert result.provokes == ()
    assert move(e, "Ari", "A1", action="double").provokes == ("Orc",)


def test_004_withdraw_other_threatened_squares_provoke() -> None:
    e = encounter(10, 6, pc("Ari", "C3"), foe("Orc", "D3"), foe("Gob", "A3"))
    result = move(e, "Ari", "A5", action="withdraw")
    assert path(result) == "C3 B4 A5"
    assert result.provokes == ("Gob",)


def test_004_withdraw_up_to_double_speed_no_5_foot_step() -> None:
    e = encounter(20, 3, pc("Ari", "A2"), foe("Orc", "B1"))
    result = move(e, "Ari", "M2", action="withdraw")
    assert result.cost_ft == 60
    assert "5-foot step" in refused(result.encounter, "Ari", "M3", action="5ft-step")


def test_004_withdraw_not_blinded() -> None:
    e = encounter(20, 3, pc("Ari", "A2", conditions=frozenset({"blinded"})))
    assert "blind" in refused(e, "Ari", "D2", action="withdraw")


# -------------------------------------------------------------- 004 Stepover


def test_004_stepover_two_sizes_larger_passes_over_a_smaller_creature() -> None:
    giant = foe("Giant", "A1", size=Size.HUGE, speed_ft=40)
    e = encounter(12, 3, giant, pc("Ari", "E2"))
    result = move(e, "Giant", "G1")
    assert path(result) == "A1 B1 C1 D1 E1 F1 G1"
    assert result.cost_ft == 30  # no squeezing, no extra cost
    assert "Squeezing" not in warning_labels(result)


def test_004_stepover_moving_still_provokes_as_normal() -> None:
    giant = foe("Giant", "A1", size=Size.HUGE, speed_ft=40)
    e = encounter(12, 3, giant, pc("Ari", "E2"))
    assert move(e, "Giant", "G1").provokes == ("Ari",)


def test_004_stepover_may_end_on_the_smaller_creature() -> None:
    giant = foe("Giant", "A1", size=Size.HUGE, speed_ft=40)
    e = encounter(12, 3, giant, pc("Ari", "E2"))
    result = move(e, "Giant", "D1")
    assert result.token.cell == Cell.parse("D1")
    assert "Squeezing" not in warning_labels(result)
    assert result.encounter.token("Ari").cell == Cell.parse("E2")


def test_004_stepover_needs_two_sizes() -> None:
    ogre = foe("Ogre", "A1", size=Size.LARGE, speed_ft=40)
    e = encounter(12, 2, ogre, pc("Ari", "E2"))
    message = refused(e, "Ogre", "G1")
    assert "G1" in message


def test_004_stepover_smaller_creatures_cannot_walk_into_a_larger_enemy() -> None:
    giant = foe("Giant", "C1", size=Size.HUGE)
    e = encounter(10, 3, giant, pc("Ari", "B2"))
    message = refused(e, "Ari", "C2")
    assert "C2" in message
    assert "Giant" in message


# ------------------------------------------------- 004 Walk, Squeezing: shared spaces


def test_004_walk_through_spaces_occupied_by_allies() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), pc("Bo", "C2"), **corridor(8))
    result = move(e, "Ari", "E2")
    assert path(result) == "A2 B2 C2 D2 E2"
    assert result.cost_ft == 20
    assert "Squeezing" not in warning_labels(result)


def test_004_walk_not_through_enemies() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), foe("Orc", "C2"), **corridor(8))
    assert "E2" in refused(e, "Ari", "E2")


def test_004_squeezing_allies_may_share_a_space_both_squeezing() -> None:
    """004 Squeezing: ending in an ally's space squeezes both, and "Entering a square
    which requires squeezing is treated as difficult terrain": that last step is x2."""
    e = encounter(8, 3, pc("Ari", "A2"), pc("Bo", "C2"), **corridor(8))
    result = move(e, "Ari", "C2")
    assert result.token.cell == Cell.parse("C2")
    assert step_costs(result) == [5, 10]
    assert "squeezing" in result.steps[-1].why
    sharing = [w.text for w in result.warnings if w.label == "Squeezing"]
    assert sharing
    assert "Bo" in sharing[0]


def test_004_squeezing_into_a_shared_space_is_hampered_movement() -> None:
    """Difficult terrain doesn't stack (the ally on rubble: still x2); a 5-foot step or a
    run can't be hampered (004 "5-Foot Step", "Run"); the x2 must fit the allowance."""
    e = encounter(8, 3, pc("Ari", "A2"), pc("Bo", "C2"), **corridor(8))
    rubble = e.with_terrain(cells("C2"), Terrain.DIFFICULT)
    assert step_costs(move(rubble, "Ari", "C2")) == [5, 10]
    beside = encounter(8, 3, pc("Ari", "B2"), pc("Bo", "C2"), **corridor(8))
    assert "Epic Path › Squeezing" in refused(beside, "Ari", "C2", action="5ft-step")
    far = encounter(8, 3, pc("Ari", "A2", speed_ft=10), pc("Bo", "C2"), **corridor(8))
    assert "costs 15 ft and move allows 10 ft" in refused(far, "Ari", "C2")


def test_004_squeezing_an_unconscious_enemy_can_not_prevent_it() -> None:
    orc = foe("Orc", "C2", conditions=frozenset({"unconscious"}))
    e = encounter(8, 3, pc("Ari", "A2"), orc, **corridor(8))
    result = move(e, "Ari", "C2")
    assert "Squeezing" in warning_labels(result)


def test_004_internal_flanking_two_sizes_apart_nobody_squeezes() -> None:
    # a Medium creature inside a Huge ally's space is not squeezing
    e = encounter(8, 8, pc("Ari", "A1"), pc("Bo", "C1", size=Size.HUGE))
    result = move(e, "Ari", "D2")
    assert result.token.cell == Cell.parse("D2")
    assert "Squeezing" not in warning_labels(result)


def test_004_squeezing_a_dead_creature_is_rough_terrain() -> None:
    orc = foe("Orc", "C2", conditions=frozenset({"dead"}))
    e = encounter(8, 3, pc("Ari", "A2"), orc, **corridor(8))
    result = move(e, "Ari", "E2")
    assert path(result) == "A2 B2 C2 D2 E2"
    assert step_costs(result) == [5, 10, 5, 5]
    ended = move(e, "Ari", "C2")
    assert ended.cost_ft == 15
    assert "Squeezing" not in warning_labels(ended)


# ------------------------------------------------------ 004 Space and Reach


def test_004_space_colossal_5x5_titanic_6x6() -> None:
    sides = RULES.footprint_squares
    assert sides[Size.LARGE] == 2
    assert sides[Size.HUGE] == 3
    assert sides[Size.GARGANTUAN] == 4
    assert sides[Size.COLOSSAL] == 5
    assert sides[Size.TITANIC] == 6


def test_004_space_colossal_and_titanic_on_the_map() -> None:
    # on a 10-square map a 5x5 colossus fits at F1 (F..J), a 6x6 titan doesn't
    colossus = foe("Colossus", "A1", size=Size.COLOSSAL, speed_ft=30)
    e = encounter(10, 10, colossus)
    assert move(e, "Colossus", "F1").cost_ft == 25
    assert "off the map" in refused(e, "Colossus", "G1")
    titan = foe("Titan", "A1", size=Size.TITANIC, speed_ft=30)
    e = encounter(10, 10, titan)
    assert move(e, "Titan", "E1").cost_ft == 20
    assert "off the map" in refused(e, "Titan", "F1")


@pytest.mark.parametrize(
    ("size", "reach_squares"),
    [
        (Size.MEDIUM, 1),
        (Size.LARGE, 2),
        (Size.HUGE, 3),
        (Size.GARGANTUAN, 4),
        (Size.COLOSSAL, 5),
        (Size.TITANIC, 6),
    ],
)
def test_004_reach_equals_the_side_of_the_space(size: Size, reach_squares: int) -> None:
    # the enemy's space starts at column A; Ari stands `d` squares beyond its right edge
    # (diagonally past its corner, 1-for-1) and steps away
    side = RULES.footprint_squares[size]
    width = side + reach_squares + 3
    for d, provokes in ((reach_squares, True), (reach_squares + 1, False)):
        at = Cell(side - 1 + d, side - 1 + d)
        ari = Token("Ari", at, team="party")
        brute = foe("Brute", "A1", size=size)
        e = Encounter(width + d, width + d, "epic-path", "dm").with_token(brute).with_token(ari)
        result = RULES.move(e, MoveRequest("Ari", Cell(at.col + 1, at.row + 1)))
        assert result.provokes == (("Brute",) if provokes else ()), (size, d)


def test_004_reach_tiny_creatures_threaten_only_their_own_space() -> None:
    rat = foe("Rat", "C2", size=Size.TINY)
    e = encounter(8, 3, pc("Ari", "B2"), rat, **corridor(8))
    # passing beside the rat is safe; stepping over it and leaving its square provokes
    result = move(e, "Ari", "E2")
    assert path(result) == "B2 C2 D2 E2"
    assert result.provokes == ("Rat",)
    assert result.provoked_at["Rat"] == Cell.parse("C2")
    open_map = encounter(8, 8, pc("Ari", "B2"), foe("Rat", "C2", size=Size.TINY))
    assert move(open_map, "Ari", "B4").provokes == ()


def test_004_reach_large_reaches_diagonal_corners_1_for_1() -> None:
    # two squares diagonally off the ogre's corner: 10 ft counting 1-for-1
    e = encounter(10, 10, pc("Ari", "B2"), foe("Ogre", "D4", size=Size.LARGE))
    assert move(e, "Ari", "A1").provokes == ("Ogre",)


def test_004_threatened_area_moving_inside_a_hostile_space_provokes() -> None:
    # Ari stands in a corner of a Huge giant's space (after a stepover, say): every
    # square of that space is threatened, so stepping out provokes
    giant = foe("Giant", "B1", size=Size.HUGE, reach_ft=0)
    e = encounter(10, 6, giant, pc("Ari", "D3"))
    result = move(e, "Ari", "E4")
    assert result.provokes == ("Giant",)
    assert result.provoked_at["Giant"] == Cell.parse("D3")


# ------------------------------------------------ 004 Combining Movement Types


def lake(width: int, first_col: int) -> str:
    return " ".join(f"{chr(65 + c)}{r}" for c in range(first_col, width) for r in (1, 2, 3))


def newt(at: str) -> Token:
    return pc("Newt", at, speed_ft=30, speeds_ft={"swim": 120})


def test_004_combining_movement_types_walk_30_then_swim_90() -> None:
    # land A–G, a lake from column H: walk 30 ft to G2, swim on for 90 ft
    e = encounter(26, 3, newt("A2"), water=lake(26, 7))
    result = move(e, "Newt", "Y2")
    assert result.cost_ft == 120
    walked = [s for s in result.steps if s.cell.col <= 6]
    assert sum(s.cost_ft for s in walked) == 30
    assert result.path[-1] == Cell.parse("Y2")
    message = refused(e, "Newt", "Z2")
    assert "Z2" in message
    assert "125 ft" in message


def test_004_combining_movement_types_a_lake_beyond_30_ft_of_walking_is_out_of_reach() -> None:
    # land A–H: the first water square is 40 ft away
    e = encounter(26, 3, newt("A2"), water=lake(26, 8))
    message = refused(e, "Newt", "I2")
    assert "I2" in message
    assert "walk" in message
    assert move(e, "Newt", "G2").cost_ft == 30


def test_004_combining_movement_types_after_swimming_the_walk_is_used_up() -> None:
    # from the lake: swim 15 ft (J, I, H), then walk only what is left of 30 ft
    e = encounter(26, 3, newt("K2"), water=lake(26, 7))
    result = move(e, "Newt", "E2")
    assert result.cost_ft == 30
    message = refused(e, "Newt", "D2")
    assert "D2" in message
    assert "walk" in message


def test_004_combining_movement_types_a_swim_mode_still_walks_on_land_at_walk_speed() -> None:
    e = encounter(26, 3, newt("K2"), water=lake(26, 7))
    assert "D2" in refused(e, "Newt", "D2", mode="swim")


def test_004_combining_movement_types_the_rest_stays_for_the_next_move_action() -> None:
    e = encounter(26, 3, newt("A2"), water=lake(26, 7))
    first = move(e, "Newt", "M2")
    assert first.cost_ft == 60
    assert first.total_ft == 120
    assert first.remaining_ft == 60
    second = move(first.encounter, "Newt", "O2")
    assert second.cost_ft == 10


def crow(at: str, walk_ft: int = 30, fly_ft: int = 60) -> Token:
    return pc("Crow", at, speed_ft=walk_ft, speeds_ft={"fly": fly_ft})


def flown(result: object) -> list[str]:
    steps = result.steps  # type: ignore[attr-defined]
    return [str(s.cell) for s in steps if "flying" in s.why]


def test_004_combining_movement_types_a_walker_flies_over_a_pit_on_its_way() -> None:
    # walk A2→B2, fly over the pit at C2 D2, walk on to E2: 20 ft, both speeds charged
    e = encounter(10, 3, crow("A2"), pit="C1 C2 C3 D1 D2 D3")
    result = move(e, "Crow", "E2")
    assert path(result) == "A2 B2 C2 D2 E2"
    assert result.cost_ft == 20
    assert flown(result) == ["C2", "D2"]
    assert result.extra["flown_ft"] == 10
    assert "Combining Movement Types" in result.source.sections
    assert "Combined movement" in warning_labels(result)
    assert "Pit" not in " ".join(warning_labels(result))  # nobody falls


def test_004_combining_movement_types_walking_spent_the_flyer_goes_on_in_the_air() -> None:
    # walk 10, fly 30: two squares walked, then four flown (the seed's second bullet,
    # with flight for swimming): 30 ft in all, the fastest speed
    e = encounter(12, 3, crow("A2", walk_ft=10, fly_ft=30))
    result = move(e, "Crow", "G2")
    assert result.cost_ft == 30
    assert result.total_ft == 30
    assert flown(result) == ["D2", "E2", "F2", "G2"]
    assert "H2" in refused(e, "Crow", "H2")


def test_004_combining_movement_types_flying_first_uses_up_a_slower_walk() -> None:
    # walk 30, fly 10: a pit at B2 C2 takes 10 ft of flying; once 10 ft are spent
    # the fly speed is gone, so a pit beyond it is out of reach (the seed's third bullet)
    e = encounter(12, 3, crow("A2", walk_ft=30, fly_ft=10), pit="B1 B2 B3 C1 C2 C3")
    assert move(e, "Crow", "D2").cost_ft == 15
    e2 = encounter(12, 3, crow("A2", walk_ft=30, fly_ft=10), pit="C1 C2 C3 D1 D2 D3")
    message = refused(e2, "Crow", "E2")
    assert "fly" in message
    assert "D2" in message


def test_004_combining_movement_types_flying_is_cheaper_over_difficult_ground() -> None:
    # rubble from B to D: walked it is ×2; a flyer takes to the air over it instead
    e = encounter(8, 3, crow("A2"), difficult="B1 B2 B3 C1 C2 C3 D1 D2 D3")
    result = move(e, "Crow", "E2")
    assert result.cost_ft == 20
    assert flown(result) == ["B2", "C2", "D2"]
    walker = encounter(8, 3, pc("Crow", "A2"), difficult="B1 B2 B3 C1 C2 C3 D1 D2 D3")
    assert move(walker, "Crow", "D2").cost_ft == 30


def test_004_combining_movement_types_a_flyer_crosses_water_it_cannot_swim() -> None:
    e = encounter(10, 3, crow("A2"), water=lake(4, 2))
    result = move(e, "Crow", "F2")
    assert result.cost_ft == 25
    assert flown(result) == ["C2", "D2"]


def test_004_combining_movement_types_ending_over_a_pit_it_is_in_the_air() -> None:
    e = encounter(10, 3, crow("A2"), pit="C1 C2 C3")
    result = move(e, "Crow", "C2")
    assert "In the air" in warning_labels(result)
    # and from there it flies on: no fall on leaving
    assert move(result.encounter, "Crow", "E2").cost_ft == 10


def test_004_combining_movement_types_a_creature_without_flight_still_falls() -> None:
    e = encounter(10, 3, pc("Ari", "A2"), pit="C1 C2 C3")
    result = move(e, "Ari", "C2")
    assert "flown_ft" not in result.extra
    assert any("fall" in n.text.lower() for n in result.warnings)


# --------------------------------------------------------- 004 Encumbrance


@pytest.mark.parametrize(
    ("speed", "armor", "load", "expected"),
    [
        (30, None, "medium", 25),  # medium: −5 ft above 20 ft
        (20, None, "medium", 15),  # ... and at 20 ft or below (the worked example)
        (30, None, "heavy", 20),  # heavy: −10 ft above 20 ft
        (20, None, "heavy", 15),  # ... −5 ft otherwise
        (30, "medium", None, 25),  # armor slows like the load of the same name
        (30, "heavy", None, 20),
        (30, "heavy", "medium", 15),  # the example: −15 ft above 20 ft
        (20, "heavy", "medium", 10),  # the example: −10 ft at 20 ft or below
        (30, "heavy", "heavy", 10),
        (10, "heavy", "heavy", 0),
    ],
)
def test_004_encumbrance_penalties_stack_with_armor(
    speed: int, armor: str | None, load: str | None, expected: int
) -> None:
    fields = RULES.sheet.token_fields(
        TokenSpec(
            speed=str(speed), options={k: v for k, v in (("armor", armor), ("load", load)) if v}
        )
    )
    token = fields.apply(Token("X", Cell.parse("A1")))
    assert RULES.sheet.token_movement(token).speed_ft == expected


def test_004_encumbrance_slowed_speed_is_what_a_move_spends() -> None:
    e = encounter(10, 3, pc("Ari", "A2", state={"armor": "heavy", "load": "medium"}))
    assert move(e, "Ari", "D2").cost_ft == 15
    assert "E2" in refused(e, "Ari", "E2")


def test_004_encumbrance_reduced_to_zero_says_so() -> None:
    token = Token("X", Cell.parse("A1"), speed_ft=10, state={"armor": "heavy", "load": "heavy"})
    movement = RULES.sheet.token_movement(token)
    assert movement.speed_ft == 0
    assert any("0" in n.label for n in movement.notes)


def test_004_space_and_reach_races_are_not_in_the_seed() -> None:
    with pytest.raises(InvalidInput, match="race"):
        require_read(RULES, {"race": "human"})


# ------------------------------------------------------- 004 Forced Movement


def forced_map(**terrain: str) -> Encounter:
    return encounter(10, 6, pc("Ari", "C3"), foe("Brute", "B3"), foe("Orc", "D4"), **terrain)


def test_004_forced_movement_push_moves_away_spending_nothing_and_provoking_nothing() -> None:
    e = forced_map()
    result = move(e, "Ari", "F3", forced="push", by="Brute")
    assert path(result) == "C3 D3 E3 F3"
    assert result.cost_ft == 0
    assert result.provokes == ()  # it left squares both enemies threaten
    after = result.encounter.token("Ari")
    assert after.activity == e.token("Ari").activity
    # Ari still has its whole move
    assert move(result.encounter, "Ari", "J3").cost_ft == 20


def test_004_forced_movement_push_every_square_farther_away() -> None:
    e = forced_map()
    message = refused(e, "Ari", "C1", forced="push", by="Brute")
    assert "C2" in message
    assert "Push" in message


def test_004_forced_movement_push_stops_before_an_occupied_square() -> None:
    e = forced_map().with_token(foe("Gob", "E3"))
    result = move(e, "Ari", "G3", forced="push", by="Brute")
    assert path(result) == "C3 D3"
    assert "Stopped" in warning_labels(result)
    assert "Gob" in result.warnings[0].text


def test_004_forced_movement_push_stops_before_a_blocked_square() -> None:
    e = forced_map(wall="F3")
    result = move(e, "Ari", "H3", forced="push", by="Brute")
    assert path(result) == "C3 D3 E3"
    assert "Stopped" in warning_labels(result)


def test_004_forced_movement_ignores_rough_terrain() -> None:
    e = forced_map(difficult="D3 E3")
    result = move(e, "Ari", "F3", forced="push", by="Brute")
    assert path(result) == "C3 D3 E3 F3"
    assert result.cost_ft == 0


def test_004_forced_movement_into_a_pit_warns() -> None:
    e = forced_map(pit="E3")
    result = move(e, "Ari", "F3", forced="push", by="Brute")
    assert any("E3" in w.text for w in result.warnings)


def test_004_forced_movement_pull_moves_toward() -> None:
    e = encounter(10, 6, pc("Ari", "F3"), foe("Brute", "B3"))
    result = move(e, "Ari", "C3", forced="pull", by="Brute")
    assert path(result) == "F3 E3 D3 C3"
    message = refused(e, "Ari", "G3", forced="pull", by="Brute")
    assert "Pull" in message


def test_004_forced_movement_slide_any_path() -> None:
    e = forced_map()
    result = move(e, "Ari", "C1", forced="slide")
    assert path(result) == "C3 C2 C1"
    assert result.cost_ft == 0


def test_004_forced_movement_push_needs_the_pusher() -> None:
    with pytest.raises(InvalidInput):
        move(forced_map(), "Ari", "F3", forced="push")


def test_004_space_no_more_than_four_creatures_a_square() -> None:
    """004 Space: "no more than four creatures be allowed into one space, no matter
    how tiny"."""
    rats = [pc(f"Rat {i}", "C2", size=Size.TINY) for i in range(4)]
    e = encounter(6, 3, pc("Mouse", "A2", size=Size.TINY), *rats)
    message = refused(e, "Mouse", "C2")
    assert "four" in message or "4 creatures" in message
    assert move(e, "Mouse", "D2").path[-1] == Cell.parse("D2")


def test_004_5_foot_step_and_run_not_in_darkness() -> None:
    """004 5-Foot Step: only "if its movement isn't hampered by difficult terrain or
    darkness"; Run: not "if they cannot see". Darkness costs nothing extra here."""
    e = encounter(12, 3, pc("Ari", "A2"), **corridor(12)).in_dark(cells("B2 C2"), True)
    assert step_costs(move(e, "Ari", "D2")) == [5, 5, 5]
    assert "darkness" in refused(e, "Ari", "B2", action="5ft-step")
    refused(e, "Ari", "H2", action="run")
    seer = replace(e.token("Ari"), conditions=frozenset({"darkvision"}))
    assert move(e.with_token(seer), "Ari", "B2", action="5ft-step").cost_ft == 5


def test_004_5_foot_step_and_run_not_blinded() -> None:
    """004 5-Foot Step (not when hampered by darkness) and Run (not "if they cannot
    see"): a blinded creature is in the dark wherever it goes; it costs nothing extra."""
    blind = pc("Ari", "A2", conditions=frozenset({"blinded"}))
    e = encounter(12, 3, blind, **corridor(12))
    assert step_costs(move(e, "Ari", "D2")) == [5, 5, 5]
    step = refused(e, "Ari", "B2", action="5ft-step")
    assert "blinded" in step and "(Epic Path › 5-Foot Step)" in step
    assert "blinded" in refused(e, "Ari", "H2", action="run")
