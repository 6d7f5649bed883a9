"""/token stats: the numbers off a token's sheet its ruleset reads (5e's Strength, what it
carries or drags, its armor's Strength requirement).

/token add and /token edit are at Discord's 25 options, so the token options a ruleset
declares with ``stats=True`` are set here instead, through the same checks as an edit
(the ruleset's ``token_fields``, who may change the token, a hidden token's reply).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter_ops.token_options import TokenOptions
from bot.encounter_ops.tokens import edit_token
from bot.encounter_ops.visibility import is_hidden
from bot.handlers.common import note_fields, note_json
from bot.handlers.encounter_common import (
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
    token_json,
    token_line,
)
from bot.handlers.token_common import TOKEN, every_token_option, token_reply
from bot.reply import Field, Reply
from bot.rules import token_options


def stat_names() -> tuple[str, ...]:
    """The token options /token stats takes, every ruleset's."""
    return tuple(spec.name for spec in token_options() if spec.stats)


async def handle_stats(ctx: Context, options: Mapping[str, Any]) -> Reply:
    given = {n: options[n] for n in stat_names() if options.get(n) is not None}
    if not given:
        return await _stats_shown(ctx, options["token"])
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "token stats",
        lambda e: edit_token(
            e,
            ruleset_of(e),
            actor,
            options["token"],
            TokenOptions(ruleset=given, every=every_token_option()),
        ),
    )
    token = changed.outcome.token
    # what the numbers do to its movement now (carrying, armor, exhaustion)
    effects = ruleset_of(changed.after).sheet.token_movement(token).notes
    changed = replace(
        changed, outcome=replace(changed.outcome, notes=(*changed.outcome.notes, *effects))
    )
    return token_reply(changed, f"{token.name} edited", explain=True)


async def _stats_shown(ctx: Context, name: str) -> Reply:
    """/token stats token:X alone: the numbers it has, and those its ruleset reads."""
    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    token = encounter.token(name)
    ruleset = ruleset_of(encounter)
    reads = [spec for spec in ruleset.token_options if spec.stats]
    has = {spec.name: token.state[spec.name] for spec in reads if spec.name in token.state}
    listed = "\n".join(f"{spec.name}: {spec.description}" for spec in reads)
    notes = ruleset.sheet.token_movement(token).notes
    reply = encounter_reply(
        encounter,
        title=f"{token.name}: " + (", ".join(f"{k} {v}" for k, v in has.items()) or "no stats"),
        fields=(
            Field("Token", token_line(token, ruleset)),
            Field(
                f"Stats {ruleset.id} reads",
                listed or f"{ruleset.id}'s movement rules read no stats off a token's sheet.",
            ),
            *note_fields(notes, explain=True),
        ),
        result={
            "token": token_json(token, ruleset),
            "stats": has,
            "known": [spec.name for spec in reads],
            "notes": [note_json(n) for n in notes],
        },
    )
    return replace(reply, ephemeral=is_hidden(token))


STATS = Command(
    "token stats",
    "Set the numbers off a token's sheet its rules read: 5e's Strength, load carried...",
    (TOKEN, *(Option.of(spec) for spec in token_options() if spec.stats)),
    handle_stats,
    changes_state=True,
)
