"""epic-path's teleport: seed 004 (004_15d51e0af34ca221.txt) › Blocked Terrain: "teleport can
move through blocked terrain as long as line of sight and line of effect rules are
satisfied"; the line of effect itself is bot/grid/sight.py (a ruling, docs/RULINGS.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell, edge_key
from bot.grid.sight import clear_line
from bot.reply import Reply
from tests.handlers.encounter_helpers import refused, run, tokens


def nothing_solid(cell: Cell) -> bool:
    return False


def test_an_open_board_is_all_in_sight() -> None:
    assert clear_line([Cell(0, 0)], [Cell(9, 4)], nothing_solid, [])


def test_a_wall_square_between_blocks() -> None:
    wall = {Cell(2, 0)}
    assert not clear_line([Cell(0, 0)], [Cell(4, 0)], wall.__contains__, [])
    assert clear_line([Cell(0, 1)], [Cell(4, 1)], wall.__contains__, [])


def test_a_wall_edge_or_closed_door_between_side_by_side_squares_blocks() -> None:
    walls = [edge_key(Cell(0, 0), Cell(1, 0))]
    assert not clear_line([Cell(0, 0)], [Cell(1, 0)], nothing_solid, walls)
    assert clear_line([Cell(0, 0)], [Cell(0, 1)], nothing_solid, walls)


def test_no_slipping_between_two_wall_squares_that_touch_corners() -> None:
    """Touching counts: the diagonal through the point where two wall squares meet is shut."""
    walls = {Cell(1, 0), Cell(0, 1)}
    assert not clear_line([Cell(0, 0)], [Cell(1, 1)], walls.__contains__, [])


def test_no_slipping_through_the_joint_of_a_long_wall() -> None:
    wall = [edge_key(Cell(0, 0), Cell(0, 1)), edge_key(Cell(1, 0), Cell(1, 1))]
    # from A1's centre to B2's: the line passes the point where the two edges meet
    assert not clear_line([Cell(0, 0)], [Cell(1, 1)], nothing_solid, wall)


def test_a_big_creature_sees_from_any_of_its_squares() -> None:
    wall = {Cell(3, 0)}
    large = [Cell(0, 0), Cell(1, 0), Cell(0, 1), Cell(1, 1)]
    assert not clear_line([Cell(0, 0)], [Cell(6, 1)], wall.__contains__, [])
    assert clear_line(large, [Cell(6, 1)], wall.__contains__, [])


cells = st.builds(Cell, st.integers(0, 7), st.integers(0, 7))


@given(a=cells, b=cells, solid=st.frozensets(cells, max_size=12))
def test_line_of_effect_is_symmetric(a: Cell, b: Cell, solid: frozenset[Cell]) -> None:
    assert clear_line([a], [b], solid.__contains__, []) == clear_line(
        [b], [a], solid.__contains__, []
    )


@given(a=cells, b=cells, column=st.integers(0, 7))
def test_a_full_wall_between_always_blocks(a: Cell, b: Cell, column: int) -> None:
    wall = {Cell(column, r) for r in range(-1, 9)}
    if a.col < column < b.col or b.col < column < a.col:
        assert not clear_line([a], [b], wall.__contains__, [])


# ------------------------------------------------------------- on the board


async def room(gm: Context) -> Context:
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:epic-path",
        "/token add name:Ari at:B2 speed:30 team:party",
        "/token add name:Orc at:H2 team:enemy",
        "/terrain set kind:wall cells:E1-E6",
    )
    return gm


async def test_a_wall_without_a_gap_stops_a_teleport(gm: Context) -> None:
    await room(gm)
    await refused(gm, "/move token:Ari to:G2 mode:teleport", IllegalMove, "no line of effect")


async def test_a_teleport_passes_blocked_terrain_in_sight(gm: Context) -> None:
    """Blocked Terrain: through a gap in the wall, the teleport needs no path: it lands
    beyond, spending no movement and provoking nothing."""
    await room(gm)
    await run(gm, "/terrain set kind:clear cells:E2")
    reply = await run(gm, "/move token:Ari to:G2 mode:teleport")
    assert reply.title == "Ari teleports to G2"
    assert reply.result["provokes"] == []
    assert (await tokens(gm.store))["Ari"]["cell"] == "G2"
    assert "Blocked Terrain" in reply.footer


async def test_an_occupied_square_gives_the_nearest_open_space_in_sight(gm: Context) -> None:
    await room(gm)
    await run(gm, "/terrain set kind:clear cells:E2")
    reply = await run(gm, "/move token:Ari to:H2 mode:teleport")
    assert reply.title == "Ari teleports to G2"
    assert any("H2 is occupied or blocked" in f.value for f in reply.fields)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("/move token:Ari to:G2 mode:teleport action:run", "leave out action"),
        ("/move token:Ari to:G2 mode:teleport via:C2", "leave out via"),
    ],
)
async def test_a_teleport_with_a_path_or_an_action_is_refused(
    gm: Context, line: str, says: str
) -> None:
    await room(gm)
    await refused(gm, line, InvalidInput, says)


# ------------------------------------------------------- invisible and withdraw


async def withdraw_past(gm: Context, ruleset: str) -> tuple[list[str], str]:
    await run(
        gm,
        f"/encounter start width:10 height:6 ruleset:{ruleset}",
        "/token add name:Ari at:B2 speed:30 team:party",
        "/token add name:Orc at:C2 team:enemy",
        "/token condition token:Orc add:invisible",
    )
    reply = await run(gm, "/move token:Ari to:A2 action:withdraw")
    provokes = reply.result["provokes"]
    assert isinstance(provokes, list)
    return provokes, "\n".join(f.value for f in reply.fields)


async def test_an_invisible_enemy_still_gets_its_attack_on_a_withdraw(gm: Context) -> None:
    """004 Withdraw: "Invisible enemies still get attacks of opportunity against you"."""
    provokes, text = await withdraw_past(gm, "epic-path")
    assert provokes == ["Orc"]
    assert "Orc is invisible: a withdraw's first square is safe only" in text


async def test_in_3_5_the_first_square_of_a_withdraw_is_safe_from_everyone(gm: Context) -> None:
    """002 Withdraw: "the first square you leave is not considered threatened" (no
    exception for the unseen); invisible stays a reminder there."""
    provokes, text = await withdraw_past(gm, "3.5")
    assert provokes == []
    assert "invisible" not in text
    reply = await run(gm, "/token condition token:Orc add:unseen")
    assert any("no movement effect under 3.5" in f.value for f in reply.fields)


# ------------------------------------------------- prone against forced movement


def note(reply: Reply, label: str) -> str:
    return next((f.value for f in reply.fields if f.name == label), "")


async def test_a_creature_prone_by_choice_may_ignore_forced_movement(gm: Context) -> None:
    """004 Forced Movement: "A creature which has voluntarily dropped to Prone can elect to
    ignore any forced movement inflicted upon it as long as it remains prone"."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:epic-path",
        "/token add name:Ari at:B2 speed:30 team:party",
        "/token add name:Orc at:C2 team:enemy",
        "/move token:Ari action:drop-prone",
    )
    reply = await run(gm, "/move token:Ari forced:push by:Orc to:A2")
    assert "may ignore this forced movement while it stays prone" in note(reply, "Prone")


async def test_knocked_prone_resists_only_once_its_turn_has_come(gm: Context) -> None:
    """004 Forced Movement: "a creature which was made prone involuntarily gains no such
    resistance ... until it has had an opportunity to stand up"; until then it may still
    fall prone at any point to end it. The turn's start is that opportunity (a ruling)."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:epic-path",
        "/token add name:Orc at:C2 team:enemy",
        "/token condition token:Orc add:prone",
    )
    first = await run(gm, "/move token:Orc forced:slide to:D2")
    assert "may fall prone at any square of it" in note(first, "Fall prone")
    assert note(first, "Prone") == ""
    await run(gm, "/turn next")
    later = await run(gm, "/move token:Orc forced:slide to:E2")
    assert "may ignore this forced movement" in note(later, "Prone")


async def test_standing_up_ends_the_resistance(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:epic-path",
        "/token add name:Ari at:B2 speed:30 team:party",
        "/move token:Ari action:drop-prone",
        "/move token:Ari action:stand",
    )
    assert "prone_resists" not in (await tokens(gm.store))["Ari"].get("state", {})
    reply = await run(gm, "/move token:Ari forced:slide to:B4")
    assert note(reply, "Prone") == ""


async def test_other_rulesets_say_nothing_of_falling_prone(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:3.5",
        "/token add name:Ari at:B2 speed:30 team:party",
    )
    reply = await run(gm, "/move token:Ari forced:slide to:B4")
    assert note(reply, "Fall prone") == "" and note(reply, "Prone") == ""


# ------------------------------------------------------------ run duration


@pytest.mark.parametrize(
    ("ruleset", "consequence"),
    [("epic-path", "is fatigued"), ("3.5", "must rest 1 minute (10 rounds)")],
)
async def test_rounds_run_in_a_row_are_counted(gm: Context, ruleset: str, consequence: str) -> None:
    """004 Run: "A character can run for a number of rounds equal to her Constitution score,
    but after that she must make a DC 10 Constitution check to continue running ... When
    she fails this check, she must stop running. A character that has run to her limit gains
    the Fatigued condition." 3.5 borrows the 3.5 SRD's Run (002 gives no limit). The bot
    counts the rounds; the score and the checks are the table's."""
    await run(
        gm,
        f"/encounter start width:60 height:4 ruleset:{ruleset}",
        "/token add name:Ari at:A2 speed:30 team:party",
    )
    first = await run(gm, "/move token:Ari to:H2 action:run")
    assert "Round 1 running in a row" in note(first, "Running")
    assert consequence in note(first, "Running")
    await run(gm, "/turn next")
    second = await run(gm, "/move token:Ari to:P2 action:run")
    assert "Round 2 running in a row" in note(second, "Running")
    await run(gm, "/turn next", "/turn next")  # a round without running breaks the run
    third = await run(gm, "/move token:Ari to:X2 action:run")
    assert "Round 1 running in a row" in note(third, "Running")
    assert (await tokens(gm.store))["Ari"]["state"]["running_rounds"] == 1
