"""/flank: two tokens and a target, under the channel's ruleset (004 Flanking)."""

from __future__ import annotations

from bot.context import Context
from bot.errors import InvalidInput
from tests.handlers.encounter_helpers import refused, run


async def test_004_flank_command_answers_for_two_tokens(gm: Context) -> None:
    """004 Flanking: /flank says whether two tokens flank a third, and why."""
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:epic-path",
        "/token add name:Ari at:B3 team:party",
        "/token add name:Bo at:D3 team:party",
        "/token add name:Orc at:C3 team:enemy",
    )
    reply = await run(gm, "/flank a:Ari b:Bo target:Orc")
    assert reply.title == "Ari and Bo flank Orc"
    assert reply.result["flanks"] is True and reply.result["line"] == [[1.5, 2.5], [3.5, 2.5]]
    assert "Flanking" in reply.footer
    reply = await run(gm, "/move token:Bo to:D4", "/flank a:Ari b:Bo target:Orc")
    assert reply.title == "Ari and Bo don't flank Orc" and reply.result["flanks"] is False
    await refused(gm, "/flank a:Ari b:Ari target:Orc", InvalidInput, "three different tokens")
    await refused(gm, "/flank a:Ari b:Nobody target:Orc", InvalidInput, "No token named")


async def test_flank_command_under_a_ruleset_without_flanking(gm: Context) -> None:
    """3.5's seeds (001, 002) have no flanking rule: /flank says so and rules nothing."""
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:3.5",
        "/token add name:Ari at:B3 team:party",
        "/token add name:Bo at:D3 team:party",
        "/token add name:Orc at:C3 team:enemy",
    )
    reply = await run(gm, "/flank a:Ari b:Bo target:Orc")
    assert reply.title == "No flanking rule under 3.5" and reply.result["flanks"] is None
    assert "no flanking rule" in reply.fields[0].value
