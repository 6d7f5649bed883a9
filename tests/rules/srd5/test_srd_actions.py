"""Issue 28 for 5e (SRD 5.1) and 5e-2024 (SRD 5.2): Disengage as an action or a bonus
action, Dash as a bonus action, a controlled mount's actions, Incapacitated, 5.2's
Dropping Prone, Stunned and Exhaustion 6, a flyer falling at Speed 0, and teleporting;
through the handlers the console and Discord use. Each test names its SRD section."""

from __future__ import annotations

import pytest

from bot.context import Context
from tests.handlers.encounter_helpers import run

BOTH = pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(gm, f"/encounter start ruleset:{ruleset} width:12 height:12", *lines)


async def with_orc(gm: Context, ruleset: str, *lines: str) -> None:
    """Ari (party) at B2 beside an Orc (enemy) at C2: walking off provokes."""
    await board(
        gm,
        ruleset,
        "/token add name:Ari at:B2 team:party",
        "/token add name:Orc at:C2 team:enemy",
        *lines,
    )


# ---------------------------------------------------------------------- Disengage


@BOTH
async def test_srd_disengage_movement_provokes_no_opportunity_attacks(gm: Context, ruleset: str):
    """SRD 5.1 Disengage; SRD 5.2 Rules Glossary › Disengage: its movement doesn't
    provoke opportunity attacks for the rest of the turn."""
    await with_orc(gm, ruleset)
    reply = await run(gm, "/move token:Ari to:B5 action:disengage")
    assert reply.result["provokes"] == []
    assert reply.result["disengaged"] is True
    assert reply.result["action"] == "disengage"
    assert "Disengage" in (reply.footer or "")
