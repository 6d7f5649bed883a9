"""Walls, low walls and doors on the edges between squares (001 "Obstacles",
"Diagonals"; 002 "Open or Close a Door"), under every ruleset."""

from __future__ import annotations

import pytest

from bot.encounter import Encounter, Token
from bot.encounter_ops.access import Actor
from bot.encounter_ops.terrain import use_door
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.grid.coords import Cell, edge_key, parse_edges
from bot.grid.terrain import Barrier
from bot.rules import get_ruleset, rulesets
from bot.rules.engine.moves import MoveRequest
from bot.rules.parts.steps import StepRule
from tests.rules.grid_kit import GridKit, path, pc, step_costs

D35 = GridKit("3.5")
C = Cell.parse


def walled(kit: GridKit, kind: Barrier, between: str = "B2/C2", **tokens: str) -> Encounter:
    """A 6x3 map, Ari at A2, one barrier on ``between``."""
    e = kit.encounter(6, 3, pc("Ari", "A2"))
    return e.with_barriers(parse_edges(between, 6, 3), kind)


def test_edges_read_as_pairs_or_as_a_side() -> None:
    assert parse_edges("C3/C4 D4/D3", 10, 10) == [
        edge_key(C("C3"), C("C4")),
        edge_key(C("D3"), C("D4")),
    ]
    assert parse_edges("B2-D2", 10, 10, side="south") == [
        edge_key(C("B2"), C("B3")),
        edge_key(C("C2"), C("C3")),
        edge_key(C("D2"), C("D3")),
    ]
    with pytest.raises(InvalidInput, match="side by side"):
        parse_edges("C3/D4", 10, 10)
    with pytest.raises(InvalidInput, match="not a side"):
        parse_edges("C3", 10, 10, side="up")


def test_001_obstacles_a_wall_between_squares_blocks() -> None:
    e = walled(D35, Barrier.WALL, "B1/C1 B2/C2 B3/C3")
    message = D35.refused(e, "Ari", "D2")
    assert "wall between" in message


def test_001_diagonals_no_diagonal_past_the_end_of_a_wall() -> None:
    """A wall on the edge B2/C2 only: a diagonal B3 → C2 or B2 → C3 would skim its end."""
    e = walled(D35, Barrier.WALL, "B2/C2")
    e = e.with_token(Token("Ari", C("B3"), team="party"))
    assert "stops a diagonal past it" in D35.refused(e, "Ari", "C2", action="5ft-step")
    result = D35.move(e, "Ari", "C2")
    assert path(result) == "B3 C3 C2"


def test_001_obstacles_a_low_wall_costs_two_squares_to_cross() -> None:
    """001 Obstacles: "each ... obstacle between squares counts as 2 squares of
    movement ... in addition to the cost to move into the square on the other side"."""
    e = walled(D35, Barrier.LOW_WALL, "B1/C1 B2/C2 B3/C3")
    result = D35.move(e, "Ari", "D2", action="double")
    assert step_costs(result) == [5, 15, 5]
    assert result.steps[1].why.startswith("over a low wall")


# every ruleset that keeps the default reading of a low wall (3.5's own is above)
LOW_WALL_AS_DIFFICULT = tuple(
    ruleset
    for ruleset, rules in rulesets().items()
    if type(rules.steps).over_low_walls is StepRule.over_low_walls
)


@pytest.mark.parametrize("ruleset", LOW_WALL_AS_DIFFICULT)
def test_a_low_wall_is_difficult_to_cross_elsewhere(ruleset: str) -> None:
    kit = GridKit(ruleset)
    square = kit.rules.square_ft
    e = kit.encounter(6, 3, pc("Ari", "A2", speed_ft=120))
    e = e.with_barriers(parse_edges("B1/C1 B2/C2 B3/C3", 6, 3), Barrier.LOW_WALL)
    result = kit.move(e, "Ari", "C2")
    assert step_costs(result) == [square, 2 * square]


def test_flyers_pass_low_walls_but_not_walls() -> None:
    e = walled(D35, Barrier.LOW_WALL, "B1/C1 B2/C2 B3/C3")
    hawk = Token("Hawk", C("A2"), team="party", speeds_ft={"fly": 60})
    e = e.with_token(hawk)
    assert step_costs(D35.move(e, "Hawk", "C2", mode="fly")) == [5, 5]


def test_002_open_or_close_a_door_is_a_move_action() -> None:
    e = walled(D35, Barrier.DOOR, "B1/C1 B2/C2 B3/C3").with_barriers(
        [edge_key(C("B1"), C("C1")), edge_key(C("B3"), C("C3"))], Barrier.WALL
    )
    assert "closed door" in D35.refused(e, "Ari", "D2")
    rules = get_ruleset("3.5").for_encounter(e)
    gm = Actor("dm", True)
    with pytest.raises(IllegalMove, match="next to the door"):
        use_door(e, rules, gm, "Ari", "B2/C2", True)
    stepped = D35.move(e, "Ari", "B2")
    opened, summary, note = use_door(stepped.encounter, rules, gm, "Ari", "B2/C2", True)
    assert summary == "Ari opens the door B2/C2"
    assert "move action" in note.text
    assert opened.barrier(C("B2"), C("C2")) is Barrier.OPEN_DOOR
    # the move action and the door's: nothing left to move with this turn
    assert "no move action left" in D35.refused(opened, "Ari", "D2")
    with pytest.raises(IllegalMove, match="already open"):
        use_door(opened, rules, gm, "Ari", "B2/C2", True)


def test_a_player_opens_only_for_their_own_token() -> None:
    e = walled(D35, Barrier.DOOR).with_token(pc("Ari", "B2", owner="ari"))
    rules = get_ruleset("3.5").for_encounter(e)
    with pytest.raises(NotAllowed):
        use_door(e, rules, Actor("bo"), "Ari", "B2/C2", True)
    opened, _, _ = use_door(e, rules, Actor("ari"), "Ari", "B2/C2", True)
    assert opened.barrier(C("B2"), C("C2")) is Barrier.OPEN_DOOR


def test_5e_alt_doors_cost_nothing_the_seed_names() -> None:
    kit = GridKit("5e-alt")
    e = kit.encounter(6, 3, pc("Ari", "B2")).with_barriers(
        [edge_key(C("B2"), C("C2"))], Barrier.DOOR
    )
    rules = get_ruleset("5e-alt").for_encounter(e)
    opened, _, note = use_door(e, rules, Actor("dm", True), "Ari", "B2/C2", True)
    assert "costs nothing" in note.text
    assert kit.move(opened, "Ari", "C2").cost_ft == 5


def test_forced_movement_stops_at_a_wall_between_squares() -> None:
    e = D35.encounter(8, 3, pc("Ari", "C2"), Token("Brute", C("A2"), team="enemy"))
    e = e.with_barriers([edge_key(C("E2"), C("F2"))], Barrier.WALL)
    result = D35.move(e, "Ari", "G2", forced="push", by="Brute")
    assert result.path[-1] == C("E2")
    assert any("stopped" in w.text for w in result.warnings)


def test_edges_survive_json() -> None:
    from bot.handlers.board_rules import board_rules
    from bot.schema.codec import dump_state, to_json
    from bot.schema.read import read_state

    e = walled(D35, Barrier.DOOR).with_barriers([edge_key(C("D1"), C("D2"))], Barrier.LOW_WALL)
    assert read_state(dump_state(e), board_rules()).edges == e.edges
    assert to_json(e)["edges"] == {"door": "B2/C2", "low-wall": "D1/D2"}


def test_request_through_an_open_door() -> None:
    e = walled(D35, Barrier.OPEN_DOOR, "B2/C2")
    assert get_ruleset("3.5").move(e, MoveRequest("Ari", C("D2"))).cost_ft == 15
