"""/move under becmi against seed 003_3444ce13aba82e1a.txt (Rules Cyclopedia, time and
movement).

Each test names the seed section it checks (``test_003_<section>_...``). Figures are
copied from the seed here, not from ``bot.rules.becmi.tables``. A row of walls under
row 1 makes a one-square lane (``lane``) so that a path is forced.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest, MoveResult, TokenSpec
from tests.rules.grid_kit import said

SEED = "003_3444ce13aba82e1a.txt"
RULES = get_ruleset("becmi")


def c(text: str) -> Cell:
    return Cell.parse(text)


def names(path: Iterable[Cell]) -> list[str]:
    return [str(cell) for cell in path]


def ari(at: str = "A1", **fields: object) -> Token:
    """A character at the standard 120' (40')."""
    return replace(Token("Ari", c(at), team="party", speed_ft=120), **fields)


def orc(at: str, **fields: object) -> Token:
    return replace(Token("Orc", c(at), team="enemy", speed_ft=120), **fields)


def board(*tokens: Token, size: int = 40, outdoors: bool = False) -> Encounter:
    encounter = Encounter(size, size, "becmi", "dm", options={"outdoors": True} if outdoors else {})
    for token in tokens:
        encounter = encounter.with_token(token)
    return encounter


def lane(*tokens: Token, outdoors: bool = False, **terrain: str) -> Encounter:
    """Row 1 open, row 2 walls; ``B1="difficult"`` sets terrain."""
    encounter = board(*tokens, outdoors=outdoors)
    encounter = encounter.with_terrain([Cell(col, 1) for col in range(40)], Terrain.WALL)
    for text, kind in terrain.items():
        encounter = encounter.with_terrain([c(text)], Terrain(kind))
    return encounter


def sea(*tokens: Token, outdoors: bool = False) -> Encounter:
    water = [Cell(col, row) for col in range(40) for row in range(40)]
    return board(*tokens, outdoors=outdoors).with_terrain(water, Terrain.WATER)


def move(encounter: Encounter, token: str, to: str | None = None, **options: object) -> MoveResult:
    request = MoveRequest(token, to=c(to) if to else None, **options)  # type: ignore[arg-type]
    return RULES.move(encounter, request)


def refused(encounter: Encounter, token: str, to: str | None = None, **options: object) -> str:
    before = encounter
    with pytest.raises(IllegalMove) as error:
        move(encounter, token, to, **options)
    assert encounter == before
    return said(error.value)


def step_costs(result: MoveResult) -> list[float]:
    return [step.cost_ft for step in result.steps]


def next_round(result: MoveResult) -> Encounter:
    return result.encounter.with_token(RULES.economy.start_turn(result.token))


# --------------------------------------------------- Map Scales, Miniatures


def test_003_map_scales_a_square_is_10_ft() -> None:
    """003 "Map Scales": each square of graph paper typically represents 10'."""
    result = move(board(ari()), "Ari", "C1")
    assert names(result.path) == ["A1", "B1", "C1"]
    assert step_costs(result) == [10.0, 10.0]
    assert result.cost_ft == 20.0
    assert result.source.seed_file == SEED
    assert result.source.ruleset == "becmi"
    assert "Normal, Encounter, and Running Speeds" in result.source.sections


def test_003_miniature_figures_diagonal_is_one_square() -> None:
    """003 "Miniature Figures" measures with a ruler; the bot's grid ruling counts a
    diagonal as one 10' square (docs/RULINGS.md)."""
    result = move(board(ari()), "Ari", "E5")
    assert names(result.path) == ["A1", "B2", "C3", "D4", "E5"]
    assert step_costs(result) == [10.0, 10.0, 10.0, 10.0]
    assert result.cost_ft == 40.0


# --------------------------------------- Normal, Encounter, and Running Speeds


def test_003_encounter_speed_is_a_third_of_normal() -> None:
    """003 "Normal, Encounter, and Running Speeds": 120' per turn is 40' per round in an
    encounter — four 10' squares."""
    assert RULES.sheet.token_movement(ari()).speed_ft == 40
    result = move(lane(ari()), "Ari", "E1")
    assert names(result.path) == ["A1", "B1", "C1", "D1", "E1"]
    assert (result.cost_ft, result.used_ft, result.total_ft, result.remaining_ft) == (
        40.0,
        40.0,
        40.0,
        0.0,
    )
    assert refused(lane(ari()), "Ari", "F1") == (
        "Ari can't reach F1: that costs 50 ft and move allows 40 ft. Ari can reach E1 for 40 ft. "
        "action:run reaches it (120 ft of movement)."
    )


def test_003_encounter_speed_90_is_30_a_round() -> None:
    """003: a 90' (30') character moves 30' a round."""
    result = move(lane(ari(speed_ft=90)), "Ari", "D1")
    assert (result.cost_ft, result.total_ft) == (30.0, 30.0)
    with pytest.raises(IllegalMove):
        move(lane(ari(speed_ft=90)), "Ari", "E1")


def test_003_encounter_speed_carries_across_moves_in_a_round() -> None:
    """The round's 40' may be split over several /move calls; the next round starts fresh."""
    first = move(lane(ari()), "Ari", "C1")
    second = move(first.encounter, "Ari", "E1")
    assert (second.cost_ft, second.used_ft, second.remaining_ft) == (20.0, 40.0, 0.0)
    assert refused(first.encounter, "Ari", "F1") == (
        "Ari can't reach F1: that costs 30 ft and move allows 20 ft. Ari can reach E1 for 20 ft. "
        "action:run reaches it (100 ft of movement)."
    )
    fresh = move(next_round(second), "Ari", "I1")
    assert (fresh.cost_ft, fresh.used_ft, fresh.total_ft) == (40.0, 40.0, 40.0)


def test_003_running_speed_is_normal_speed_per_round() -> None:
    """003: running, the rate equals the normal speed per round: 120' a round."""
    result = move(lane(ari()), "Ari", "M1", action="run")
    assert names(result.path)[-1] == "M1"
    assert len(result.path) == 13
    assert (result.cost_ft, result.total_ft, result.remaining_ft) == (120.0, 120.0, 0.0)
    assert result.token.state.get("running_rounds", 0) == 1
    assert refused(lane(ari()), "Ari", "N1", action="run") == (
        "Ari can't reach N1: that costs 130 ft and run allows 120 ft. Ari can reach M1 for 120 ft."
    )


def test_003_running_twice_in_a_round_counts_one_round() -> None:
    """Two /move action:run calls in the same round are one round of running."""
    first = move(lane(ari()), "Ari", "C1", action="run")
    second = move(first.encounter, "Ari", "E1", action="run")
    assert (second.used_ft, second.total_ft) == (40.0, 120.0)
    assert second.token.state.get("running_rounds", 0) == 1
    assert (
        move(next_round(second), "Ari", "G1", action="run").token.state.get("running_rounds", 0)
        == 2
    )


def test_003_running_after_walking_in_the_same_round() -> None:
    """Walking 20' then running the same round: the round holds at most the running 120'."""
    walked = move(lane(ari()), "Ari", "C1")
    ran = move(walked.encounter, "Ari", "L1", action="run")
    assert (ran.cost_ft, ran.used_ft, ran.total_ft, ran.remaining_ft) == (90.0, 110.0, 120.0, 10.0)


# ------------------------------------------------------------------ Exhaustion


def test_003_exhaustion_after_30_rounds_of_running() -> None:
    """003: "A character can run at maximum speed for 30 rounds at most (5 minutes)
    before becoming exhausted": rounds 1-29 are fine, the 30th exhausts."""
    encounter = board(ari())
    result: MoveResult | None = None
    for round_number in range(1, 31):
        here = result.token.cell if result is not None else c("A1")
        to = Cell(here.col, 1 - here.row)
        result = move(encounter, "Ari", str(to), action="run")
        assert result.token.state.get("running_rounds", 0) == round_number
        exhausted = Condition.EXHAUSTED.value in result.token.conditions
        assert exhausted is (round_number == 30)
        encounter = next_round(result)
    assert result is not None
    assert any(n.label == "Exhausted" for n in result.notes)
    assert "Exhaustion" in result.source.sections


def test_003_exhaustion_no_more_running() -> None:
    """003 "Exhaustion": must rest three turns before running; forced on, "he drops to
    encounter speed" — a run is refused, a move at 40' is allowed."""
    tired = ari(state={"running_rounds": 30}, conditions=frozenset({"exhausted"}))
    assert refused(lane(tired), "Ari", "E1", action="run") == (
        "Ari is exhausted: no running until it rests 3 turns; it moves at encounter speed "
        "(40 ft) (Rules Cyclopedia › Exhaustion)."
    )
    walk = move(lane(tired), "Ari", "E1")
    assert (walk.cost_ft, walk.total_ft) == (40.0, 40.0)


def test_003_exhaustion_the_30th_round_can_be_split() -> None:
    """The 30th round of running may be split over two /move calls: the character
    becomes exhausted after that round, not in the middle of it."""
    first = move(lane(ari(state={"running_rounds": 29})), "Ari", "C1", action="run")
    assert first.token.state.get("running_rounds", 0) == 30
    assert Condition.EXHAUSTED.value in first.token.conditions
    second = move(first.encounter, "Ari", "E1", action="run")
    assert (second.used_ft, second.total_ft) == (40.0, 120.0)
    with pytest.raises(IllegalMove, match="exhausted"):
        move(next_round(second), "Ari", "G1", action="run")


def test_003_exhaustion_walking_rounds_dont_reset_the_count() -> None:
    """Only rest ends the count (the GM removes ``exhausted`` / it never came): walking a
    round leaves the rounds run as they were."""
    walked = move(lane(ari(state={"running_rounds": 12})), "Ari", "C1")
    assert walked.token.state.get("running_rounds", 0) == 12
    rested = ari(state={"running_rounds": 30})  # exhausted removed after the rest
    assert move(lane(rested), "Ari", "C1", action="run").token.state.get("running_rounds", 0) == 1


# ---------------------------------------------------------- Feet vs. Yards


def test_003_feet_vs_yards_outdoors_triples_encounter_speed() -> None:
    """003 "Feet vs. Yards": outdoors the speed reads in yards — 40 yards (120') a round."""
    result = move(lane(ari(), outdoors=True), "Ari", "M1")
    assert (result.cost_ft, result.total_ft) == (120.0, 120.0)
    assert "Feet vs. Yards" in result.source.sections
    assert any(n.label == "Outdoors" for n in result.notes)
    with pytest.raises(IllegalMove):
        move(lane(ari(), outdoors=True), "Ari", "N1")


def test_003_feet_vs_yards_outdoors_running() -> None:
    """Outdoors, running 120 yards a round: 360' = 36 squares."""
    result = move(lane(ari(), outdoors=True), "Ari", "AK1", action="run")
    assert (result.cost_ft, result.total_ft) == (360.0, 360.0)


def test_003_miniature_figures_30_yards_is_9_squares() -> None:
    """003 "Miniature Figures": "If a character can move 30 yards (90') in a round, you'd
    move his figure 9" ahead" — a 90' (30') character outdoors, 1" = 10' = one square."""
    result = move(lane(ari(speed_ft=90), outdoors=True), "Ari", "J1")
    assert len(result.path) - 1 == 9
    assert (result.cost_ft, result.total_ft) == (90.0, 90.0)


# ------------------------------------------------------------ speed text forms


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("120' (40')", 120),
        ("MV 120' (40')", 120),
        ("Movement 120' (40')", 120),
        ("120", 120),
        ("90' (30')", 90),
        ("60'(20')", 60),
    ],
)
def test_003_movement_rate_forms_accepted(text: str, normal: int) -> None:
    """003 "Movement": rates read "Move: 120' (40')", "MV 120' (40')" or
    "Movement 120' (40')"; the first number (normal speed) is what a token keeps."""
    fields = RULES.sheet.token_fields(TokenSpec(speed=text))
    assert dict(fields.values) == {"speed_ft": normal}
    token = fields.apply(Token("Ari", c("A1")))
    assert RULES.sheet.token_movement(token).speed_ft == normal // 3


def test_003_movement_rate_that_doesnt_add_up_is_refused() -> None:
    """The bracket is the encounter speed, a third of the normal speed: 120' (50') is wrong."""
    with pytest.raises(InvalidInput) as error:
        RULES.sheet.token_fields(TokenSpec(speed="120' (50')"))
    assert error.value.message == (
        "speed: 120' (50') doesn't add up: the encounter speed in brackets is a third of the "
        "normal speed (120' (40'))."
    )
    with pytest.raises(InvalidInput, match="is not a movement rate"):
        RULES.sheet.token_fields(TokenSpec(speed="fast"))


# ------------------------------ Character Movement Rates and Encumbrance Table


@pytest.mark.parametrize(
    ("load", "normal", "encounter"),
    [
        ("0cn", 120, 40),
        ("400cn", 120, 40),
        ("401cn", 90, 30),
        ("600cn", 90, 30),
        ("800cn", 90, 30),
        ("801cn", 60, 20),
        ("1,200 cn", 60, 20),
        ("1201cn", 30, 10),
        ("1600cn", 30, 10),
        ("1601cn", 15, 5),
        ("2400cn", 15, 5),
        ("2401cn", 0, 0),
    ],
)
def test_003_character_movement_rates_and_encumbrance_table(
    load: str, normal: int, encounter: int
) -> None:
    """003 Character Movement Rates and Encumbrance Table: 0-400 cn 120' (40'),
    401-800 90' (30'), 801-1,200 60' (20'), 1,201-1,600 30' (10'), 1,601-2,400 15' (5'),
    2,401 or more 0."""
    fields = RULES.sheet.token_fields(TokenSpec(options={"load": load}))
    assert fields.values["speed_ft"] == normal
    assert fields.state["load"] == load.replace(",", "").replace(" ", "")
    assert f"{normal}' ({encounter}')" in fields.notes[0].text
    token = fields.apply(Token("Ari", c("A1")))
    assert RULES.sheet.token_movement(token).speed_ft == encounter


def test_003_character_movement_rates_600_cn_example() -> None:
    """003's example: "A character carrying 60 lbs. (600 cn) ... will be slowed to a MV
    of 90' (30')" — even when his rate is written 120' (40')."""
    fields = RULES.sheet.token_fields(TokenSpec(speed="120' (40')", options={"load": "600cn"}))
    token = fields.apply(Token("Ari", c("A1"), team="party"))
    assert RULES.sheet.token_movement(token).speed_ft == 30
    result = move(lane(token), "Ari", "D1")
    assert (result.cost_ft, result.total_ft) == (30.0, 30.0)
    assert move(lane(token), "Ari", "J1", action="run").cost_ft == 90.0


def test_003_character_movement_rates_load_never_speeds_up() -> None:
    """Encumbrance only slows: a 60' (20') creature carrying 100 cn stays at 20'."""
    token = ari(speed_ft=60, state={"load": "100cn"})
    assert RULES.sheet.token_movement(token).speed_ft == 20


def test_003_character_movement_rates_too_heavy_to_move() -> None:
    """2,401 cn or more: movement 0 — the refusal says why."""
    token = ari(state={"load": "2401cn"})
    assert refused(lane(token), "Ari", "B1") == (
        "Ari carries 2,401 cn: with more than 2,400 cn it can't move (Rules Cyclopedia › Character "
        "Movement Rates and Encumbrance Table)."
    )


def test_003_character_movement_rates_load_text_refused() -> None:
    with pytest.raises(InvalidInput, match="becmi counts it in coins"):
        RULES.sheet.token_fields(TokenSpec(options={"load": "heavy"}))


# ------------------------------------------------------------------ By Swimming


def test_003_by_swimming_a_fifth_of_running_speed() -> None:
    """003 "By Swimming": 1/5 of the running speed — 120'/5 = 24' a round indoors, two
    10' squares; the third is refused, naming the square and the rule."""
    result = move(sea(ari()), "Ari", "C1")
    assert step_costs(result) == [10.0, 10.0]
    assert all(step.why == "swimming" for step in result.steps)
    assert refused(sea(ari()), "Ari", "D1") == (
        "Ari can't reach D1: D1 is water: swimming covers 24 ft a round (Rules Cyclopedia › By "
        "Swimming: "
        "1/5 of the running speed). Ari can reach C1 for 20 ft."
    )


def test_003_by_swimming_outdoors_24_yards() -> None:
    """003's example: "120 yards per round / 5 = 24 yards per round" — 72' outdoors,
    seven squares."""
    result = move(sea(ari(), outdoors=True), "Ari", "H1")
    assert result.cost_ft == 70.0
    message = refused(sea(ari(), outdoors=True), "Ari", "I1")
    assert "swimming covers 72 ft a round" in message
    assert message.endswith("Ari can reach H1 for 70 ft.")


def test_003_by_swimming_running_doesnt_swim_faster() -> None:
    """The swimming rate is the same whether the character walks or runs."""
    with pytest.raises(IllegalMove):
        move(sea(ari()), "Ari", "D1", action="run")


def test_003_by_swimming_limit_is_per_round_across_moves() -> None:
    """24' a round is for the whole round: two /move calls can't swim 20' each."""
    first = move(sea(ari()), "Ari", "C1")
    message = refused(first.encounter, "Ari", "D1")
    assert "swimming covers 24 ft a round" in message


# --------------------------------------------- creatures, groups, no attacks


def test_003_no_attacks_of_opportunity() -> None:
    """Seed 003 has no attacks of opportunity: walking away from an adjacent enemy
    provokes nothing."""
    result = move(board(ari("E6"), orc("E5")), "Ari", "E9")
    assert result.provokes == ()
    assert result.provoked_at == {}
    assert all(w.label != "Provokes" for w in result.warnings)
    run = move(board(ari("E6"), orc("E5", reach_ft=20)), "Ari", "E18", action="run")
    assert run.provokes == ()


def test_003_allies_pass_enemies_block() -> None:
    """Bot ruling (the chapter has no rule for passing figures): a friend's square may
    be crossed, an enemy's not, and no move ends on another figure."""
    ally = move(lane(ari(), orc("B1", team="party")), "Ari", "C1")
    assert names(ally.path) == ["A1", "B1", "C1"]
    assert ally.cost_ft == 20.0
    with pytest.raises(IllegalMove):
        move(lane(ari(), orc("B1")), "Ari", "C1")
    asleep = orc("B1", conditions=frozenset({"unconscious"}))
    assert move(lane(ari(), asleep), "Ari", "C1").cost_ft == 20.0
    assert refused(lane(ari(), orc("B1", team="party")), "Ari", "B1") == (
        "Ari can't end at B1: Orc at B1: creatures don't share a square (the Rules Cyclopedia "
        "has no rule for sharing one)."
    )


def test_003_land_travel_terrain_makes_no_difference_to_the_combat_round() -> None:
    """003 Land Travel: terrain "makes no difference to the combat round or the
    10-minute turn"; the Terrain Effects table is for a day's travel. A difficult
    square costs the same 10' as any other on the grid."""
    result = move(lane(ari(), B1="difficult", C1="slope", D1="obstacle"), "Ari", "E1")
    assert names(result.path) == ["A1", "B1", "C1", "D1", "E1"]
    assert step_costs(result) == [10.0, 10.0, 10.0, 10.0]


@pytest.mark.parametrize("condition", ["paralyzed", "grappled", "unconscious"])
def test_003_cant_move_when_held_or_helpless(condition: str) -> None:
    assert refused(board(ari(conditions=frozenset({condition}))), "Ari", "B1") == (
        "Ari can't move now. The GM can move it with forced:."
    )


def test_003_forced_movement_spends_nothing() -> None:
    """Forced movement (borrowed from 004) spends none of the round's movement."""
    walked = move(lane(ari("C1"), orc("B1")), "Ari", "D1")
    pushed = move(walked.encounter, "Ari", "F1", forced="push", by="Orc")
    assert names(pushed.path) == ["D1", "E1", "F1"]
    assert (pushed.cost_ft, pushed.used_ft) == (0.0, 10.0)
    assert pushed.notes[0].text == (
        "20 ft, spending none of Ari's movement and provoking no attacks."
    )


# ------------------------------------------------------------------ properties


@settings(max_examples=50, deadline=None)
@given(
    normal=st.sampled_from([15, 30, 60, 90, 120, 150, 180]),
    outdoors=st.booleans(),
    run=st.booleans(),
    squares=st.integers(1, 39),
)
def test_003_normal_encounter_running_speeds_bound_every_move(
    normal: int, outdoors: bool, run: bool, squares: int
) -> None:
    """003: in a lane, a move of ``squares`` is legal exactly when 10' × squares fits the
    round's rate: normal ÷ 3 (or normal, running), ×3 outdoors."""
    rate = (normal if run else normal // 3) * (3 if outdoors else 1)
    to = str(Cell(squares, 0))
    encounter = lane(ari(speed_ft=normal), outdoors=outdoors)
    action = "run" if run else None
    if 10 * squares <= rate:
        result = move(encounter, "Ari", to, action=action)
        assert (result.cost_ft, result.total_ft) == (10.0 * squares, float(rate))
        assert result.provokes == ()
    else:
        with pytest.raises(IllegalMove):
            move(encounter, "Ari", to, action=action)


def test_003_character_movement_rates_a_group_moves_at_the_slowest_rate() -> None:
    """003 Character Movement Rates: "Groups of characters, if they intend to stay
    together, move at the rate of the slowest character." The formation is kept."""
    e = Encounter(12, 6, "becmi", "dm")
    e = e.with_token(Token("Ari", Cell.parse("A1"), team="party", speed_ft=120))
    e = e.with_token(Token("Bo", Cell.parse("A2"), team="party", speed_ft=60))  # 20'/round
    rules = get_ruleset("becmi")
    request = MoveRequest("Ari", Cell.parse("D1"), group=("Bo",))
    with pytest.raises(IllegalMove) as refused:
        rules.move(e, request)
    assert "Bo's rate" in said(refused.value)
    result = rules.move(e, MoveRequest("Ari", Cell.parse("C1"), group=("Bo",)))
    assert result.encounter.token("Ari").cell == Cell.parse("C1")
    assert result.encounter.token("Bo").cell == Cell.parse("C2")
    (bo,) = result.extra["group"]  # type: ignore[misc]
    assert (bo["token"], bo["path"][-1], bo["cost_ft"]) == ("Bo", "C2", 20.0)


def test_group_moves_are_becmi_only() -> None:
    e = Encounter(6, 6, "3.5", "dm").with_token(Token("Ari", Cell.parse("A1")))
    e = e.with_token(Token("Bo", Cell.parse("A2")))
    with pytest.raises(InvalidInput, match="becmi's rule"):
        get_ruleset("3.5").move(e, MoveRequest("Ari", Cell.parse("B1"), group=("Bo",)))


def test_003_by_swimming_more_than_400_cn_drags_a_swimmer_down() -> None:
    """003 By Swimming (and Drowning): "If a character is carrying more than 400 cn
    encumbrance, sheer weight will drag him down": such a token can't swim on the grid."""
    heavy = lane(ari(state={"load": "600cn"}), B1="water", C1="water")
    message = refused(heavy, "Ari", "C1")
    assert "600 cn" in message and "drags a swimmer down" in message
    light = lane(ari(state={"load": "400cn"}), B1="water")
    assert names(move(light, "Ari", "B1").path) == ["A1", "B1"]
