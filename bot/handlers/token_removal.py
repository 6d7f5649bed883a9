"""/token remove: a token, or every match of a name pattern, taken off the map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter_ops.bulk_tokens import is_pattern, remove_matching
from bot.encounter_ops.tokens import remove_token
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
    return encounter_reply(
        changed.after,
        title=f"{removed.name} removed from the map",
        fields=(Field("Removed", changed.summary),),
        result={"removed": removed.name, "summary": changed.summary},
        changed=changed.saved,
    )


async def _remove_matching(ctx: Context, pattern: str) -> Reply:
    """/token remove token:"Goblin*": every match the asker may remove, in one change."""
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx, "token remove", lambda e: remove_matching(e, ruleset_of(e), actor, pattern)
    )
    outcome = changed.outcome
    removed = outcome.removed
    fields = [*chunked_fields("Removed", [", ".join(removed)])]
    if outcome.skipped:
        fields.append(
            Field(
                "Not yours, kept",
                f"{', '.join(outcome.skipped)}: players remove only their own tokens.",
            )
        )
    count = len(removed)
    return encounter_reply(
        changed.after,
        title=f"{count} token{'s' if count != 1 else ''} removed from the map",
        fields=fields,
        result={
            "removed": ", ".join(removed),
            "removed_all": list(removed),
            "skipped": list(outcome.skipped),
            "summary": outcome.summary,
        },
        changed=changed.saved,
    )


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
