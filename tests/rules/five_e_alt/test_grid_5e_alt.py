"""/move under 5e-alt against seed 000_9613c147f2b39ce7.txt ("Alternate Movement").

Each test names the seed section it checks (``test_000_<section>_...``). Rulings the
seed leaves open (grid diagonals, opportunity attacks, wall corners) follow
docs/RULINGS.md and say so. Maps are small; a row of walls under row 1 makes a
one-square lane (``lane``) so that a path is forced and its squares can be asserted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest, MoveResult, TokenSpec, last_mode
from tests.rules.grid_kit import said

SEED = "000_9613c147f2b39ce7.txt"
RULES = get_ruleset("5e-alt")
YOUNG_WHITE_DRAGON = "40 ft., burrow 20 ft., fly 80 ft., swim 40 ft."


def c(text: str) -> Cell:
    return Cell.parse(text)


def cells(*texts: str) -> list[Cell]:
    return [Cell.parse(t) for t in texts]


def names(path: Iterable[Cell]) -> list[str]:
    return [str(cell) for cell in path]


def ari(at: str = "A1", **fields: object) -> Token:
    return replace(Token("Ari", c(at), team="party", speed_ft=30), **fields)


def orc(at: str, **fields: object) -> Token:
    return replace(Token("Orc", c(at), team="enemy", speed_ft=30), **fields)


def board(*tokens: Token, size: int = 10, diagonal_rule: str = "5") -> Encounter:
    encounter = Encounter(size, size, "5e-alt", "dm", options={"diagonals": diagonal_rule})
    for token in tokens:
        encounter = encounter.with_token(token)
    return encounter


def lane(*tokens: Token, **terrain: str) -> Encounter:
    """Row 1 open, row 2 walls: a one-square lane; ``B1="difficult"`` sets terrain."""
    encounter = board(*tokens).with_terrain([Cell(col, 1) for col in range(10)], Terrain.WALL)
    for text, kind in terrain.items():
        encounter = encounter.with_terrain([c(text)], Terrain(kind))
    return encounter


def move(encounter: Encounter, token: str, to: str | None = None, **options: object) -> MoveResult:
    request = MoveRequest(token, to=c(to) if to else None, **options)  # type: ignore[arg-type]
    return RULES.move(encounter, request)


def refused(encounter: Encounter, token: str, to: str | None = None, **options: object) -> str:
    """The message of an illegal move (which leaves the encounter as it was)."""
    before = encounter
    with pytest.raises(IllegalMove) as error:
        move(encounter, token, to, **options)
    assert encounter == before
    return said(error.value)


def step_costs(result: MoveResult) -> list[float]:
    return [step.cost_ft for step in result.steps]


def dragon(at: str = "A1") -> Token:
    fields = RULES.sheet.token_fields(TokenSpec(size=Size.LARGE, speed=YOUNG_WHITE_DRAGON))
    return Token("Drake", c(at), size=Size.LARGE, team="enemy", **fields.values)


def creature(line: str, at: str = "A1", **extra: object) -> Token:
    fields = RULES.sheet.token_fields(TokenSpec(speed=line))
    return Token("Ari", c(at), team="party", **fields.values, **extra)  # type: ignore[arg-type]


# ------------------------------------------------------- Moving On Your Turn


def test_000_moving_on_your_turn_gains_speed_at_start() -> None:
    """000 "Moving On Your Turn" › Gaining Movement: Movement equal to Speed at the
    start of the turn; Spending Movement: one foot per foot, 5 ft per square."""
    result = move(lane(ari()), "Ari", "D1")
    assert names(result.path) == ["A1", "B1", "C1", "D1"]
    assert step_costs(result) == [5.0, 5.0, 5.0]
    assert (result.cost_ft, result.used_ft, result.total_ft) == (15.0, 15.0, 30.0)
    assert result.remaining_ft == 15.0
    assert result.token.cell == c("D1")
    assert result.source.seed_file == SEED
    assert "Moving On Your Turn" in result.source.sections


def test_000_moving_on_your_turn_movement_left_carries_across_moves() -> None:
    """000 "Moving On Your Turn" › Spending Movement: "You can continue to Move on your
    turn so long as you have Movement left to spend" — across several /move calls."""
    first = move(lane(ari()), "Ari", "D1")
    second = move(first.encounter, "Ari", "F1")
    assert names(second.path) == ["D1", "E1", "F1"]
    assert (second.cost_ft, second.used_ft, second.total_ft, second.remaining_ft) == (
        10.0,
        25.0,
        30.0,
        5.0,
    )
    third = move(second.encounter, "Ari", "G1")
    assert (third.used_ft, third.remaining_ft) == (30.0, 0.0)
    message = refused(third.encounter, "Ari", "H1")
    assert message == (
        "Ari has no movement left this turn (30 ft of 30 ft used): action:dash gains more, "
        "or /turn next starts the next turn."
    )


def test_000_moving_on_your_turn_nearest_alternative_when_short() -> None:
    """000 "Moving On Your Turn": too far for the Movement left is refused, naming
    the cost, the allowance and the nearest square it can reach."""
    spent = move(lane(ari()), "Ari", "F1").encounter
    message = refused(spent, "Ari", "J1")
    assert message == (
        "Ari can't reach J1: that costs 20 ft and move allows 5 ft. Ari can reach G1 for 5 ft. "
        "action:dash reaches it (35 ft of movement)."
    )


def test_000_losing_movement_start_turn_resets() -> None:
    """000 "Moving On Your Turn" › Losing Movement: what is left is lost at the end of
    the turn; the next turn gains Speed afresh (``start_turn``)."""
    spent = move(lane(ari()), "Ari", "F1")
    assert spent.remaining_ft == 5.0
    fresh = RULES.economy.start_turn(spent.token)
    assert (fresh.activity.budget_ft, fresh.activity.spent_ft) == (0.0, 0.0)
    again = move(spent.encounter.with_token(fresh), "Ari", "J1")
    assert names(again.path) == ["F1", "G1", "H1", "I1", "J1"]
    assert (again.cost_ft, again.used_ft, again.total_ft) == (20.0, 20.0, 30.0)


def test_000_dashing_adds_speed_mid_turn() -> None:
    """000 "Dashing": the Dash Action gains Movement equal to Speed, on top of what
    is left this turn."""
    spent = move(lane(ari()), "Ari", "F1").encounter
    result = move(spent, "Ari", "J1", action="dash")
    assert names(result.path) == ["F1", "G1", "H1", "I1", "J1"]
    assert (result.cost_ft, result.used_ft, result.total_ft, result.remaining_ft) == (
        20.0,
        45.0,
        60.0,
        15.0,
    )
    assert "Dashing" in result.source.sections
    assert any(n.label == "Dash" and "30 ft" in n.text for n in result.notes)


def test_000_dashing_on_the_first_move_gives_twice_speed() -> None:
    """000 "Gaining Movement" + "Dashing": the turn's Speed and the Dash's Speed."""
    result = move(board(ari(), size=20), "Ari", "M1", action="dash")
    assert (result.cost_ft, result.total_ft, result.remaining_ft) == (60.0, 60.0, 0.0)
    refused_text = refused(board(ari(), size=20), "Ari", "N1", action="dash")
    assert refused_text.startswith("Ari can't reach N1: that costs 65 ft and dash allows 60 ft.")
    assert refused_text.endswith("Ari can reach M1 for 60 ft.")


# ------------------------------------------------------------- diagonals


def test_000_moving_on_your_turn_diagonal_is_5_ft_by_default() -> None:
    """Issue 5 item 7: seed 000 is silent on grid diagonals; the bot counts 5 ft each."""
    result = move(board(ari()), "Ari", "D4")
    assert names(result.path) == ["A1", "B2", "C3", "D4"]
    assert step_costs(result) == [5.0, 5.0, 5.0]
    assert result.cost_ft == 15.0


def test_000_moving_on_your_turn_diagonals_5_10_5() -> None:
    """Issue 5 item 7: ``5-10-5`` makes every second diagonal 10 ft."""
    result = move(board(ari(), diagonal_rule="5-10-5"), "Ari", "D4")
    assert names(result.path) == ["A1", "B2", "C3", "D4"]
    assert step_costs(result) == [5.0, 10.0, 5.0]
    assert (result.cost_ft, result.remaining_ft) == (20.0, 10.0)
    assert "2nd diagonal 10 ft" in result.steps[1].why


def test_000_moving_on_your_turn_5_10_5_counts_across_moves_in_a_turn() -> None:
    """The 5-10-5 count continues across /move calls in one turn and restarts next turn."""
    first = move(board(ari(), diagonal_rule="5-10-5"), "Ari", "B2")
    assert first.cost_ft == 5.0
    second = move(first.encounter, "Ari", "C3")
    assert (second.cost_ft, second.used_ft) == (10.0, 15.0)
    fresh = first.encounter.with_token(RULES.economy.start_turn(first.token))
    assert move(fresh, "Ari", "C3").cost_ft == 5.0


def test_000_moving_on_your_turn_diagonals_euclidean() -> None:
    """Issue 5 item 7: ``euclidean`` counts a diagonal 5√2 ft."""
    result = move(board(ari(), diagonal_rule="euclidean"), "Ari", "D4")
    assert names(result.path) == ["A1", "B2", "C3", "D4"]
    assert result.cost_ft == pytest.approx(15 * math.sqrt(2), abs=1e-3)
    assert result.remaining_ft == pytest.approx(30 - 15 * math.sqrt(2), abs=1e-3)
    straight = move(board(ari(), diagonal_rule="euclidean"), "Ari", "D1")
    assert straight.cost_ft == 15.0


# ------------------------------------------------------------------ Slowed


def test_000_slowed_doubles_movement_spent() -> None:
    """000 Conditions › Slowed: twice as much Movement to Move."""
    result = move(lane(ari(conditions=frozenset({"slowed"}))), "Ari", "C1")
    assert step_costs(result) == [10.0, 10.0]
    assert (result.cost_ft, result.remaining_ft) == (20.0, 10.0)


def test_000_slowed_does_not_stack_with_difficult_terrain() -> None:
    """000 Slowed + Difficult Terrain: both make the creature Slowed, which doubles
    once (×2, not ×4)."""
    encounter = lane(ari(conditions=frozenset({"slowed"})), B1="difficult")
    result = move(encounter, "Ari", "C1")
    assert names(result.path) == ["A1", "B1", "C1"]
    assert step_costs(result) == [10.0, 10.0]
    assert result.cost_ft == 20.0


def test_000_slowed_does_not_stack_difficult_terrain_and_a_creature() -> None:
    """An ally standing in rubble: two causes of Difficult Terrain, one doubling."""
    encounter = lane(ari(), Token("Bo", c("B1"), team="party"), B1="difficult")
    result = move(encounter, "Ari", "C1")
    assert step_costs(result) == [10.0, 10.0]


# -------------------------------------------------------- Difficult Terrain


def test_000_difficult_terrain_slows_moving_in_and_out() -> None:
    """000 "Difficult Terrain": Slowed while moving in or out of the space."""
    result = move(lane(ari(), B1="difficult"), "Ari", "D1")
    assert names(result.path) == ["A1", "B1", "C1", "D1"]
    assert step_costs(result) == [10.0, 10.0, 5.0]
    assert (result.cost_ft, result.remaining_ft) == (25.0, 5.0)
    assert "Slowed ×2 (difficult at B1)" in result.steps[0].why


def test_000_difficult_terrain_slows_while_within() -> None:
    """000 "Difficult Terrain": "as well as while you are occupying the space"."""
    encounter = lane(ari(), B1="difficult", C1="difficult", D1="difficult")
    result = move(encounter, "Ari", "D1")
    assert step_costs(result) == [10.0, 10.0, 10.0]
    assert (result.cost_ft, result.remaining_ft) == (30.0, 0.0)
    assert refused(encounter, "Ari", "E1") == (
        "Ari can't reach E1: that costs 40 ft and move allows 30 ft. Ari can reach D1 for 30 ft. "
        "action:dash reaches it (60 ft of movement)."
    )


def test_000_difficult_terrain_is_avoided_when_a_way_round_is_cheaper() -> None:
    """Cheapest path: stepping round one rubble square (diagonals 5 ft) costs nothing extra."""
    result = move(board(ari()).with_terrain([c("B1")], Terrain.DIFFICULT), "Ari", "C1")
    assert names(result.path) == ["A1", "B2", "C1"]
    assert result.cost_ft == 10.0


@pytest.mark.parametrize("kind", ["difficult", "obstacle", "slope", "water"])
def test_000_difficult_terrain_causes(kind: str) -> None:
    """000 "Difficult Terrain": loose material / hazard (difficult, obstacle), a slope of
    45° or more without a climb speed, liquid without a swim speed."""
    result = move(lane(ari(), B1=kind), "Ari", "C1")
    assert names(result.path) == ["A1", "B1", "C1"]
    assert step_costs(result) == [10.0, 10.0]


def test_000_difficult_terrain_slope_not_for_a_climb_speed() -> None:
    """000 Step 2 › Climb: slopes are not Difficult Terrain with a climb speed."""
    result = move(lane(ari(speeds_ft={"climb": 30}), B1="slope"), "Ari", "C1")
    assert step_costs(result) == [5.0, 5.0]


def test_000_difficult_terrain_water_not_for_a_swim_speed() -> None:
    """000 Step 2 › Swim: liquid doesn't make a space Difficult Terrain with a swim speed."""
    result = move(lane(ari(speeds_ft={"swim": 30}), B1="water"), "Ari", "C1")
    assert step_costs(result) == [5.0, 5.0]


def test_000_swim_through_water_without_a_swim_speed() -> None:
    """000 "Swim" (Common Movement; Difficult Terrain): anyone swims, liquid slows it."""
    water = [Cell(col, 0) for col in range(10)]
    result = move(lane(ari()).with_terrain(water, Terrain.WATER), "Ari", "C1")
    assert step_costs(result) == [10.0, 10.0]
    assert "liquid" in result.steps[0].why


def test_000_difficult_terrain_narrow_opening_squeezes_a_medium_creature() -> None:
    """000 "Difficult Terrain" › Squeezing: an opening sized one Size smaller (``narrow``
    is sized for Small) is Difficult Terrain for a Medium creature — moving in and out."""
    result = move(lane(ari(), B1="narrow"), "Ari", "C1")
    assert names(result.path) == ["A1", "B1", "C1"]
    assert step_costs(result) == [10.0, 10.0]
    assert any(w.label == "Squeezing" for w in result.warnings)


def test_000_difficult_terrain_narrow_opening_is_clear_for_small() -> None:
    """A Small creature fits an opening sized for Small: no squeezing."""
    result = move(lane(ari(size=Size.SMALL), B1="narrow"), "Ari", "C1")
    assert step_costs(result) == [5.0, 5.0]


def test_000_difficult_terrain_narrow_opening_closed_two_sizes_smaller() -> None:
    """000 Squeezing: "you can't Move through an opening sized for a creature two Sizes
    smaller": a Large creature and a Small-sized gap."""
    walls = [Cell(col, 2) for col in range(10)]
    encounter = (
        board(Token("Ogre", c("A1"), size=Size.LARGE, team="enemy"))
        .with_terrain(walls, Terrain.WALL)
        .with_terrain(cells("C1", "C2"), Terrain.NARROW)
    )
    assert refused(encounter, "Ogre", "C1") == (
        "Ogre can't move to C1: C1 is a gap too narrow for a Large creature."
    )
    with pytest.raises(IllegalMove):
        move(encounter, "Ogre", "E1")


def test_000_difficult_terrain_narrow_opening_squeezes_a_flyer_too() -> None:
    """000 Squeezing is about the opening, not the ground: a Medium creature flying
    through an opening sized for Small is Slowed moving in and out (docs/RULINGS.md:
    narrow gaps still stop a flyer)."""
    token = ari(speeds_ft={"fly": 30})
    result = move(lane(token, B1="narrow"), "Ari", "C1", mode="fly")
    assert step_costs(result) == [10.0, 10.0]


def test_000_difficult_terrain_narrow_opening_closed_to_a_large_flyer() -> None:
    walls = [Cell(col, 2) for col in range(10)]
    roc = Token("Roc", c("A1"), size=Size.LARGE, team="enemy", speeds_ft={"fly": 60})
    encounter = (
        board(roc).with_terrain(walls, Terrain.WALL).with_terrain(cells("C1", "C2"), Terrain.NARROW)
    )
    with pytest.raises(IllegalMove):
        move(encounter, "Roc", "E1", mode="fly")


def _corridor_for_large() -> Encounter:
    """A Large ogre in a 2×2 room at A1:B2, a 1-square corridor down column A to row 7,
    then open rows 8-10."""
    walls = [
        Cell(col, row)
        for col in range(10)
        for row in range(7)
        if not (row < 2 and col < 2) and not (col == 0 and row < 7)
    ]
    ogre = Token("Ogre", c("A1"), size=Size.LARGE, team="party", speed_ft=80)
    return board(ogre).with_terrain(walls, Terrain.WALL)


def test_000_difficult_terrain_large_creature_squeezes_a_1_wide_corridor() -> None:
    """000 Squeezing: a 5-ft corridor is sized for Medium, one Size smaller than Large,
    so a Large creature squeezes (Slowed) along it."""
    result = move(_corridor_for_large(), "Ogre", "A5")
    assert names(result.path) == ["A1", "A2", "A3", "A4", "A5"]
    assert step_costs(result) == [10.0, 10.0, 10.0, 10.0]
    assert result.cost_ft == 40.0
    assert any(w.label == "Squeezing" for w in result.warnings)


def test_000_difficult_terrain_leaving_a_squeeze_is_slowed_too() -> None:
    """000 "Difficult Terrain": Slowed moving *out* of the space too — the step that
    frees the Large creature from the corridor still costs double."""
    result = move(_corridor_for_large(), "Ogre", "A8")
    assert names(result.path) == ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]
    assert step_costs(result) == [10.0] * 7
    assert result.cost_ft == 70.0


def test_000_difficult_terrain_creature_space_unless_tiny() -> None:
    """000 Moving Around Other Creatures › Slowed Movement: another creature's space is
    Difficult Terrain unless that creature is Tiny."""
    ally = move(lane(ari(), Token("Bo", c("B1"), team="party")), "Ari", "C1")
    assert step_costs(ally) == [10.0, 10.0]
    assert "Slowed ×2 (Bo's space)" in ally.steps[0].why
    tiny = move(lane(ari(), Token("Rat", c("B1"), team="party", size=Size.TINY)), "Ari", "C1")
    assert step_costs(tiny) == [5.0, 5.0]


# -------------------------------------------- Moving Around Other Creatures


@pytest.mark.parametrize(
    "other",
    [
        Token("Bo", c("B1"), team="party"),
        Token("Bo", c("B1"), team="neutral"),
        Token("Bo", c("B1"), team="enemy", conditions=frozenset({"incapacitated"})),
        Token("Bo", c("B1"), team="enemy", conditions=frozenset({"unconscious"})),
    ],
    ids=["ally", "neutral", "incapacitated-hostile", "unconscious-hostile"],
)
def test_000_moving_around_other_creatures_allowed(other: Token) -> None:
    """000 Moving Around Other Creatures: Non-Hostility or Incapacitation lets a
    creature through (its space is still Difficult Terrain)."""
    result = move(lane(ari(), other), "Ari", "C1")
    assert names(result.path) == ["A1", "B1", "C1"]
    assert result.cost_ft == 20.0


def test_000_moving_around_other_creatures_tiny_hostile() -> None:
    """000 Moving Around Other Creatures › Size: "or is Tiny" (and a Tiny space isn't
    Difficult Terrain)."""
    result = move(lane(ari(), orc("B1", size=Size.TINY)), "Ari", "C1")
    assert names(result.path) == ["A1", "B1", "C1"]
    assert result.cost_ft == 10.0


def test_000_moving_around_other_creatures_two_sizes_apart() -> None:
    """000 Moving Around Other Creatures › Size: two Sizes larger or smaller. A Small
    creature passes under a hostile Large one (B1:C2); a Medium one can't."""
    walls = [Cell(col, 2) for col in range(10)]
    ogre = Token("Ogre", c("B1"), size=Size.LARGE, team="enemy")
    pip = Token("Pip", c("A1"), size=Size.SMALL, team="party")
    result = move(board(pip, ogre).with_terrain(walls, Terrain.WALL), "Pip", "D1")
    assert names(result.path) == ["A1", "B1", "C1", "D1"]
    assert step_costs(result) == [10.0, 10.0, 10.0]
    medium = board(ari(), ogre).with_terrain(walls, Terrain.WALL)
    with pytest.raises(IllegalMove):
        move(medium, "Ari", "D1")


def test_000_moving_around_other_creatures_hostile_blocks() -> None:
    """000 Moving Around Other Creatures: "You can't Move through the space of any other
    creature" otherwise — a hostile Medium creature in the lane stops the move, and in
    the open the path goes round it."""
    message = refused(lane(ari(), orc("B1")), "Ari", "C1")
    assert message.startswith("Ari can't reach C1")
    around = move(board(ari("A2"), orc("B2")), "Ari", "C2")
    assert "B2" not in names(around.path)
    assert around.cost_ft == 10.0


def test_000_moving_around_other_creatures_refusal_names_square_and_rule() -> None:
    """Issue 3: an illegal move "says which square and which rule stops it"."""
    message = refused(lane(ari(), orc("B1")), "Ari", "C1")
    assert "Orc at B1" in message
    assert "Alternate Movement › Moving Around Other Creatures" in message


def test_000_moving_around_other_creatures_separate_spaces() -> None:
    """000 Moving Around Other Creatures › Separate Spaces: no move ends in another
    creature's space — an ally's, or a Tiny creature's."""
    for other in (
        Token("Bo", c("B1"), team="party"),
        Token("Rat", c("B1"), team="enemy", size=Size.TINY),
    ):
        message = refused(lane(ari(), other), "Ari", "B1")
        assert message == (
            f"Ari can't end at B1: {other.name} at B1: no creature ends a move in another's "
            "space (Alternate Movement › Moving Around Other Creatures, Separate Spaces)."
        )


# ------------------------------------------------ Stand Up, Drop Prone, Prone


def test_000_stand_up_costs_half_speed() -> None:
    """000 "Stand Up" › Movement Cost: half the Speed; Prone Removal."""
    result = move(board(ari(conditions=frozenset({"prone"}))), "Ari", action="stand")
    assert names(result.path) == ["A1"]
    assert (result.cost_ft, result.used_ft, result.total_ft) == (15.0, 15.0, 30.0)
    assert Condition.PRONE.value not in result.token.conditions
    assert "Stand Up" in result.source.sections


def test_000_stand_up_then_move_in_one_command() -> None:
    """Stand Up (15 ft) then walk two squares (10 ft), no longer Slowed by Prone."""
    result = move(lane(ari(conditions=frozenset({"prone"}))), "Ari", "C1", action="stand")
    assert step_costs(result) == [5.0, 5.0]
    assert (result.cost_ft, result.remaining_ft) == (25.0, 5.0)


def test_000_stand_up_ignores_slowed() -> None:
    """000 "Stand Up": "This cost is unaffected by the Slowed Condition"; moving after
    it is still Slowed."""
    token = ari(conditions=frozenset({"prone", "slowed"}))
    stand = move(lane(token), "Ari", action="stand")
    assert stand.cost_ft == 15.0
    walk = move(lane(token), "Ari", "B1", action="stand")
    assert walk.cost_ft == 25.0
    assert refused(lane(token), "Ari", "C1", action="stand") == (
        "Ari can't reach C1: that costs 20 ft and stand allows 15 ft; priced as slowed (10 ft "
        "without it). Ari can reach B1 for 10 ft. action:dash reaches it (60 ft of movement)."
    )


def test_000_stand_up_needs_prone() -> None:
    """000 "Stand Up" › Requirements: you can't Stand Up if you aren't Prone."""
    assert refused(board(ari()), "Ari", action="stand") == (
        "Ari isn't prone, so it has nothing to stand up from."
    )


def test_000_prone_is_slowed() -> None:
    """000 Conditions › Prone › Slowed: a prone creature crawls at double cost."""
    result = move(lane(ari(conditions=frozenset({"prone"}))), "Ari", "C1")
    assert step_costs(result) == [10.0, 10.0]
    assert any(w.label == "Prone" for w in result.warnings)


def test_000_drop_prone_costs_nothing() -> None:
    """000 "Drop Prone" › Movement Cost: none; the creature becomes Prone."""
    result = move(lane(ari()), "Ari", action="drop-prone")
    assert names(result.path) == ["A1"]
    assert (result.cost_ft, result.used_ft) == (0.0, 0.0)
    assert Condition.PRONE.value in result.token.conditions
    assert result.provokes == ()
    then = move(result.encounter, "Ari", "C1")
    assert (then.cost_ft, then.used_ft, then.total_ft) == (20.0, 20.0, 30.0)


def test_000_drop_prone_shows_the_turns_movement() -> None:
    """000 Gaining Movement: dropping prone first in a turn still shows 0 of 30 ft used."""
    result = move(lane(ari()), "Ari", action="drop-prone")
    assert (result.used_ft, result.total_ft, result.remaining_ft) == (0.0, 30.0, 30.0)


def test_000_drop_prone_refused_while_restrained() -> None:
    """000 Conditions › Restrained › Limited Movement: can't willingly Drop Prone."""
    token = ari(conditions=frozenset({"restrained"}))
    assert refused(board(token), "Ari", action="drop-prone") == (
        "Ari is Restrained: it can't willingly Drop Prone (Alternate Movement › Conditions › "
        "Restrained)."
    )


@pytest.mark.parametrize("mode", ["climb", "fly"])
def test_000_prone_cant_climb_or_fly(mode: str) -> None:
    """000 Conditions › Prone › Limited Movement: can't Climb or Fly."""
    token = ari(conditions=frozenset({"prone"}), speeds_ft={"fly": 30})
    assert refused(board(token), "Ari", "B1", mode=mode) == (
        f"Ari is prone and can't {mode} (Alternate Movement › Conditions › Prone). Stand up "
        "first: action:stand."
    )


def test_000_prone_cant_climb_a_slope() -> None:
    """000 Walk: a slope of 45° or more is Climbed, and Prone › Limited Movement: a prone
    creature can't Climb — so it can't crawl onto the slope (it can once standing)."""
    token = ari(conditions=frozenset({"prone"}))
    assert refused(lane(token, B1="slope"), "Ari", "B1") == (
        "Ari can't reach B1: B1 is a slope to Climb, and a prone creature can't Climb "
        "(Alternate Movement › Conditions › Prone)."
    )
    stood = move(lane(token, B1="slope"), "Ari", "B1", action="stand")
    assert stood.cost_ft == 25.0


# ----------------------------------------------------------- Immobilized


@pytest.mark.parametrize("condition", ["immobilized", "grappled", "restrained", "stunned"])
def test_000_immobilized_cant_move(condition: str) -> None:
    """000 Conditions › Immobilized (Grappled, Restrained and Stunned include it): Movement
    and Speed are 0; a Dash gains nothing either."""
    encounter = board(ari(conditions=frozenset({condition})))
    expected = (
        f"Ari is {'restrained' if condition == 'stunned' else condition}: Immobilized, its "
        "Movement and Speed are 0 (Alternate Movement › Conditions › Immobilized). The GM can "
        "still move it "
        "with forced:."
    )
    assert refused(encounter, "Ari", "B1") == expected
    assert refused(encounter, "Ari", "B1", action="dash") == expected
    assert RULES.sheet.token_movement(encounter.token("Ari")).speed_ft == 0


# ---------------------------------------- Updating A Creature's Movement


def test_000_updating_movement_young_white_dragon_token_fields() -> None:
    """000 Updating A Creature's Movement, Example: Young White Dragon — a pasted speed
    line gives Speed 80 (fly), Half Speed to Burrow, Climb, Swim and Walk."""
    fields = RULES.sheet.token_fields(TokenSpec(size=Size.LARGE, speed=YOUNG_WHITE_DRAGON))
    assert dict(fields.values) == {
        "speed_ft": 40,
        "speeds_ft": {"burrow": 20, "fly": 80, "swim": 40},
    }
    (note,) = RULES.sheet.speed_notes(dragon())
    assert "its Speed is 80 ft" in note.detail
    assert note.text.startswith("One Speed, 80 ft, from its fly speed")
    movement = RULES.sheet.token_movement(dragon())
    assert movement.speed_ft == 80
    assert dict(movement.traits) == {
        "walk": "half",
        "burrow": "half",
        "climb": "half",
        "fly": "none",
        "swim": "half",
    }


def test_000_updating_movement_young_white_dragon_walks_at_half_speed() -> None:
    """Half Speed: 1 extra foot per foot walked — 10 ft a square (Large, A1:B2)."""
    result = move(board(dragon()), "Drake", "E1")
    assert names(result.path) == ["A1", "B1", "C1", "D1", "E1"]
    assert step_costs(result) == [10.0, 10.0, 10.0, 10.0]
    assert (result.cost_ft, result.total_ft, result.remaining_ft) == (40.0, 80.0, 40.0)
    assert "Half Speed (walk) ×2" in result.steps[0].why


def test_000_updating_movement_young_white_dragon_flies_at_full_speed() -> None:
    """Fly 80 = Speed: no modifier, 5 ft a square."""
    result = move(board(dragon()), "Drake", "E1", mode="fly")
    assert step_costs(result) == [5.0, 5.0, 5.0, 5.0]
    assert (result.cost_ft, result.remaining_ft) == (20.0, 60.0)


def test_000_updating_movement_young_white_dragon_swims_unhindered() -> None:
    """Swim 40: Half Speed, and liquid isn't Difficult Terrain for it (10 ft a square)."""
    water = [Cell(col, row) for col in range(10) for row in range(10)]
    encounter = board(dragon()).with_terrain(water, Terrain.WATER)
    result = move(encounter, "Drake", "E1")
    assert step_costs(result) == [10.0, 10.0, 10.0, 10.0]
    assert all("Slowed" not in step.why for step in result.steps)


def test_000_updating_movement_young_white_dragon_burrows_at_20_ft() -> None:
    """Burrow 20: Half Speed, and material stays Difficult Terrain (burrow ≤ half its
    walking speed), so 20 ft of Movement a square: 80 ft buys 4 squares, its burrow 20 ft."""
    result = move(board(dragon()), "Drake", "E1", mode="burrow")
    assert step_costs(result) == [20.0, 20.0, 20.0, 20.0]
    assert (result.cost_ft, result.remaining_ft) == (80.0, 0.0)


def test_000_updating_movement_one_third_speed() -> None:
    """Step 3 › One-Third Speed: 2 extra feet per foot (climb 10 against Speed 30)."""
    result = move(lane(creature("30 ft., climb 10 ft.")), "Ari", "C1", mode="climb")
    assert step_costs(result) == [15.0, 15.0]
    assert result.remaining_ft == 0.0


def test_000_updating_movement_one_third_speed_climbing_a_slope() -> None:
    """000 "Walk" › Terrain Requirements: a slope of 45° or more can't be Walked, it is
    Climbed; a creature with climb 10 against Speed 30 pays One-Third Speed there
    (not Difficult Terrain: it has a climb speed)."""
    encounter = lane(creature("30 ft., climb 10 ft."), B1="slope", C1="slope")
    result = move(encounter, "Ari", "C1")
    assert step_costs(result) == [15.0, 15.0]


def test_000_updating_movement_less_than_one_third_speed() -> None:
    """Step 3 › Less Than One-Third Speed: all its Movement (minimum 5 ft) for 5 ft
    (fly 5 against Speed 30)."""
    token = creature("30 ft., fly 5 ft.")
    result = move(lane(token), "Ari", "B1", mode="fly")
    assert (result.cost_ft, result.remaining_ft) == (30.0, 0.0)
    after_walking = move(lane(token), "Ari", "C1")
    flown = move(after_walking.encounter, "Ari", "D1", mode="fly")
    assert (flown.cost_ft, flown.used_ft, flown.remaining_ft) == (20.0, 30.0, 0.0)


# --------------------------------------------- Types of Movement


def test_000_types_of_movement_common_climb_and_swim_use_walking_trait() -> None:
    """000 Common Types of Movement; Step 3: "If a creature has no listed Climb or Swim
    Speed, its Speed modifier trait ... is the same as ... when Walking" — the dragon
    climbs at Half Speed, a human climbs at 5 ft a square."""
    drake = move(board(dragon()), "Drake", "C1", mode="climb")
    assert step_costs(drake) == [10.0, 10.0]
    human = move(lane(ari()), "Ari", "C1", mode="climb")
    assert step_costs(human) == [5.0, 5.0]
    water = [Cell(col, 0) for col in range(10)]
    swim = move(lane(ari()).with_terrain(water, Terrain.WATER), "Ari", "C1", mode="swim")
    assert step_costs(swim) == [10.0, 10.0]


@pytest.mark.parametrize("mode", ["fly", "burrow"])
def test_000_types_of_movement_uncommon_needs_a_speed(mode: str) -> None:
    """000 Uncommon Types of Movement: Burrowing and Flying need an effect (a speed)."""
    assert refused(board(ari()), "Ari", "B1", mode=mode) == (
        f"Ari has no {mode} speed. Its modes: walk, swim, climb."
    )


def test_000_types_of_movement_walking_speed_0_cant_climb() -> None:
    """Step 2: a Speed of 0 for a Move means it can't Move that way; climb and swim
    follow walking (the Beholder: fly 30 ft. (hover))."""
    eye = creature("fly 30 ft. (hover)")
    for mode in ("walk", "climb"):
        assert refused(board(eye), "Ari", "B1", mode=mode) == (
            f"Ari can't {mode}: its speed for it is 0 (Alternate Movement › Updating A "
            "Creature's Movement › "
            "Step 2)."
        )
    assert move(board(eye), "Ari", "B1", mode="fly").cost_ft == 5.0


# ------------------------------------------------- opportunity attacks


def test_000_opportunity_attack_leaving_a_hostiles_reach() -> None:
    """Issue 5 item 8: leaving a hostile creature's reach (5 ft) provokes."""
    result = move(board(ari("E6"), orc("E5")), "Ari", "E8")
    assert (result.path[0], result.path[-1]) == (c("E6"), c("E8"))
    assert result.cost_ft == 10.0
    assert result.provokes == ("Orc",)
    assert result.provoked_at == {"Orc": c("E6")}
    assert result.warnings[0].text == "Opportunity attack from Orc (leaving E6)."
    assert result.token.activity.provoked_by == ("Orc",)


def test_000_opportunity_attack_not_while_staying_in_reach() -> None:
    """Moving within the hostile's reach doesn't leave it: no attack."""
    result = move(board(ari("E6"), orc("E5")), "Ari", "F6")
    assert result.provokes == ()


def _column_e(*tokens: Token) -> Encounter:
    walls = [Cell(col, row) for row in range(10) for col in (3, 5)]
    return board(*tokens).with_terrain(walls, Terrain.WALL)


def test_000_opportunity_attack_reach_10_ft() -> None:
    """Issue 5 item 8: a token's ``reach`` (10 ft) sets where leaving provokes: two
    squares away is still within reach, three is out."""
    encounter = _column_e(ari("E6"), orc("E5", reach_ft=10))
    within = move(encounter, "Ari", "E7")
    assert within.provokes == ()
    result = move(encounter, "Ari", "E8")
    assert names(result.path) == ["E6", "E7", "E8"]
    assert result.provokes == ("Orc",)
    assert result.provoked_at == {"Orc": c("E7")}


@pytest.mark.parametrize(
    "other",
    [
        orc("E5", team="party"),
        orc("E5", team="neutral"),
        orc("E5", conditions=frozenset({"incapacitated"})),
    ],
    ids=["ally", "neutral", "incapacitated"],
)
def test_000_opportunity_attack_only_from_able_hostiles(other: Token) -> None:
    """Only a hostile, able creature makes the attack."""
    assert move(_column_e(ari("E6"), other), "Ari", "E8").provokes == ()


def test_000_opportunity_attack_once_per_enemy_per_turn() -> None:
    """Leaving the same enemy's reach again in the same turn doesn't list it again."""
    first = move(_column_e(ari("E6"), orc("E5")), "Ari", "E8")
    back = move(first.encounter, "Ari", "E6")
    again = move(back.encounter, "Ari", "E8")
    assert (first.provokes, back.provokes, again.provokes) == (("Orc",), (), ())
    assert again.used_ft == 30.0


# -------------------------------------------------- walls and pillars (bot ruling)


def test_000_walls_block_diagonals_past_their_corners() -> None:
    """Bot ruling (docs/RULINGS.md): a solid wall corner stops a diagonal step,
    so A1 → B2 past a wall at B1 goes round by A2."""
    result = move(board(ari()).with_terrain([c("B1")], Terrain.WALL), "Ari", "B2")
    assert names(result.path) == ["A1", "A2", "B2"]
    assert result.cost_ft == 10.0


def test_000_walls_corner_refusal_names_the_square() -> None:
    encounter = board(ari()).with_terrain(cells("B1", "A2"), Terrain.WALL)
    assert refused(encounter, "Ari", "B2") == (
        "Ari can't reach B2: a solid corner at B1 stops a diagonal step past it."
    )
    assert refused(encounter, "Ari", "B1") == (
        "Ari can't move to B1: B1 is wall: nothing walks through it."
    )


def test_000_pillars_dont_block_diagonals() -> None:
    """A rounded pillar fills its square but a diagonal may skim past it."""
    encounter = board(ari()).with_terrain(cells("B1", "A2"), Terrain.PILLAR)
    result = move(encounter, "Ari", "B2")
    assert names(result.path) == ["A1", "B2"]
    assert result.cost_ft == 5.0


# --------------------------------------------------------- forced movement


def test_000_forced_movement_spends_nothing_and_provokes_nothing() -> None:
    """Issue 3 (004 "Forced Movement", borrowed): a push spends none of the creature's
    Movement, ignores terrain costs and provokes no attack."""
    spent = move(_column_e(ari("E6"), orc("E5")), "Ari", "E7")
    assert spent.provokes == ("Orc",)
    encounter = spent.encounter.with_terrain([c("E8")], Terrain.DIFFICULT)
    encounter = encounter.with_token(replace(encounter.token("Orc"), cell=c("E6")))
    result = move(encounter, "Ari", "E9", forced="push", by="Orc")
    assert names(result.path) == ["E7", "E8", "E9"]
    assert (result.cost_ft, result.used_ft, result.total_ft) == (0.0, 5.0, 30.0)
    assert result.provokes == ()
    assert result.token.activity == spent.token.activity
    assert result.notes[0].text == (
        "10 ft, spending none of Ari's movement and provoking no attacks."
    )


def test_000_forced_movement_moves_an_immobilized_creature() -> None:
    """A grappled creature can't move itself, but it can be pushed."""
    encounter = _column_e(ari("E6", conditions=frozenset({"grappled"})), orc("E5"))
    result = move(encounter, "Ari", "E8", forced="push", by="Orc")
    assert names(result.path) == ["E6", "E7", "E8"]
    with pytest.raises(IllegalMove, match="A push moves away from Orc"):
        move(encounter.with_token(orc("E9")), "Ari", "E8", forced="push", by="Orc")


def test_000_forced_movement_needs_a_pusher() -> None:
    with pytest.raises(InvalidInput, match="needs by:<token>"):
        move(board(ari(), orc("B1")), "Ari", "C1", forced="push")


# ------------------------------------------------------------ properties


@st.composite
def _maps(draw: st.DrawFn) -> tuple[Encounter, Cell]:
    kinds = [Terrain.CLEAR, Terrain.CLEAR, Terrain.DIFFICULT, Terrain.WATER, Terrain.SLOPE]
    encounter = board(
        ari(conditions=frozenset({"slowed"}) if draw(st.booleans()) else frozenset()),
        size=6,
    )
    for col in range(6):
        for row in range(6):
            if (col, row) != (0, 0):
                kind = draw(st.sampled_from(kinds))
                if kind is not Terrain.CLEAR:
                    encounter = encounter.with_terrain([Cell(col, row)], kind)
    goal = Cell(draw(st.integers(0, 5)), draw(st.integers(0, 5)))
    return encounter, goal


@settings(max_examples=60, deadline=None)
@given(_maps())
def test_000_slowed_never_more_than_doubles_a_step(case: tuple[Encounter, Cell]) -> None:
    """000 Slowed doesn't stack: for a Medium walker with no speed traits every step
    costs 5 or 10 ft, whatever piles up on it, and the costs add up to the move's."""
    encounter, goal = case
    try:
        result = move(encounter, "Ari", str(goal))
    except RulingError:  # a refusal, or a goal where Ari already stands
        return
    assert all(cost in (5.0, 10.0) for cost in step_costs(result))
    assert result.cost_ft == sum(step_costs(result))
    assert 0 <= result.cost_ft <= 30.0
    assert result.remaining_ft == 30.0 - result.cost_ft


# ------------------------------------------------------------------ Teleport


def test_000_teleport_spends_no_movement_and_provokes_nothing() -> None:
    """000 Teleport: "you don't provoke Opportunity Attacks"; effects that Teleport
    you typically don't use your Movement."""
    result = move(board(ari("E5"), orc("E4")), "Ari", "H8", mode="teleport")
    assert names(result.path) == ["E5", "H8"]
    assert result.cost_ft == 0
    assert result.provokes == ()
    assert last_mode(result.token) == "walk"  # Continuity of Movement: resumes walking


def test_000_teleporting_into_obstacles_appears_in_the_nearest_unoccupied_space() -> None:
    """000 Teleport › Teleporting Into Obstacles."""
    encounter = board(ari("A1"), orc("E5")).with_terrain([c("F5")], Terrain.WALL)
    result = move(encounter, "Ari", "E5", mode="teleport")
    assert result.path[-1] != c("E5")
    assert max(abs(result.path[-1].col - 4), abs(result.path[-1].row - 4)) == 1
    assert any("nearest unoccupied space" in w.text for w in result.warnings)


def test_000_teleport_is_5e_alt_only() -> None:
    encounter = Encounter(10, 10, "3.5", "dm").with_token(ari())
    with pytest.raises(InvalidInput, match="Unknown mode"):
        get_ruleset("3.5").move(encounter, MoveRequest("Ari", c("C3"), mode="teleport"))


# ---------------------------------------------------------- Prone and moving


def test_000_fly_hovering_ends_prone_instead_of_refusing() -> None:
    """000 Fly › Hovering: immune to Prone while Flying; the Prone Condition ends if
    you Fly (Prone's "can't Fly" is for creatures without Hover)."""
    hawk = creature("10 ft., fly 60 ft. (hover)", conditions=frozenset({"prone"}))
    result = move(lane(hawk), "Ari", "C1", mode="fly")
    assert "prone" not in result.token.conditions
    assert step_costs(result) == [5.0, 5.0]  # not Slowed: flying ended Prone


def test_000_swimming_ends_prone() -> None:
    """000 Prone › Ending the Prone Condition, Swim › Prone Immunity."""
    token = ari(conditions=frozenset({"prone"}))
    result = move(lane(token, B1="water", C1="water"), "Ari", "C1")
    assert "prone" not in result.token.conditions
    assert any(w.label == "Prone ends" for w in result.warnings)


def test_000_prone_immunity_while_swimming() -> None:
    """000 Prone › Prone Immunity: immune to the Prone Condition while Swimming."""
    encounter = lane(ari(), A1="water")
    with pytest.raises(IllegalMove, match="immune to Prone"):
        move(encounter, "Ari", action="drop-prone")


# ------------------------------------------------------------ Singular Speed


def test_000_singular_speed_a_faster_speed_from_an_effect_becomes_the_speed() -> None:
    """000 "Speed" › Singular Speed: "If an effect would give you a new Speed, and the
    effect's Speed is faster than yours, your Speed instead increases to match" — a
    30 ft walker given fly 60 ft (`speed:"30 ft., fly 60 ft."`) has one Speed, 60 ft,
    and Flies at it; walking 30 ft against 60 is Half Speed (Step 3)."""
    walker = RULES.sheet.token_movement(creature("30 ft."))
    flying = RULES.sheet.token_movement(creature("30 ft., fly 60 ft."))
    assert walker.speed_ft == 30
    assert flying.speed_ft == 60
    assert flying.traits["fly"] == "none"
    assert flying.traits["walk"] == "half"
    result = move(lane(creature("30 ft., fly 60 ft.")), "Ari", "G1", mode="fly")
    assert (result.cost_ft, result.total_ft, result.remaining_ft) == (30.0, 60.0, 30.0)


def test_000_singular_speed_a_slower_speed_never_lowers_the_speed() -> None:
    """Singular Speed: only a faster Speed replaces yours. Fly 20 ft on a 30 ft walker
    leaves Speed 30 ft; flying then costs extra (Step 3: 20/30, approximated as Half)."""
    movement = RULES.sheet.token_movement(creature("30 ft., fly 20 ft."))
    assert movement.speed_ft == 30
    assert movement.traits["walk"] == "none"
    assert movement.traits["fly"] == "half"


def test_000_a_token_line_shows_one_speed_and_its_modifiers() -> None:
    """000 Singular Speed and Step 3: one Speed, each move at it or at a modifier — not
    'swim 60 ft' for a move that costs double."""
    assert RULES.sheet.token_movement(dragon()).describe() == (
        "80 ft: fly; walk, burrow, climb, swim at Half Speed"
    )
    assert RULES.sheet.token_movement(creature("30 ft.")).describe() == "30 ft: walk, climb, swim"
