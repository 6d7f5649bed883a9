"""/token remove: a token, or every match of a name pattern, taken off the map."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter_ops.bulk_tokens import is_pattern, remove_matching
from bot.encounter_ops.tokens import remove_token
from bot.encounter_ops.visibility import for_the_table, is_hidden
from bot.handlers.encounter_common import (
    actor_of,
    change_encounter,
    chunked_fields,
    encounter_reply,
    ruleset_of,
)
from bot.reply import Field, Reply


async def handle_remove(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    if is_pattern(options["token"]):
        return await _remove_matching(ctx, options["token"])
    changed = await change_encounter(
        ctx, "token remove", lambda e: remove_token(e, ruleset_of(e), actor, options["token"])
    )
    removed = changed.before.encounter.token(options["token"])
    reply = encounter_reply(
        changed.after,
        title=f"{removed.name} removed from the map",
        fields=(Field("Removed", changed.summary),),
        result={"removed": removed.name, "summary": changed.summary},
        changed=changed.saved,
    )
    return replace(reply, ephemeral=is_hidden(removed))  # a hidden token: the GM's alone


async def _remove_matching(ctx: Context, pattern: str) -> Reply:
    """/token remove token:"Goblin*": every match the asker may remove, in one change."""
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx, "token remove", lambda e: remove_matching(e, ruleset_of(e), actor, pattern)
    )
    outcome = changed.outcome
    before = changed.before.encounter
    # the table reads what it saw go; the hidden ones removed are the GM's to read
    hidden = [n for n in outcome.removed if is_hidden(before.token(n))]
    removed = [n for n in outcome.removed if n not in hidden]
    fields = [*chunked_fields("Removed", [", ".join(removed)])] if removed else []
    if outcome.skipped:
        fields.append(
            Field(
                "Not yours, kept",
                f"{', '.join(outcome.skipped)}: players remove only their own tokens.",
            )
        )
    count = len(removed)
    reply = encounter_reply(
        changed.after,
        title=f"{count} token{'s' if count != 1 else ''} removed from the map",
        fields=fields,
        result={
            "removed": ", ".join(removed),
            "removed_all": removed,
            "skipped": list(outcome.skipped),
            "summary": for_the_table(outcome.summary),
        },
        changed=changed.saved,
    )
    if not hidden:
        return reply
    if not removed:  # only hidden tokens went: the whole answer is the GM's
        return replace(
            reply,
            title=f"{len(hidden)} hidden token{'s' if len(hidden) != 1 else ''} removed",
            fields=(Field("Removed (hidden)", ", ".join(hidden)), *reply.fields),
            result={**reply.result, "removed_hidden": hidden},
            ephemeral=True,
        )
    return replace(reply, private_fields=(Field("Removed too (hidden)", ", ".join(hidden)),))


REMOVE = Command(
    "token remove",
    "Take a token off the map (yours, or any as GM)",
    (
        Option(
            "token",
            "string",
            'The token\'s name, or a pattern: "Goblin*"',
            required=True,
            refers_to="token",
        ),
    ),
    handle_remove,
    changes_state=True,
)
