"""/token place: a token put in the air or on a mount, spending no movement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter_ops.placing import place_token
from bot.handlers.encounter_common import actor_of, change_encounter, ruleset_of
from bot.handlers.token_common import TOKEN, token_reply
from bot.reply import Reply


async def handle_place(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "token place",
        lambda e: place_token(
            e,
            ruleset_of(e),
            actor,
            options["token"],
            altitude_ft=options.get("altitude"),
            mount=options.get("mount"),
            at=options.get("at"),
        ),
    )
    outcome = changed.outcome
    return token_reply(changed, outcome.summary[0].upper() + outcome.summary[1:])


PLACE = Command(
    "token place",
    "Place a token in the air or on a mount, spending no movement (yours, or any as GM)",
    (
        TOKEN,
        Option(
            "altitude",
            "integer",
            "How high a flyer is, in feet (0: on the ground); its riders go with it",
            min_value=0,
            max_value=10_000,
            unit="ft",
        ),
        Option(
            "mount",
            "string",
            "The mount it sits on; none takes it off (with at:)",
            refers_to="token",
        ),
        Option("at", "string", "With mount:none, the square it stands on, e.g. C5"),
    ),
    handle_place,
    changes_state=True,
)
