"""Issue 28, 5e and 5e-2024: a token's Strength score, jumps on the grid, carrying.

SRD 5.1 Movement › Jumping; SRD 5.2 Rules Glossary › Long Jump, High Jump, Round Down;
both: Carrying Capacity (pushing, dragging, lifting), and 5.1's Encumbrance variant and
heavy armor's Strength requirement.
"""

from __future__ import annotations

import pytest

from bot.context import Context
from tests.handlers.encounter_helpers import run

BOTH = pytest.mark.parametrize("rid", ["5e", "5e-2024"])


async def pit_board(gm: Context, rid: str, *tokens: str) -> None:
    """A corridor 8 squares long with a 10-ft pit at C2:D2; Kit stands at A2."""
    await run(
        gm,
        f"/encounter start width:8 height:3 ruleset:{rid}",
        '/terrain set cells:"A1:H1 A3:H3" kind:wall',
        '/terrain set cells:"C2 D2" kind:pit',
        *tokens,
    )


async def test_srd52_round_down_strength_15_standing_long_jump_7_ft_high_jump_2_ft(gm: Context):
    """SRD 5.2 Rules Glossary › Round Down: a standing jump is half, rounded down."""
    reply = await run(gm, "/jump ruleset:5e-2024 strength:15 run_up:0")
    assert reply.result["max_horizontal_ft"] == 7
    assert reply.result["max_vertical_ft"] == 2


@BOTH
async def test_srd_jumping_move_jump_clears_a_10_ft_pit(gm: Context, rid: str):
    """SRD Jumping (5.2 Long Jump): with a 10 ft run-up on foot, Strength 15 clears 15 ft;
    each foot jumped costs a foot of movement."""
    await pit_board(gm, rid, "/token add name:Kit at:A2 strength:15")
    reply = await run(gm, "/move token:Kit to:F2 jump:E2")
    assert reply.result["path"][-2:] == ["E2", "F2"]
    assert reply.result["cost_ft"] == 25
