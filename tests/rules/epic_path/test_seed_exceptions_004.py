"""epic-path (seed 004): the exceptions the seed states to its own general rules."""

from __future__ import annotations

import pytest

from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules.engine.moves import MoveRequest
from tests.rules.grid_kit import GridKit, foe, path, pc, warning_labels

KIT = GridKit("epic-path")


def test_004_encumbrance_speed_0_moves_5_ft_as_a_standard_action() -> None:
    """004 Encumbrance: "If these penalties reduce your base move to zero ... You must
    now use a standard action to move five feet, and can move no more than five feet
    per round"."""
    e = KIT.encounter(8, 1, pc("Ari", "A1", speed_ft=10, state={"armor": "heavy", "load": "heavy"}))
    result = KIT.move(e, "Ari", "B1")
    assert path(result) == "A1 B1" and result.cost_ft == 5
    assert any("standard action" in n.text for n in result.notes)
    with pytest.raises(IllegalMove, match="no more than 5 ft a round"):
        KIT.move(result.encounter, "Ari", "C1")
    assert "one square only" in KIT.refused(e, "Ari", "C1")  # two squares at once
    with pytest.raises(IllegalMove, match="standard action moving 5 ft"):
        KIT.move(e, "Ari", "B1", action="run")


@pytest.mark.parametrize(
    ("armor", "load", "multiple"),
    [
        (None, None, 4),  # 004 Run: four times
        (None, "medium", 4),  # 004 Encumbrance: medium load, ×5 − 1
        (None, "heavy", 3),  # heavy load, ×5 − 2
        ("medium", None, 4),
        ("heavy", None, 3),  # 004 Run: three times in heavy armor (and ×5 − 2)
        ("medium", "medium", 3),
        ("heavy", "heavy", 1),  # 004 Encumbrance's example: "only x1"
    ],
)
def test_004_run_and_encumbrance_run_multiplier_with_load(
    armor: str | None, load: str | None, multiple: int
) -> None:
    """004 Run and 004 Encumbrance: a medium load lowers the multiplier by one (×4), a
    heavy load by two (×3), stacking with armor; unencumbered it is Run's ×4."""
    e = KIT.encounter(
        40,
        1,
        pc(
            "Ari",
            "A1",
            speed_ft=40,
            state={k: v for k, v in (("armor", armor), ("load", load)) if v},
        ),
    )
    token = e.token("Ari")
    assert KIT.rules.economy.run_multiple(token)[0] == multiple  # type: ignore[attr-defined]


@pytest.mark.parametrize("condition", ["fatigued", "exhausted"])
def test_004_hustle_a_fatigued_creature_cannot_run_or_charge(condition: str) -> None:
    """004 Overland Travel › Hustle: "A fatigued character can't run or charge"."""
    e = KIT.encounter(12, 1, pc("Ari", "A1", conditions=frozenset({condition})), foe("Orc", "H1"))
    for action in ("run", "charge"):
        assert "can't run or charge" in KIT.refused(e, "Ari", "G1", action=action)
    assert KIT.move(e, "Ari", "D1", action="double").token.cell == Cell.parse("D1")


def test_004_stepover_the_smaller_creature_may_move_out() -> None:
    """004 Stepover: creatures under a larger one "may also move out of the occupied
    space (provoking as per normal movement rules)", but not stop elsewhere inside."""
    e = KIT.encounter(8, 8, foe("Giant", "B2", size=Size.HUGE), pc("Ari", "C3"))
    result = KIT.move(e, "Ari", "F3")
    assert path(result) == "C3 D3 E3 F3"
    assert result.provokes == ("Giant",)
    assert "can't end at B2" in KIT.refused(e, "Ari", "B2")


def test_004_stepover_forced_movement_carries_the_larger_over() -> None:
    """004 Stepover: "If the larger creature is subjected to forced movement, it is
    possible to make the larger creature stepover legally sized (smaller) creatures"."""
    e = KIT.encounter(10, 2, pc("Big", "A1", size=Size.LARGE), foe("Rat", "D1", size=Size.SMALL))
    result = KIT.rules.move(e, MoveRequest("Big", Cell.parse("F1"), forced="slide"))
    assert result.token.cell == Cell.parse("F1")
    # a Medium creature is only one size smaller: the slide stops before it
    e = KIT.encounter(10, 2, pc("Big", "A1", size=Size.LARGE), foe("Orc", "D1"))
    result = KIT.rules.move(e, MoveRequest("Big", Cell.parse("F1"), forced="slide"))
    assert result.token.cell == Cell.parse("B1")


def test_004_hazardous_terrain_a_pit_can_be_entered_and_hands_over_to_the_fall() -> None:
    """004 Hazardous Terrain: pit openings are hazardous terrain, and "a character can
    freely move into spaces of hazardous terrain"; the move ends there, in a fall."""
    e = KIT.encounter(10, 1, pc("Ari", "A1"), pit="D1")
    result = KIT.move(e, "Ari", "D1")
    assert path(result) == "A1 B1 C1 D1"
    assert "Falls" in warning_labels(result)
    fall = next(w.text for w in result.warnings if w.label == "Falls")
    assert "1d6 per 10 ft" in fall and "DC 15 Acrobatics" in fall and "/fall" in fall
    # the fall ends the move: nothing goes on past the pit
    assert "ends there, falling" in KIT.refused(e, "Ari", "E1")
    # other rulesets keep the pit impassable on foot
    kit35 = GridKit("3.5")
    assert "is a pit" in kit35.refused(
        kit35.encounter(10, 1, pc("Ari", "A1"), pit="D1"), "Ari", "D1"
    )


def test_004_withdraw_not_with_a_form_of_movement_without_a_listed_speed() -> None:
    """004 Withdraw: "You may not withdraw using a form of movement for which you don't
    have a listed speed": no withdrawing through deep water without a swim speed, and the
    refusal cites Epic Path, not the 3.5 article. With a swim speed it may."""
    e = KIT.encounter(6, 3, pc("Ari", "A1"), water="C1 C2 C3")
    refusal = KIT.refused(e, "Ari", "E1", action="withdraw")
    assert "no swim speed" in refusal and "(Epic Path › Withdraw)" in refusal
    fish = KIT.encounter(6, 3, pc("Ari", "A1", speeds_ft={"swim": 30}), water="C1 C2 C3")
    assert KIT.move(fish, "Ari", "E1", action="withdraw").token.cell == Cell.parse("E1")
