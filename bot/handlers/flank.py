"""/flank: do two tokens flank a third where they stand (004 Flanking)?

Read-only: it asks the channel's ruleset and changes nothing. A ruleset whose
seeds have no flanking rule says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.handlers.encounter_common import encounter_reply, load_active, ruleset_of, seen_in
from bot.reply import Field, Reply
from bot.work import board as board_work


async def handle_flank(ctx: Context, options: Mapping[str, Any]) -> Reply:
    seen = seen_in(ctx, (await load_active(ctx)).encounter)
    reply = await _flank(seen.encounter, options)
    return replace(reply, ephemeral=seen.private)  # it may name a hidden token


async def _flank(encounter: Encounter, options: Mapping[str, Any]) -> Reply:
    """Asked on the board as the asker sees it: a player's flank knows no hidden token."""
    a, b, target = (encounter.token(options[n]) for n in ("a", "b", "target"))
    if len({a.key, b.key, target.key}) < 3:
        raise InvalidInput("a:, b: and target: must be three different tokens.")
    rules = ruleset_of(encounter).for_encounter(encounter)
    flank = await board_work(rules.flanking.flank, encounter, a, b, target)
    if flank is None:
        return encounter_reply(
            encounter,
            title=f"No flanking rule under {rules.id}",
            fields=(
                Field(
                    "Flanking",
                    f"{rules.name}'s movement rules have no flanking rule: the bot doesn't "
                    "rule on it under this ruleset; the GM does.",
                ),
            ),
            result={"flanks": None, "a": a.name, "b": b.name, "target": target.name},
        )
    verb = "flank" if flank.flanks else "don't flank"
    text = flank.why[0].upper() + flank.why[1:] + "."
    if flank.flanks:
        text += " Each gets +2 on melee attacks against it."
    return encounter_reply(
        encounter,
        title=f"{a.name} and {b.name} {verb} {target.name}",
        fields=(Field("Flanking" if flank.flanks else "No flank", text),),
        result={
            "flanks": flank.flanks,
            "internal": flank.internal,
            "why": flank.why,
            "line": [list(p) for p in flank.line] if flank.line is not None else None,
            "a": a.name,
            "b": b.name,
            "target": target.name,
        },
        sections=flank.source.sections,
    )


FLANK = Command(
    "flank",
    "Do two tokens flank a third where they stand?",
    (
        Option("a", "string", "One of the two flankers", required=True, refers_to="token"),
        Option("b", "string", "The other flanker", required=True, refers_to="token"),
        Option("target", "string", "The creature they may flank", required=True, refers_to="token"),
    ),
    handle_flank,
)
