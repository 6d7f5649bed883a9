"""Jumping during a move: a jump on the way, costed and limited per /jump."""

from __future__ import annotations

import pytest

from bot.encounter import Encounter
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from tests.rules.grid_kit import GridKit, cells, path, pc, step_costs

C = Cell.parse


def chasm(kit: GridKit, speed: int = 30) -> Encounter:
    """Row 2 is a corridor; C2 and D2 are a pit two squares wide."""
    e = kit.encounter(10, 3, pc("Ari", "A2", speed_ft=speed))
    e = e.with_terrain(cells(" ".join(f"{c}1 {c}3" for c in "ABCDEFGHIJ")), Terrain.WALL)
    return e.with_terrain(cells("C2 D2"), Terrain.PIT)


def test_000_jump_a_pit_on_the_way_costs_its_length() -> None:
    """000 Jump: 10 ft across without a check; "You can only Jump as far as your
    Movement allows" (each foot jumped costs a foot)."""
    kit = GridKit("5e-alt")
    e = chasm(kit)
    refusal = kit.refused(e, "Ari", "F2")  # no way round on foot
    assert "C2 is a pit" in refusal and "jump:" in refusal  # says how to jump it
    result = kit.move(e, "Ari", "F2", jump="E2")
    assert path(result) == "A2 B2 E2 F2"
    assert step_costs(result) == [5, 15, 5]
    assert result.cost_ft == 25


def test_000_a_longer_jump_needs_the_check() -> None:
    """000 Extending Your Jump: a DC 10 check extends it to the check's total."""
    kit = GridKit("5e-alt")
    e = chasm(kit, speed=40)
    e = e.with_terrain(cells("E2"), Terrain.PIT)
    assert "at most 10 ft" in kit.refused(e, "Ari", "F2", jump="F2")
    result = kit.move(e, "Ari", "F2", jump="F2", check=15)
    assert path(result) == "A2 B2 F2"


def test_001_a_3_5_jump_takes_the_jump_check() -> None:
    kit = GridKit("3.5")
    e = chasm(kit)
    # without a check it names the easiest jump: from B2, 10 ft cleared, DC 10 doubled
    # for want of a 20 ft run-up (from A2 it would clear 15 ft: DC 30)
    with pytest.raises(IllegalMove, match=r"give check.*clears 10 ft, DC 20"):
        kit.move(e, "Ari", "E2", jump="E2")
    # no 20 ft run-up here, so the check counts half (the 3.5 SRD's Jump skill)
    assert "at most 8 ft" in kit.refused(e, "Ari", "E2", jump="E2", check=16)
    result = kit.move(e, "Ari", "E2", jump="E2", check=20)
    assert result.path[-1] == C("E2")


def test_003_becmi_has_no_jump_rule() -> None:
    kit = GridKit("becmi")
    e = chasm(kit, speed=120)
    with pytest.raises(IllegalMove, match="no jump rule"):
        kit.move(e, "Ari", "E2", jump="E2")


def test_jump_not_through_a_wall() -> None:
    kit = GridKit("5e-alt")
    e = kit.encounter(6, 1, pc("Ari", "A1")).with_terrain(cells("C1"), Terrain.WALL)
    assert "straight line" in kit.refused(e, "Ari", "D1", jump="D1")


def test_the_take_off_is_on_the_line_when_several_cost_the_same() -> None:
    """A2 to F2 over a pit at D1:D3: taking off from C1 or C2 costs the same; the bot
    takes off from C2, on the line a table would draw."""
    kit = GridKit("3.5")
    e = kit.encounter(10, 3, pc("Ari", "A2")).with_terrain(cells("D1 D2 D3"), Terrain.PIT)
    result = kit.move(e, "Ari", "F2", jump="E2", check=12)
    assert path(result) == "A2 B2 C2 E2 F2"
    assert result.cost_ft == 25


def test_000_a_large_jumper_clears_the_gap_between_its_squares() -> None:
    """000 Jump › Size and Jumping: Large doubles the 10 ft, so 20 ft. A Large token on
    B1:C2 jumping a pit in D–F lands on G1:H2: the gap is 15 ft (D, E, F), not the 20 ft
    between the two top-left squares' far sides; the jump spends its 25 ft length."""
    kit = GridKit("5e-alt")
    drake = pc("Drake", "B1", speed_ft=40, size=Size.LARGE)
    e = kit.encounter(10, 2, drake).with_terrain(cells("D1 E1 F1 D2 E2 F2"), Terrain.PIT)
    result = kit.move(e, "Drake", "G1", jump="G1")
    assert path(result) == "B1 G1"
    assert result.cost_ft == 25
    jump = next(w for w in result.warnings if w.label == "Jump")
    assert "clearing 15 ft" in jump.text


def test_000_falling_while_jumping_no_landing_in_a_pit() -> None:
    """000 Jump › Falling While Jumping: "You clear the distance on your Jump, aren't
    standing on a solid surface ... you Fall": a jump may not land in a pit (the fall is
    /fall's ruling), and the refusal says why."""
    kit = GridKit("5e-alt")
    e = chasm(kit)
    message = kit.refused(e, "Ari", "D2", jump="D2")
    assert "can't land at D2" in message and "pit" in message
