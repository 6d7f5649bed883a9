"""/token reaction: mark a token's reaction used (an opportunity attack taken) or give it
back; it comes back by itself when the token's turn starts (issue 29)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Token
from bot.encounter_ops.reactions import mark_reaction, reaction_state
from bot.encounter_ops.visibility import is_hidden
from bot.handlers.encounter_common import (
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
)
from bot.handlers.token_common import TOKEN, token_reply
from bot.reply import Field, Reply
from bot.rules.moving import reactions_left
from bot.rules.ruleset import Ruleset


async def handle_reaction(ctx: Context, options: Mapping[str, Any]) -> Reply:
    used = options.get("used")
    if used is None:
        return await _reaction_shown(ctx, options["token"])
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "token reaction",
        lambda e: mark_reaction(e, ruleset_of(e), actor, options["token"], used=bool(used)),
    )
    token = changed.outcome.token
    reply = token_reply(changed, changed.outcome.summary)
    return replace(reply, result={**reply.result, **_counts(ruleset_of(changed.after), token)})


def _counts(ruleset: Ruleset, token: Token) -> dict[str, Any]:
    return {
        "reactions_used": token.reactions_used,
        "reactions_left": reactions_left(ruleset.reaction_rule, token),
    }


async def _reaction_shown(ctx: Context, name: str) -> Reply:
    """/token reaction token:X alone: whether it has its reaction, and the rule."""
    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    token = encounter.token(name)
    ruleset = ruleset_of(encounter)
    rule = ruleset.reaction_rule
    if rule is None:
        title = f"{token.name}: no reactions under {ruleset.id}"
        said = f"{ruleset.name}'s movement rules have no reactions or opportunity attacks."
    else:
        left = reactions_left(rule, token)
        title = f"{token.name}: {reaction_state(rule.word, token, left)}"
        said = (
            f"One {rule.word} between its turns ({rule.cite}). used:true marks one taken, "
            "used:false gives one back; a readied move "
            + ("takes it by itself." if rule.readied_spends else "doesn't take it.")
        )
    reply = encounter_reply(
        encounter,
        title=title,
        fields=(Field("Reactions", said),),
        result=_counts(ruleset, token),
    )
    return replace(reply, ephemeral=is_hidden(token))


REACTION = Command(
    "token reaction",
    "Mark a token's reaction used (an opportunity attack) until its turn, or give it back",
    (
        TOKEN,
        Option(
            "used",
            "boolean",
            "true: it took its reaction (an opportunity attack); false: give it back. "
            "Left out: what it has",
        ),
    ),
    handle_reaction,
    changes_state=True,
)
