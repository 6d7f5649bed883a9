"""/turn order, next, show and clear: whose turn it is, and which round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.outcomes import Initiative, TurnEdit
from bot.encounter_ops.turns import (
    add_to_order,
    clear_order,
    next_turn,
    remove_from_order,
    set_order,
    turn_text,
)
from bot.errors import InvalidInput
from bot.handlers.encounter_common import (
    Changed,
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
    ruleset_of,
)
from bot.reply import Field, Reply


def order_text(encounter: Encounter) -> str:
    """``1. Ari ← acting``, one line per token, or how to set an order."""
    if not encounter.order:
        return "No turn order: /turn order sets one (every token moves each round meanwhile)."
    lines = []
    for i, key in enumerate(encounter.order):
        marker = " ← acting" if i == encounter.turn_index else ""
        lines.append(f"{i + 1}. {encounter.tokens[key].name}{marker}")
    return "\n".join(lines)


def order_json(encounter: Encounter) -> list[str]:
    return [encounter.tokens[k].name for k in encounter.order]


def turn_reply(changed: Changed[TurnEdit], title: str, extra: tuple[Field, ...] = ()) -> Reply:
    outcome = changed.outcome
    return encounter_reply(
        changed.after,
        title=title,
        fields=(*extra, Field("Order", order_text(changed.after))),
        result={
            "order": order_json(changed.after),
            "started": list(outcome.started),
            "rolls": [
                {
                    "name": r.name,
                    "roll": r.roll,
                    "d20": r.d20,
                    "modifier": r.modifier,
                    "tiebreak": r.tiebreak,
                }
                for r in outcome.rolls
            ],
            "summary": outcome.summary,
        },
        changed=changed.saved,
    )


def _roll_text(r: Initiative) -> str:
    """``Ari 17`` or, with a modifier, ``Ari 17 (14+3)``; a tie rolled again says so."""
    text = f"{r.name} {r.roll}"
    if r.modifier:
        text += f" ({r.d20}{r.modifier:+})"
    if r.tiebreak is not None:
        text += f", tie: {r.tiebreak}"
    return text


async def handle_order(ctx: Context, options: Mapping[str, Any]) -> Reply:
    names, rolled = options.get("order"), options.get("roll", False)
    if names is not None and rolled:
        raise InvalidInput("Give either order: (the names in order) or roll:true, not both.")
    if names is None and not rolled:
        raise InvalidInput(
            'Give the order (order:"Ari, Goblin 1, Bo") or roll:true to roll a d20 for every token.'
        )
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "turn order",
        lambda e: set_order(e, ruleset_of(e), actor, names=names, rng=ctx.rng if rolled else None),
    )
    rolls = changed.outcome.rolls
    extra = (
        (Field("Rolls (d20 + initiative)", ", ".join(_roll_text(r) for r in rolls)),)
        if rolls
        else ()
    )
    first = changed.outcome.started[0]
    return turn_reply(changed, f"Round 1 · {first} goes first", extra)


async def handle_next(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(ctx, "turn next", lambda e: next_turn(e, ruleset_of(e), actor))
    after = changed.after
    if after.acting is None:
        title = f"Round {after.round} begins: every token's movement is fresh"
    else:
        title = turn_text(after)
    return turn_reply(changed, title)


async def handle_show(ctx: Context, options: Mapping[str, Any]) -> Reply:
    encounter = (await load_active(ctx)).encounter
    return encounter_reply(
        encounter,
        title=turn_text(encounter),
        fields=(Field("Order", order_text(encounter)),),
        result={"order": order_json(encounter)},
    )


async def handle_clear(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(ctx, "turn clear", lambda e: clear_order(e, actor))
    return encounter_reply(
        changed.after,
        title="Turn order cleared; the tokens stay",
        fields=(Field("Order", order_text(changed.after)),),
        result={"order": [], "summary": changed.summary},
        changed=changed.saved,
    )


ORDER = Command(
    "turn order",
    "Set the turn order, or roll it (GM); round 1 begins",
    (
        Option("order", "string", 'Token names in order, comma-separated: "Ari, Goblin 1, Bo"'),
        Option("roll", "boolean", "Roll a d20 for every token, highest first"),
    ),
    handle_order,
    changes_state=True,
)
NEXT = Command(
    "turn next",
    "End this turn: the next token acts (GM or the acting token's owner)",
    (),
    handle_next,
    changes_state=True,
)


async def handle_add(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "turn add",
        lambda e: add_to_order(
            e, actor, options["token"], after=options.get("after"), position=options.get("position")
        ),
    )
    return turn_reply(changed, f"{changed.outcome.summary.split(' joins')[0]} joins the order")


async def handle_remove(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx, "turn remove", lambda e: remove_from_order(e, actor, options["token"])
    )
    return turn_reply(changed, changed.outcome.summary[:1].upper() + changed.outcome.summary[1:])


ADD = Command(
    "turn add",
    "Add a late combatant to the running turn order (GM): the round goes on",
    (
        Option("token", "string", "The token that joins", required=True),
        Option("after", "string", "It acts right after this token"),
        Option(
            "position", "integer", "Or its place in the order, from 1", min_value=1, max_value=100
        ),
    ),
    handle_add,
    changes_state=True,
)
REMOVE = Command(
    "turn remove",
    "Take a token out of the running turn order (GM): the round goes on",
    (Option("token", "string", "The token that leaves", required=True),),
    handle_remove,
    changes_state=True,
)
SHOW = Command("turn show", "Show the round, whose turn it is and the order", (), handle_show)
CLEAR = Command(
    "turn clear",
    "Drop the turn order, keep the tokens (GM)",
    (),
    handle_clear,
    changes_state=True,
)
