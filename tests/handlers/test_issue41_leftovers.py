"""Issue 41's leftovers from the last round (the mounts' aside), each reproduced as it
was reported and named for its seed or SRD section: the "no movement left" refusal
offering a Dash that can't be taken, epic-path's "no move left" after a partial double
move, an attack from leaving a Huge creature's space called entering, and a Small
token's overrun of a Large foe refused without the size."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove
from tests.handlers.encounter_helpers import refused, run

BOTH = pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])


@BOTH
async def test_srd_incapacitated_no_movement_left_offers_no_dash(gm: Context, ruleset: str):
    """SRD Incapacitated: "can't take actions": out of movement, an incapacitated token
    is not told action:dash gains more; a token that may still Dash is."""
    await run(
        gm,
        f"/encounter start ruleset:{ruleset} width:10 height:10",
        "/token add name:Ari at:A1",
        "/move token:Ari to:A7",
    )
    able = await refused(gm, "/move token:Ari to:A8", IllegalMove)
    assert "action:dash gains more" in able.message
    await run(gm, "/token condition token:Ari add:incapacitated")
    error = await refused(gm, "/move token:Ari to:A8", IllegalMove)
    assert "no movement left" in error.message and "action:dash" not in error.message


@BOTH
async def test_srd_your_turn_no_movement_left_after_the_action_offers_no_dash(
    gm: Context, ruleset: str
):
    """SRD Combat › Your Turn: once the action is spent (a Disengage), running out of
    movement offers no Dash."""
    await run(
        gm,
        f"/encounter start ruleset:{ruleset} width:10 height:10",
        "/token add name:Ari at:A1",
        "/move token:Ari to:A7 action:disengage",
    )
    error = await refused(gm, "/move token:Ari to:A8", IllegalMove)
    assert "no movement left" in error.message and "action:dash" not in error.message


async def test_004_double_move_goes_on_after_a_partial_move(gm: Context):
    """004 Double Move: "a double-move is considered a single action, so there is no need
    for the creature to stop": after part of it, the reply says what is left (not "no
    move left this turn") and a second /move goes on with it, up to twice the speed."""
    await run(
        gm,
        "/encounter start ruleset:epic-path width:20 height:20",
        "/token add name:Ari at:A1 team:party",
    )
    first = await run(gm, "/move token:Ari to:A5 action:double")
    assert first.result["remaining_ft"] == 40 and first.result["done_for_the_turn"] is False
    assert "no move left" not in first.as_text()
    second = await run(gm, "/move token:Ari to:A9")
    assert second.result["remaining_ft"] == 20 and second.result["action"] == "double"
    assert "Goes on with this turn's double move" in second.as_text()
    last = await run(gm, "/move token:Ari to:A13")
    assert last.result["done_for_the_turn"] is True
    await refused(gm, "/move token:Ari to:A14", IllegalMove)


async def test_004_stepover_leaving_a_huge_creatures_space_is_leaving(gm: Context):
    """004 Stepover and Threatened Area: a Small token under a Huge giant moves out of
    its space and provokes for the square it leaves; the reply said "entering C3"."""
    await run(
        gm,
        "/encounter start ruleset:epic-path width:20 height:20",
        "/token add name:Ari at:C3 team:party size:small",
        "/token add name:Giant at:F2 team:enemy size:huge",
        "/move token:Giant to:B2",
    )
    moved = await run(gm, "/move token:Ari to:H3 action:double")
    assert moved.result["provokes"] == ["Giant"]
    assert "Giant (leaving C3)" in moved.as_text()
    assert "entering" not in moved.as_text()


@pytest.mark.parametrize(
    ("ruleset", "line"),
    [
        ("3.5", "/move token:Ari to:E4 via:C3 through:overrun"),
        ("epic-path", "/move token:Ari to:E4 via:C3 through:overrun"),
    ],
)
async def test_002_004_overrun_a_foe_two_sizes_larger_says_the_size(
    gm: Context, ruleset: str, line: str
):
    """002 Overrun (3.5), 004 Overrun (epic-path): a foe at most one size larger: a Small
    token's overrun of a Large ogre is refused for its size, and the refusal says so."""
    await run(
        gm,
        f"/encounter start ruleset:{ruleset} width:12 height:12",
        "/token add name:Ari at:A3 team:party size:small",
        "/token add name:Ogre at:C3 team:enemy size:large",
    )
    error = await refused(gm, line, IllegalMove)
    assert "Ogre is Large, 2 sizes larger than Ari (Small)" in error.message
    assert "overrun takes a foe at most 1 size larger" in error.message
