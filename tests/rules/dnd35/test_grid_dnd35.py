"""/move under 3.5 against its seeds: 001 (SRD "Movement, Position, and Distance")
and 002 ("Rules of the Game: All About Movement, Part Two").

Each test names the seed file (001 / 002) and the section it checks. Expected
paths and costs are worked out here by hand from the seed text (a square is
5 ft; diagonals 1-2-1-2), not read back from the code. Maps are drawn so that
the path the test expects is the only cheapest one.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.context import Context
from bot.encounter import Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules import get_ruleset
from bot.rules.engine.moves import TokenSpec
from tests.handlers import encounter_helpers as console
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

RULES = get_ruleset("3.5")
SEED_001 = "001_4b6f19466d0b9c61.txt"
SEED_002 = "002_212d8eb547f4c056.txt"


# ------------------------------------------------------------------ helpers

KIT = GridKit("3.5")
encounter, move, refused = KIT.encounter, KIT.move, KIT.refused


# ------------------------------------------------------- 001 Diagonals


def test_001_diagonals_count_1_2_1_2_across_the_move() -> None:
    e = encounter(8, 8, pc("Ari", "A1"))
    result = move(e, "Ari", "E5")
    # four diagonals: 1 + 2 + 1 + 2 squares = 30 ft, the whole speed
    assert path(result) == "A1 B2 C3 D4 E5"
    assert step_costs(result) == [5, 10, 5, 10]
    assert result.cost_ft == 30
    assert result.remaining_ft == 0
    assert "2nd diagonal" in result.steps[1].why


def test_001_diagonals_beyond_the_speed_are_refused() -> None:
    e = encounter(8, 8, pc("Ari", "A1"))
    # five diagonals cost 1+2+1+2+1 = 7 squares = 35 ft
    message = refused(e, "Ari", "F6")
    assert "F6" in message
    assert "35 ft" in message


def test_001_diagonals_straight_steps_do_not_reset_the_count() -> None:
    e = encounter(8, 8, pc("Ari", "A1"))
    result = move(e, "Ari", "C4")
    # two diagonals and one straight step: 1 + 2 + 1 squares, in any order
    assert result.cost_ft == 20
    assert sorted(step_costs(result)) == [5, 5, 10]


def test_001_diagonals_count_continues_into_the_second_move_action() -> None:
    e = encounter(8, 8, pc("Ari", "A1"))
    first = move(e, "Ari", "B2")
    assert first.cost_ft == 5
    second = move(first.encounter, "Ari", "C3")
    # the turn's second diagonal counts 2 squares, even in a new move action
    assert path(second) == "B2 C3"
    assert second.cost_ft == 10
    assert "2nd diagonal" in second.steps[0].why
    assert second.used_ft == 15
    assert second.total_ft == 60
    assert second.remaining_ft == 45


def test_001_diagonals_count_starts_again_on_a_new_turn() -> None:
    e = encounter(8, 8, pc("Ari", "A1"))
    first = move(e, "Ari", "B2")
    fresh = RULES.economy.start_turn(first.encounter.token("Ari"))
    second = move(first.encounter.with_token(fresh), "Ari", "C3")
    assert second.cost_ft == 5


# ------------------------------------------- 001 Difficult Terrain, Double Movement Cost


def test_001_difficult_terrain_counts_2_squares() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), difficult="B1")
    result = move(e, "Ari", "B1")
    assert path(result) == "A1 B1"
    assert result.cost_ft == 10
    assert "difficult" in result.steps[0].why
    assert "×2" in result.steps[0].why


def test_001_difficult_terrain_a_big_creature_pays_for_the_worst_square_it_enters() -> None:
    """001 Difficult Terrain: "If you occupy squares with different kinds of terrain, you
    can move only as fast as the most difficult terrain you occupy will allow" — a Large
    token whose 2x2 block takes in one rubble square pays x2 for the whole step."""
    ogre = pc("Ogre", "A1", size=Size.LARGE)
    e = encounter(8, 4, ogre, difficult="C2")
    result = move(e, "Ogre", "D1")
    # B1:C2 and C1:D2 both take in C2's rubble (x2); D1:E2 is clear again
    assert step_costs(result) == [10, 10, 5]
    assert "difficult" in result.steps[0].why


def test_001_difficult_terrain_diagonal_into_it_counts_3() -> None:
    # pits beside the diagonal: a diagonal may pass a pit (001 Diagonals)
    e = encounter(6, 6, pc("Ari", "A1"), difficult="B2", pit="B1 A2")
    result = move(e, "Ari", "B2")
    assert path(result) == "A1 B2"
    assert result.cost_ft == 15


def test_001_difficult_terrain_diagonal_still_counts_in_the_1_2_1_2_sequence() -> None:
    # a causeway along the diagonal, pits everywhere else
    pits = " ".join(f"{chr(65 + c)}{r + 1}" for c in range(4) for r in range(4) if c != r)
    e = encounter(4, 4, pc("Ari", "A1"), difficult="B2", pit=pits)
    result = move(e, "Ari", "D4")
    # difficult diagonal 3 squares (the 1st diagonal), then the 2nd counts 2, the 3rd 1
    assert path(result) == "A1 B2 C3 D4"
    assert step_costs(result) == [15, 10, 5]
    assert result.cost_ft == 30


def test_001_double_movement_cost_doubled_twice_counts_4() -> None:
    # a helpless Large opponent on difficult ground: two doublings
    ogre = foe("Ogre", "C2", size=Size.LARGE, conditions=frozenset({"helpless"}))
    e = encounter(6, 6, pc("Ari", "B2"), ogre, difficult="C2 D2 C3 D3")
    result = move(e, "Ari", "C2")
    assert path(result) == "B2 C2"
    assert result.cost_ft == 20
    assert "×4" in result.steps[0].why


def test_001_double_movement_cost_doubled_twice_diagonal_counts_6() -> None:
    ogre = foe("Ogre", "C2", size=Size.LARGE, conditions=frozenset({"helpless"}))
    e = encounter(6, 6, pc("Ari", "B1"), ogre, difficult="C2 D2 C3 D3", pit="C1 B2")
    result = move(e, "Ari", "C2")
    assert path(result) == "B1 C2"
    assert result.cost_ft == 30


def test_001_double_movement_cost_difficult_and_squeezing_count_4() -> None:
    # a Large ogre squeezing down a one-square corridor whose floor is rubble
    walls = "C1 D1 C2 D2 C4 D4 C5 D5"
    ogre = foe("Ogre", "A3", size=Size.LARGE, speed_ft=40)
    e = encounter(7, 5, ogre, wall=walls, difficult="C3 D3")
    result = move(e, "Ogre", "E3", action="double")
    assert path(result) == "A3 B3 C3 D3 E3"
    # B3, C3, D3: squeezed and on rubble, ×4 each; E3 is open again
    assert step_costs(result) == [20, 20, 20, 5]
    assert result.cost_ft == 65
    assert all("×4" in s.why for s in result.steps[:3])


def test_001_double_movement_cost_three_doublings_count_8() -> None:
    # swimming without a swim speed (¼ speed: two doublings) past a helpless Large opponent
    ogre = foe("Ogre", "C2", size=Size.LARGE, conditions=frozenset({"helpless"}))
    e = encounter(6, 6, pc("Ari", "B2"), ogre, water="C2 D2 C3 D3")
    result = move(e, "Ari", "C2", action="double")
    assert path(result) == "B2 C2"
    assert result.cost_ft == 40
    assert "×8" in result.steps[0].why


def test_001_double_movement_cost_three_doublings_diagonal_counts_12() -> None:
    ogre = foe("Ogre", "C2", size=Size.LARGE, conditions=frozenset({"helpless"}))
    e = encounter(6, 6, pc("Ari", "B1"), ogre, water="C2 D2 C3 D3", pit="C1 B2")
    result = move(e, "Ari", "C2", action="double")
    assert path(result) == "B1 C2"
    assert result.cost_ft == 60


def test_001_obstacles_that_hamper_count_2_squares() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), obstacle="B1")
    result = move(e, "Ari", "B1")
    assert result.cost_ft == 10
    assert "obstacle" in result.steps[0].why


def test_001_obstacles_that_block_stop_movement() -> None:
    e = encounter(6, 6, pc("Ari", "A1"), wall="B1")
    message = refused(e, "Ari", "B1")
    assert "B1" in message
    assert "wall" in message


# ------------------------------------------------------ 001 Diagonals: corners


def test_001_diagonals_no_diagonal_past_a_wall_corner() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), wall="C2")
    result = move(e, "Ari", "C3")
    assert path(result) == "B2 B3 C3"
    assert result.cost_ft == 10


def test_001_diagonals_no_diagonal_past_a_corner_even_by_a_5_foot_step() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), wall="C2")
    message = refused(e, "Ari", "C3", action="5ft-step")
    assert "C3" in message


def test_001_diagonals_corner_refusal_names_the_corner() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), wall="C2")
    message = refused(e, "Ari", "C3", action="5ft-step")
    assert "corner" in message
    assert "C2" in message


def test_001_diagonals_past_a_pit_is_allowed() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), pit="C2")
    result = move(e, "Ari", "C3")
    assert path(result) == "B2 C3"
    assert result.cost_ft == 5


def test_001_diagonals_past_a_pit_by_a_5_foot_step() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), pit="C2 B3")
    result = move(e, "Ari", "C3", action="5ft-step")
    assert path(result) == "B2 C3"


def test_001_diagonals_a_pit_itself_is_impassable_on_foot() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), pit="C2")
    message = refused(e, "Ari", "C2")
    assert "C2" in message
    assert "pit" in message


def test_001_diagonals_past_a_creature_even_an_opponent() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), foe("Orc", "C2"), foe("Gob", "B3"))
    result = move(e, "Ari", "C3", action="5ft-step")
    assert path(result) == "B2 C3"
    assert result.cost_ft == 5
    assert result.provokes == ()


# ---------------------------------------------------- 001 Moving through a Square


def test_001_friend_you_can_move_through_a_friends_square() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), pc("Bo", "C2"), **corridor(8))
    result = move(e, "Ari", "E2")
    assert path(result) == "A2 B2 C2 D2 E2"
    assert result.cost_ft == 20


def test_001_friend_not_while_charging() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), pc("Bo", "C2"), **corridor(8))
    message = refused(e, "Ari", "E2", action="charge")
    assert "E2" in message


def test_001_opponent_blocks_the_way() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), foe("Orc", "C2"), **corridor(8))
    message = refused(e, "Ari", "E2")
    assert "E2" in message
    # nothing changed: the encounter is a value and the move raised
    assert e.token("Ari").cell == Cell.parse("A2")


def test_001_opponent_refusal_names_the_blocking_square() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), foe("Orc", "C2"), **corridor(8))
    message = refused(e, "Ari", "E2")
    assert "C2" in message
    assert "Orc" in message


def test_001_opponent_helpless_can_be_moved_through_without_penalty() -> None:
    orc = foe("Orc", "C2", conditions=frozenset({"helpless"}))
    e = encounter(8, 3, pc("Ari", "A2"), orc, **corridor(8))
    result = move(e, "Ari", "E2")
    assert path(result) == "A2 B2 C2 D2 E2"
    assert step_costs(result) == [5, 5, 5, 5]


def test_001_opponent_unconscious_counts_as_helpless() -> None:
    orc = foe("Orc", "C2", conditions=frozenset({"unconscious"}))
    e = encounter(8, 3, pc("Ari", "A2"), orc, **corridor(8))
    assert move(e, "Ari", "E2").cost_ft == 20


def test_001_opponent_helpless_very_large_counts_2_squares() -> None:
    ogre = foe("Ogre", "B1", size=Size.LARGE, conditions=frozenset({"helpless"}))
    e = encounter(8, 4, pc("Ari", "A1"), ogre, wall="A3 B3 C3 D3 A4 B4 C4 D4")
    result = move(e, "Ari", "D1")
    assert path(result) == "A1 B1 C1 D1"
    assert step_costs(result) == [10, 10, 5]
    assert "Ogre" in result.steps[0].why


def test_001_neutral_creatures_are_not_opponents() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), Token("Cow", Cell.parse("C2")), **corridor(8))
    assert move(e, "Ari", "E2").cost_ft == 20


def test_001_ending_your_movement_not_in_a_friends_square() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), pc("Bo", "C2"), **corridor(8))
    message = refused(e, "Ari", "C2")
    assert "C2" in message
    assert "Bo" in message


def test_001_ending_your_movement_in_a_helpless_creatures_square() -> None:
    orc = foe("Orc", "C2", conditions=frozenset({"helpless"}))
    e = encounter(8, 3, pc("Ari", "A2"), orc, **corridor(8))
    result = move(e, "Ari", "C2")
    assert path(result) == "A2 B2 C2"
    assert result.token.cell == Cell.parse("C2")


def test_001_very_small_creature_moves_through_occupied_squares_and_provokes() -> None:
    rat = foe("Rat", "A2", size=Size.TINY, speed_ft=15)
    e = encounter(8, 3, rat, pc("Ari", "C2"), **corridor(8))
    result = move(e, "Rat", "D2")
    assert path(result) == "A2 B2 C2 D2"
    assert result.provokes == ("Ari",)


def test_001_very_small_creature_provokes_on_entering_the_occupied_square() -> None:
    # the sentry's reach weapon threatens only at 10 ft: the rat's path leaves no
    # threatened square, but entering the sentry's square provokes (001 Very Small Creature)
    sentry = pc("Sentry", "C2", reach_weapon=True)
    rat = foe("Rat", "B2", size=Size.TINY, speed_ft=15)
    e = encounter(8, 3, rat, sentry, **corridor(8))
    result = move(e, "Rat", "D2")
    assert path(result) == "B2 C2 D2"
    assert result.provokes == ("Sentry",)


def test_001_very_small_creature_may_end_in_an_opponents_square() -> None:
    # 001 Tiny, Diminutive, and Fine Creatures: "They must enter an opponent's square
    # to attack in melee."
    rat = foe("Rat", "A2", size=Size.TINY, speed_ft=15)
    e = encounter(8, 3, rat, pc("Ari", "C2"), **corridor(8))
    result = move(e, "Rat", "C2")
    assert path(result) == "A2 B2 C2"
    assert result.provokes == ("Ari",)


def test_001_very_small_creature_not_in_a_larger_friends_square() -> None:
    rat = pc("Rat", "A2", size=Size.TINY, speed_ft=15)
    e = encounter(8, 3, rat, pc("Ari", "C2"), **corridor(8))
    message = refused(e, "Rat", "C2")
    assert "C2" in message


def test_001_tiny_creatures_have_no_reach_moving_past_them_doesnt_provoke() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), foe("Rat", "C2", size=Size.TINY))
    result = move(e, "Ari", "B5")
    assert result.provokes == ()


def test_001_three_sizes_larger_any_creature_passes_through() -> None:
    giant = foe("Giant", "C1", size=Size.GARGANTUAN)
    e = encounter(8, 4, pc("Ari", "A2"), giant)
    result = move(e, "Ari", "H2", action="double")
    assert path(result) == "A2 B2 C2 D2 E2 F2 G2 H2"
    assert result.cost_ft == 35


def test_001_three_sizes_larger_passes_but_does_not_end_there() -> None:
    giant = foe("Giant", "C1", size=Size.GARGANTUAN)
    e = encounter(8, 4, pc("Ari", "A2"), giant)
    message = refused(e, "Ari", "D2")
    assert "D2" in message
    assert "Giant" in message


def test_001_three_sizes_smaller_a_big_creature_passes_through() -> None:
    giant = foe("Giant", "A1", size=Size.GARGANTUAN, speed_ft=40)
    e = encounter(12, 4, giant, pc("Ari", "F2"))
    result = move(e, "Giant", "H1")
    assert path(result) == "A1 B1 C1 D1 E1 F1 G1 H1"
    assert result.cost_ft == 35


def test_001_two_sizes_smaller_opponent_still_blocks() -> None:
    giant = foe("Giant", "A1", size=Size.HUGE, speed_ft=40)
    e = encounter(12, 3, giant, pc("Ari", "F2"))
    message = refused(e, "Giant", "H1")
    assert "H1" in message


# ----------------------------------------------------------- 001 Squeezing


def test_001_squeezing_a_large_creature_through_a_one_square_corridor_counts_double() -> None:
    walls = " ".join(f"{c}{r}" for c in "CDEF" for r in "1245")
    ogre = foe("Ogre", "A2", size=Size.LARGE, speed_ft=40)
    e = encounter(9, 5, ogre, wall=walls)
    result = move(e, "Ogre", "G3", action="double")
    assert path(result) == "A2 A3 B3 C3 D3 E3 F3 G3"
    # entering each square of the corridor counts 2 squares
    assert step_costs(result) == [5, 10, 10, 10, 10, 10, 5]
    assert result.cost_ft == 60
    assert "Squeezing" in warning_labels(result)


def test_001_squeezing_not_into_less_than_half_the_space() -> None:
    # a Huge creature (15 ft) can't squeeze into 5 ft: less than half its width
    walls = " ".join(f"{c}{r}" for c in "DE" for r in "1235")
    giant = foe("Giant", "A2", size=Size.HUGE, speed_ft=40)
    e = encounter(10, 5, giant, wall=walls)
    message = refused(e, "Giant", "G2", action="double")
    assert "G2" in message


def test_001_squeezing_a_medium_creature_through_a_narrow_gap() -> None:
    e = encounter(6, 3, pc("Ari", "A2"), narrow="B2", **corridor(6))
    result = move(e, "Ari", "C2")
    assert path(result) == "A2 B2 C2"
    assert step_costs(result) == [10, 5]
    assert "squeezing" in result.steps[0].why


# ------------------------------------------------------ 001 Minimum Movement


def test_001_minimum_movement_a_full_round_action_moves_5_ft() -> None:
    slug = pc("Slug", "B2", speed_ft=5)
    e = encounter(6, 6, slug, difficult="C2 C3")
    result = move(e, "Slug", "C2")
    assert path(result) == "B2 C2"
    assert result.cost_ft == 5
    assert result.extra["full_round"] is True
    assert "Minimum movement" in warning_labels(result)
    assert result.source.sections == ("Minimum Movement",)


def test_001_minimum_movement_even_diagonally() -> None:
    e = encounter(6, 6, pc("Slug", "B2", speed_ft=5), difficult="C2 C3")
    result = move(e, "Slug", "C3")
    assert path(result) == "B2 C3"
    assert result.cost_ft == 5


def test_001_minimum_movement_provokes_as_normal() -> None:
    e = encounter(6, 6, pc("Slug", "B2", speed_ft=5), foe("Orc", "A2"), difficult="C2")
    result = move(e, "Slug", "C2")
    assert result.provokes == ("Orc",)


def test_001_minimum_movement_not_through_impassable_terrain() -> None:
    e = encounter(6, 6, pc("Slug", "B2", speed_ft=5), wall="C2")
    message = refused(e, "Slug", "C2")
    assert "C2" in message
    assert "wall" in message


def test_001_minimum_movement_takes_the_whole_round() -> None:
    e = encounter(6, 6, pc("Slug", "B2", speed_ft=5), difficult="C2")
    first = move(e, "Slug", "C2")
    with pytest.raises(IllegalMove):
        move(first.encounter, "Slug", "D2")


# --------------------------------------------- 002 Move Actions, Movement in Combat


def test_002_move_actions_a_move_is_up_to_your_speed() -> None:
    e = encounter(10, 3, pc("Ari", "A2"))
    result = move(e, "Ari", "G2")
    assert result.cost_ft == 30
    assert result.total_ft == 30
    assert result.remaining_ft == 0


def test_002_move_actions_beyond_the_speed_says_what_it_costs() -> None:
    e = encounter(10, 3, pc("Ari", "A2"))
    message = refused(e, "Ari", "H2")
    assert "H2" in message
    assert "35 ft" in message
    assert "30 ft" in message


def test_002_move_actions_two_a_turn_then_no_more() -> None:
    e = encounter(20, 3, pc("Ari", "A2"))
    first = move(e, "Ari", "C2")
    second = move(first.encounter, "Ari", "E2")
    assert second.total_ft == 60
    assert second.used_ft == 20
    message = refused(second.encounter, "Ari", "F2")
    assert "no move action left" in message


def test_002_double_move_twice_the_speed() -> None:
    e = encounter(20, 3, pc("Ari", "A2"))
    result = move(e, "Ari", "M2", action="double")
    assert result.cost_ft == 60
    assert result.remaining_ft == 0


# ---------------------------------------------------------------- 002 Run


def test_002_run_x4_straight_line() -> None:
    e = encounter(30, 5, pc("Ari", "A3"))
    result = move(e, "Ari", "Y3", action="run")
    assert path(result) == " ".join(f"{chr(65 + c)}3" for c in range(25))
    assert result.cost_ft == 120
    assert result.total_ft == 120
    assert result.extra["full_round"] is True


def test_002_run_beyond_x4_is_refused() -> None:
    e = encounter(30, 5, pc("Ari", "A3"))
    message = refused(e, "Ari", "Z3", action="run")
    assert "Z3" in message
    assert "120 ft" in message


def test_002_run_too_far_says_what_it_costs() -> None:
    e = encounter(30, 5, pc("Ari", "A3"))
    message = refused(e, "Ari", "Z3", action="run")
    assert "125 ft" in message
    assert "straight line" not in message


@pytest.mark.parametrize(
    ("fields", "run_ft"),
    [
        ({"state": {"race": "human", "armor": "heavy"}}, 60),  # 20 ft in heavy armor, ×3
        ({"state": {"race": "human", "armor": "medium"}}, 80),  # 20 ft, still ×4
        ({"state": {"load": "heavy"}}, 60),  # 30 → 20 ft, ×3 with a heavy load
        ({"state": {"load": "medium"}}, 80),  # 30 → 20 ft, ×4
        ({"speed_ft": 20, "state": {"race": "dwarf", "armor": "heavy"}}, 60),  # still ×3
    ],
)
def test_002_run_x3_in_heavy_armor_or_with_a_heavy_load(
    fields: dict[str, object], run_ft: int
) -> None:
    e = encounter(30, 3, pc("Ari", "A2", **fields))
    result = move(e, "Ari", "B2", action="run")
    assert result.total_ft == run_ft


def test_002_run_not_across_difficult_terrain() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), difficult="F1 F2 F3 F4 F5")
    message = refused(e, "Ari", "K3", action="run")
    assert "K3" in message
    assert "run" in message


def test_002_run_a_line_from_corner_to_corner_may_slip_along_an_edge() -> None:
    # 002 Run: any squares one corner-to-corner line touches are "straight"; the
    # line along the top edge of row 3 also touches row 2, so a pillar at F3 is skirted
    e = encounter(20, 5, pc("Ari", "A3"), pillar="F3")
    result = move(e, "Ari", "K3", action="run")
    assert result.path[0] == Cell.parse("A3")
    assert result.path[-1] == Cell.parse("K3")
    assert Cell.parse("F3") not in result.path
    assert all(c.row in (1, 2) for c in result.path)


def test_002_run_not_bent_through_a_waypoint_off_the_line() -> None:
    e = encounter(20, 5, pc("Ari", "A3"))
    message = refused(e, "Ari", "K3", action="run", via="F1")
    assert "straight line" in message


def test_002_run_zigzag_is_not_a_straight_line() -> None:
    e = encounter(14, 6, pc("Ari", "A3"), pillar="D3 D4 H3 H2")
    with pytest.raises(IllegalMove):
        move(e, "Ari", "K3", action="run")


def test_002_run_refusal_does_not_offer_the_refused_square() -> None:
    e = encounter(30, 3, pc("Ari", "A2"), difficult="F1 F2 F3")
    message = refused(e, "Ari", "K2", action="run")
    assert "can reach K2" not in message


def test_002_run_blinded_cannot_run() -> None:
    e = encounter(20, 3, pc("Ari", "A2", conditions=frozenset({"blinded"})))
    message = refused(e, "Ari", "E2", action="run")
    assert "blind" in message


def test_002_run_not_while_climbing() -> None:
    e = encounter(20, 3, pc("Ari", "A2", speeds_ft={"climb": 20}))
    message = refused(e, "Ari", "E2", action="run", mode="climb")
    assert "climb" in message


# ------------------------------------------------------------- 002 Charge


def test_002_charge_up_to_twice_the_speed_in_a_straight_line() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "N3"))
    result = move(e, "Ari", "M3", action="charge")
    assert path(result) == " ".join(f"{chr(65 + c)}3" for c in range(13))
    assert result.cost_ft == 60
    assert result.extra["full_round"] is True


def test_002_charge_farther_than_twice_the_speed_is_refused() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "O3"))
    message = refused(e, "Ari", "N3", action="charge")
    assert "N3" in message


def test_002_charge_at_least_10_ft() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "C3"))
    message = refused(e, "Ari", "B3", action="charge")
    assert "at least 10 ft" in message
    assert move(e.with_token(foe("Orc", "D3")), "Ari", "C3", action="charge").cost_ft == 10


def test_002_charge_not_through_difficult_terrain() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "L3"), difficult="F1 F2 F3 F4 F5")
    message = refused(e, "Ari", "K3", action="charge")
    assert "K3" in message


def test_002_charge_by_the_shortest_path_not_around_difficult_terrain() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "L3"), difficult="F3")
    with pytest.raises(IllegalMove):
        move(e, "Ari", "K3", action="charge")


def test_002_charge_not_through_friends() -> None:
    e = encounter(12, 3, pc("Ari", "A2"), pc("Bo", "C2"), foe("Orc", "H2"), **corridor(12))
    assert move(e, "Ari", "G2", action="double").cost_ft == 30
    message = refused(e, "Ari", "G2", action="charge")
    assert "G2" in message


def test_002_charge_directly_toward_a_foe() -> None:
    """002 Charge: "directly toward a foe"; it ends where the charger can attack one."""
    alone = encounter(20, 5, pc("Ari", "A3"))
    assert "nobody hostile is within its reach at G3" in refused(
        alone, "Ari", "G3", action="charge"
    )
    away = encounter(20, 5, pc("Ari", "J3"), foe("Orc", "T3"))
    assert "nobody hostile" in refused(away, "Ari", "A3", action="charge")
    result = move(away, "Ari", "S3", action="charge")
    assert any(w.label == "Charge" and "Orc" in w.text for w in result.warnings)


def test_002_charge_to_the_closest_square_from_which_it_can_attack() -> None:
    """002 Charge: "move ... to the closest square from which you can attack your
    opponent": beside the Orc, not past it."""
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "H3"))
    message = refused(e, "Ari", "H4", action="charge")  # beside the Orc, but 35 ft off
    assert "closest square from which Ari can attack" in message
    assert "(30 ft away), not H4" in message
    assert move(e, "Ari", "G3", action="charge").cost_ft == 30


def test_002_charge_takes_the_whole_round() -> None:
    e = encounter(20, 5, pc("Ari", "A3"), foe("Orc", "D3"))
    first = move(e, "Ari", "C3", action="charge")
    message = refused(first.encounter, "Ari", "C4")
    assert "no move action left" in message


# ---------------------------------------------------- 002 Take a 5-Foot Step


def test_002_take_a_5_foot_step_doesnt_provoke() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), foe("Orc", "C2"))
    result = move(e, "Ari", "A2", action="5ft-step")
    assert path(result) == "B2 A2"
    assert result.cost_ft == 5
    assert result.provokes == ()
    # the same square by a move action provokes
    assert move(e, "Ari", "A2").provokes == ("Orc",)


def test_002_take_a_5_foot_step_no_other_movement_that_round() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), foe("Orc", "C2"))
    stepped = move(e, "Ari", "A2", action="5ft-step")
    message = refused(stepped.encounter, "Ari", "A4")
    assert "5-foot step" in message


def test_002_take_a_5_foot_step_not_after_moving() -> None:
    e = encounter(6, 6, pc("Ari", "B2"))
    moved = move(e, "Ari", "B3")
    message = refused(moved.encounter, "Ari", "B4", action="5ft-step")
    assert "5-foot step" in message


def test_002_take_a_5_foot_step_not_into_difficult_terrain() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), difficult="A2")
    message = refused(e, "Ari", "A2", action="5ft-step")
    assert "A2" in message


def test_002_take_a_5_foot_step_refusal_names_the_difficult_terrain() -> None:
    e = encounter(6, 6, pc("Ari", "B2"), difficult="A2")
    message = refused(e, "Ari", "A2", action="5ft-step")
    assert "difficult" in message


def test_002_take_a_5_foot_step_not_at_speed_5_ft() -> None:
    e = encounter(6, 6, pc("Ari", "B2", speed_ft=5))
    message = refused(e, "Ari", "A2", action="5ft-step")
    assert "5 ft" in message
    assert "5-foot step" in message


def test_002_take_a_5_foot_step_one_square_only() -> None:
    e = encounter(6, 6, pc("Ari", "B2"))
    message = refused(e, "Ari", "B4", action="5ft-step")
    assert "B4" in message


def test_002_take_a_5_foot_step_with_a_mode_it_has_a_speed_for() -> None:
    e = encounter(6, 6, pc("Ari", "B2"))
    message = refused(e, "Ari", "B3", action="5ft-step", mode="fly")
    assert "fly" in message


# ------------------------------------------------------------- 002 Withdraw


def test_002_withdraw_the_first_square_is_not_threatened() -> None:
    e = encounter(10, 6, pc("Ari", "C3"), foe("Orc", "D3"))
    result = move(e, "Ari", "A3", action="withdraw")
    assert path(result) == "C3 B3 A3"
    assert result.provokes == ()
    assert move(e, "Ari", "A3", action="double").provokes == ("Orc",)


def test_002_withdraw_later_threatened_squares_provoke() -> None:
    e = encounter(10, 6, pc("Ari", "C3"), foe("Orc", "D3"), foe("Gob", "A3"))
    result = move(e, "Ari", "A5", action="withdraw")
    assert path(result) == "C3 B4 A5"
    # C3 (threatened by both) is free; B4 is threatened by the goblin
    assert result.provokes == ("Gob",)
    assert result.provoked_at["Gob"] == Cell.parse("B4")


def test_002_withdraw_up_to_double_speed() -> None:
    e = encounter(20, 3, pc("Ari", "A2"), foe("Orc", "B1"))
    assert move(e, "Ari", "M2", action="withdraw").cost_ft == 60
    message = refused(e, "Ari", "N2", action="withdraw")
    assert "N2" in message


def test_002_withdraw_is_a_full_round_action() -> None:
    e = encounter(20, 3, pc("Ari", "A2"))
    moved = move(e, "Ari", "B2")
    message = refused(moved.encounter, "Ari", "C2", action="withdraw")
    assert "whole round" in message


# ------------------------------------------------- 002 Stand Up from Prone


def test_002_stand_up_from_prone_is_a_move_action_that_provokes() -> None:
    ari = pc("Ari", "C3", conditions=frozenset({"prone"}))
    e = encounter(10, 6, ari, foe("Orc", "D3"))
    stood = move(e, "Ari", action="stand")
    assert stood.path == (Cell.parse("C3"),)
    assert stood.provokes == ("Orc",)
    assert "prone" not in stood.token.conditions
    # one move action is left: 30 ft, then nothing
    after = move(stood.encounter, "Ari", "C6")
    assert after.cost_ft == 15
    assert refused(after.encounter, "Ari", "C5").startswith("Ari has no move action left")


def test_002_stand_up_from_prone_then_move_in_one_command() -> None:
    ari = pc("Ari", "C3", conditions=frozenset({"prone"}))
    e = encounter(10, 6, ari, foe("Orc", "D3"))
    result = move(e, "Ari", "C6", action="stand")
    assert path(result) == "C3 C4 C5 C6"
    assert result.provokes == ("Orc",)
    assert result.total_ft == 30


def test_002_stand_up_does_not_count_as_movement_so_a_5_foot_step_follows() -> None:
    # 002 Move Actions: a move action that isn't movement allows a 5-foot step;
    # Stand Up from Prone: "This does not count as movement"
    ari = pc("Ari", "C3", conditions=frozenset({"prone"}))
    stood = move(encounter(10, 6, ari), "Ari", action="stand")
    stepped = move(stood.encounter, "Ari", "C4", action="5ft-step")
    assert stepped.cost_ft == 5


def test_002_stand_up_only_when_prone() -> None:
    e = encounter(10, 6, pc("Ari", "C3"))
    assert "isn't prone" in refused(e, "Ari", action="stand")


def test_002_prone_creature_must_stand_or_crawl() -> None:
    e = encounter(10, 6, pc("Ari", "C3", conditions=frozenset({"prone"})))
    message = refused(e, "Ari", "C5")
    assert "prone" in message


def test_002_move_actions_crawl_5_ft_while_prone_provokes() -> None:
    # the 3.5 seeds don't describe crawling: the SRD's 5 ft as a move action
    ari = pc("Ari", "C3", conditions=frozenset({"prone"}))
    e = encounter(10, 6, ari, foe("Orc", "D3"))
    result = move(e, "Ari", "C4", action="crawl")
    assert path(result) == "C3 C4"
    assert result.cost_ft == 5
    assert result.provokes == ("Orc",)
    assert "prone" in result.token.conditions
    assert "C5" in refused(e, "Ari", "C5", action="crawl")


# -------------------------------------------------- 001 Tactical Speed


@pytest.mark.parametrize(
    ("race", "light", "heavy"),
    [
        ("human", 30, 20),
        ("elf", 30, 20),
        ("half-elf", 30, 20),
        ("half-orc", 30, 20),
        ("dwarf", 20, 20),
        ("halfling", 20, 15),
        ("gnome", 20, 15),
    ],
)
def test_001_tactical_speed_table_race_by_armor(race: str, light: int, heavy: int) -> None:
    for armor, expected in (("none", light), ("light", light), ("medium", heavy), ("heavy", heavy)):
        fields = RULES.sheet.token_fields(TokenSpec(options={"race": race, "armor": armor}))
        token = fields.apply(Token("X", Cell.parse("A1")))
        assert RULES.sheet.token_movement(token).speed_ft == expected, (race, armor)


def test_001_tactical_speed_the_move_uses_it() -> None:
    fields = RULES.sheet.token_fields(TokenSpec(options={"race": "halfling", "armor": "heavy"}))
    token = fields.apply(Token("Pip", Cell.parse("A2"), team="party"))
    e = encounter(10, 3, token)
    assert move(e, "Pip", "D2").cost_ft == 15
    assert "E2" in refused(e, "Pip", "E2")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (TokenSpec(options={"race": "human", "load": "light"}), 30),
        (TokenSpec(options={"race": "human", "load": "medium"}), 20),
        (TokenSpec(options={"race": "human", "load": "heavy"}), 20),
        (TokenSpec(options={"race": "halfling", "load": "medium"}), 15),
        (TokenSpec(speed="30", options={"load": "medium"}), 20),
        (TokenSpec(speed="20", options={"load": "heavy"}), 15),
        (TokenSpec(options={"race": "dwarf", "load": "heavy"}), 20),
    ],
)
def test_001_encumbrance_medium_or_heavy_load_30_to_20(spec: TokenSpec, expected: int) -> None:
    # the 3.5 seeds have no load table: the 3.5 SRD's
    fields = RULES.sheet.token_fields(spec)
    token = fields.apply(Token("X", Cell.parse("A1")))
    assert RULES.sheet.token_movement(token).speed_ft == expected


def test_001_bonuses_to_speed_apply_before_armor() -> None:
    token = Token(
        "X", Cell.parse("A1"), speed_bonus_ft=10, state={"race": "human", "armor": "medium"}
    )
    # 30 + 10 = 40 first, then medium armor: 40 → 30
    assert RULES.sheet.token_movement(token).speed_ft == 30


def test_001_tactical_speed_unknown_race_is_refused() -> None:
    with pytest.raises(InvalidInput):
        RULES.sheet.token_fields(TokenSpec(options={"race": "centaur"}))


# ------------------------------------- 001 Big and Little Creatures in Combat


def test_001_big_creatures_natural_reach_tall_10_ft_long_5_ft() -> None:
    tall = foe("Ogre", "D4", size=Size.LARGE)
    long = foe("Ogre", "D4", size=Size.LARGE, state={"body": "long"})
    # B4 is 10 ft from the ogre's space: a tall Large creature reaches it, a long one doesn't
    e = encounter(10, 10, pc("Ari", "B4"), tall)
    assert move(e, "Ari", "A4").provokes == ("Ogre",)
    e = encounter(10, 10, pc("Ari", "B4"), long)
    assert move(e, "Ari", "A4").provokes == ()
    # adjacent squares are threatened either way
    e = encounter(10, 10, pc("Ari", "C4"), long)
    assert move(e, "Ari", "B4").provokes == ("Ogre",)


def test_001_big_creatures_10_ft_reach_counts_diagonals_1_2() -> None:
    # B2 is two diagonals from the ogre's corner C3... 1 + 2 = 3 squares = 15 ft: out of reach
    e = encounter(10, 10, pc("Ari", "B2"), foe("Ogre", "D4", size=Size.LARGE))
    assert move(e, "Ari", "A1").provokes == ()


def test_001_big_creatures_reach_weapon_threatens_at_double_reach_not_adjacent() -> None:
    sentry = foe("Sentry", "E5", reach_weapon=True)
    e = encounter(10, 10, pc("Ari", "D5"), sentry)
    # leaving the adjacent D5 is free; leaving C5 (10 ft away) provokes
    result = move(e, "Ari", "B5")
    assert path(result) == "D5 C5 B5"
    assert result.provokes == ("Sentry",)
    assert result.provoked_at["Sentry"] == Cell.parse("C5")
    assert move(e, "Ari", "D6", action="move").provokes == ()


def test_001_big_creatures_large_reach_weapon_reaches_15_and_20_ft() -> None:
    ogre = foe("Ogre", "E5", size=Size.LARGE, reach_weapon=True)
    # 10 ft from the ogre's space (C5): not threatened with the reach weapon
    assert move(encounter(12, 12, pc("Ari", "C5"), ogre), "Ari", "C4").provokes == ()
    # 15 ft (B5): threatened
    assert move(encounter(12, 12, pc("Ari", "B5"), ogre), "Ari", "A5").provokes == ("Ogre",)


def test_001_one_opportunity_attack_per_enemy_for_a_move() -> None:
    e = encounter(10, 6, pc("Ari", "C3"), foe("Orc", "D3"))
    result = move(e, "Ari", "E5")
    # C3 and every square beside the orc are left: one attack of opportunity
    assert result.provokes == ("Orc",)


def test_001_one_opportunity_attack_per_enemy_per_round() -> None:
    e = encounter(10, 6, pc("Ari", "C3"), foe("Orc", "D3"))
    first = move(e, "Ari", "C4")
    assert first.provokes == ("Orc",)
    second = move(first.encounter, "Ari", "C6")
    assert second.provokes == ()


def test_001_one_opportunity_attack_per_enemy_per_round_lower_case_name() -> None:
    e = encounter(10, 6, pc("Ari", "C3"), foe("orc", "D3"))
    first = move(e, "Ari", "C4")
    second = move(first.encounter, "Ari", "C6")
    assert first.provokes == ("orc",)
    assert second.provokes == ()


def test_001_creature_size_and_scale_space() -> None:
    sides = RULES.footprint_squares
    assert sides[Size.SMALL] == sides[Size.MEDIUM] == 1
    assert sides[Size.LARGE] == 2
    assert sides[Size.HUGE] == 3
    assert sides[Size.GARGANTUAN] == 4
    assert sides[Size.COLOSSAL] == 6  # 30 ft
    assert Size.TITANIC not in sides


def test_001_creature_size_and_scale_colossal_takes_30_ft() -> None:
    titan = foe("Tarrasque", "A1", size=Size.COLOSSAL, speed_ft=20)
    e = encounter(10, 10, titan)
    assert move(e, "Tarrasque", "E1").cost_ft == 20
    message = refused(e, "Tarrasque", "F1")
    assert "off the map" in message


def test_001_big_creatures_need_room_for_the_whole_space() -> None:
    ogre = foe("Ogre", "A1", size=Size.LARGE)
    e = encounter(10, 10, ogre, wall="C1 D2")
    # at C1 the ogre would cover C1 D1 C2 D2: no strip of it is open to squeeze into
    message = refused(e, "Ogre", "C1")
    assert "C1" in message


def test_001_illegal_move_changes_nothing() -> None:
    e = encounter(8, 3, pc("Ari", "A2"), foe("Orc", "C2"), **corridor(8))
    before = replace(e)
    with pytest.raises(IllegalMove):
        move(e, "Ari", "E2")
    assert e == before


# ------------------------------------------- rules no issue named yet


def test_002_standard_action_versions_when_staggered() -> None:
    """002 Withdraw / Run / Charge: limited to a standard action, each moves up to
    the creature's speed as a standard action."""
    staggered = frozenset({"staggered"})
    e = encounter(12, 3, foe("Orc", "A2"), pc("Ari", "B2", conditions=staggered), **corridor(12))
    withdraw = move(e, "Ari", "H2", action="withdraw")
    assert withdraw.cost_ft == 30
    assert withdraw.provokes == ()  # the first square still isn't threatened
    assert "35 ft" in refused(e, "Ari", "I2", action="withdraw")  # past its speed
    assert move(e, "Ari", "H2").provokes == ("Orc",)  # a plain move provokes
    assert "staggered" in refused(e, "Ari", "D2", action="double")
    assert "staggered" in refused(withdraw.encounter, "Ari", "I2")


def test_001_incorporeal_creatures_are_not_hampered_by_difficult_terrain() -> None:
    ghost = pc("Ghost", "A2", conditions=frozenset({"incorporeal"}))
    e = encounter(6, 3, ghost, difficult="B2 C2")
    assert move(e, "Ghost", "D2").cost_ft == 15


def test_001_hampered_movement_poor_visibility_doubles() -> None:
    """001 Hampered Movement: "Difficult terrain, obstacles, or poor visibility can
    hamper movement" (x2); darkness on difficult terrain is doubled twice."""
    e = encounter(6, 3, pc("Ari", "A2"), **corridor(6)).in_dark(cells("B2 C2"), True)
    assert step_costs(move(e, "Ari", "D2")) == [10, 10, 5]
    rubble = e.with_terrain(cells("C2"), Terrain.DIFFICULT)
    assert step_costs(move(rubble, "Ari", "D2", action="double")) == [10, 20, 5]
    seer = replace(e.token("Ari"), conditions=frozenset({"darkvision"}))
    assert step_costs(move(e.with_token(seer), "Ari", "D2")) == [5, 5, 5]
    assert "darkness" in refused(e, "Ari", "B2", action="5ft-step")


def test_001_bonuses_to_speed_same_type_does_not_stack() -> None:
    """001 Bonuses to Speed: "multiple bonuses of the same type to a character's speed
    don't stack"; bonuses apply before armor."""
    from bot.encounter_ops.token_options import parse_bonuses

    bonuses, notes = parse_bonuses("enhancement +30, morale +10, enhancement +20")
    assert bonuses == {"enhancement": 30, "morale": 10}
    assert "don't stack" in notes[0].text
    token = pc("Ari", "A1", speed_ft=30, speed_bonuses_ft=bonuses, state={"race": "human"})
    assert RULES.sheet.token_movement(token).speed_ft == 70
    armored = token.with_state(armor="heavy")
    # 70 ft in heavy armor: the SRD's reduced speed for 70 is 50
    assert RULES.sheet.token_movement(armored).speed_ft == 50
    with pytest.raises(InvalidInput, match="typed bonus"):
        parse_bonuses("fast")


def test_a_move_to_where_the_token_stands_spends_no_move_action() -> None:
    """002 Move actions: moving nowhere is refused, so both move actions stay for real
    moves (the audit found two 'stays at A1' replies using them up)."""
    e = encounter(8, 3, pc("Ari", "A1"))
    for _ in range(2):
        with pytest.raises(InvalidInput, match="already at A1"):
            move(e, "Ari", "A1")
    first = move(e, "Ari", "B1")
    assert move(first.encounter, "Ari", "C1").path[-1] == Cell.parse("C1")


def test_001_hampered_movement_a_blinded_mover_sees_nothing_anywhere() -> None:
    """001 Hampered Movement: poor visibility hampers (x2) — a blinded creature has it in
    every square, darkvision or not; and no 5-foot step while hampered (002)."""
    blind = pc("Ari", "A2", conditions=frozenset({"blinded", "darkvision"}))
    e = encounter(6, 3, blind, **corridor(6))
    result = move(e, "Ari", "C2")
    assert step_costs(result) == [10, 10]
    assert "blinded" in result.steps[0].why
    assert "blinded" in refused(e, "Ari", "B2", action="5ft-step")


# ------------------------------------------------------ 001 Movement Modes › Climb


async def test_001_climb_accelerated_climb_doubles_climb_speed_capped_by_land_speed(
    gm: Context,
) -> None:
    """001 Movement Modes › Climb: "If it chooses an accelerated climb, it moves at double
    the given climb speed (or its base land speed, whichever is lower) and makes a single
    Climb check at a –5 penalty." Climb 20, land 30: 30 ft; climb 10, land 30: 20 ft."""
    await console.run(
        gm,
        "/encounter start width:20 height:6 ruleset:3.5",
        "/token add name:Spider at:A2 speed:30 climb:20 team:party",
        "/token add name:Gecko at:A4 speed:30 climb:10 team:party",
    )
    spider = await console.run(gm, "/move token:Spider to:G2 action:accelerated-climb")
    assert spider.result["cost_ft"] == 30
    assert "single Climb check at −5" in spider.as_text()
    await console.refused(
        gm, "/move token:Gecko to:F4 action:accelerated", IllegalMove, "allows 20 ft"
    )
    gecko = await console.run(gm, "/move token:Gecko to:E4 action:accelerated")
    assert gecko.result["cost_ft"] == 20


async def test_001_climb_accelerated_climb_needs_a_climb_speed(gm: Context) -> None:
    await console.run(
        gm,
        "/encounter start width:20 height:6 ruleset:3.5",
        "/token add name:Ari at:A4 speed:30 team:party",
    )
    await console.refused(
        gm, "/move token:Ari to:C4 action:accelerated", IllegalMove, "no climb speed"
    )
    await console.refused(
        gm, "/move token:Ari to:C4 action:accelerated mode:fly", InvalidInput, "is a climb"
    )
