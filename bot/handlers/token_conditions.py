"""/token condition and /token trait: what a token suffers (prone, grappled...) and
what it can do that its rules read (ice-walk, spider-climb...)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter_ops.conditions import condition_token
from bot.encounter_ops.traits import trait_token
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


async def handle_condition(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "token condition",
        lambda e: condition_token(
            e,
            ruleset_of(e),
            actor,
            options["token"],
            options.get("add"),
            options.get("remove"),
            options.get("by"),
            options.get("save"),
        ),
    )
    token = changed.outcome.token
    now = ", ".join(sorted(token.conditions)) or "no conditions"
    return token_reply(changed, f"{token.name}: {now}")


async def handle_trait(ctx: Context, options: Mapping[str, Any]) -> Reply:
    if not options.get("add") and not options.get("remove"):
        return await _traits_shown(ctx, options["token"])
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "token trait",
        lambda e: trait_token(
            e, ruleset_of(e), actor, options["token"], options.get("add"), options.get("remove")
        ),
    )
    token = changed.outcome.token
    now = ", ".join(token.traits) or "no traits"
    return token_reply(changed, f"{token.name}: {now}")


async def _traits_shown(ctx: Context, name: str) -> Reply:
    """/token trait token:X alone: its traits, and those its ruleset reads."""
    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    token = encounter.token(name)
    ruleset = ruleset_of(encounter)
    held = token.traits
    reads = (
        "\n".join(f"{t}: {text}" for t, text in ruleset.traits.items())
        or f"{ruleset.id}'s movement rules read no traits on the board."
    )
    reply = encounter_reply(
        encounter,
        title=f"{token.name}: {', '.join(held) or 'no traits'}",
        fields=(Field(f"Traits {ruleset.id} reads", reads),),
        result={"traits": list(held), "known": list(ruleset.traits)},
    )
    return replace(reply, ephemeral=is_hidden(token))


CONDITION = Command(
    "token condition",
    "Add or remove conditions on a token: prone, grappled, restrained...",
    (
        TOKEN,
        Option(
            "add", "string", "Conditions to add, comma-separated: prone, grappled, restrained..."
        ),
        Option("remove", "string", "Conditions to remove, comma-separated"),
        Option(
            "by",
            "string",
            "With add:grappled, who grapples it (it can drag it: /move drag:)",
            refers_to="token",
        ),
        Option(
            "save",
            "integer",
            "With add:prone on a rider, its save to stay mounted (5e: DC 10 Dexterity)",
            min_value=-50,
            max_value=200,
        ),
    ),
    handle_condition,
    changes_state=True,
)
TRAIT = Command(
    "token trait",
    "Give or take a trait its rules read: ice-walk, spider-climb, fly-good...",
    (
        TOKEN,
        Option("add", "string", "Traits to add, comma-separated: ice-walk, spider-climb..."),
        Option("remove", "string", "Traits to remove, comma-separated"),
    ),
    handle_trait,
    changes_state=True,
)
