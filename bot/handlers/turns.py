"""/turn order, next, roll, add, remove, show and clear: whose turn it is, and which
round; initiative rolled by the bot or typed by the table (/turn roll value:)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import Actor, is_gm
from bot.encounter_ops.outcomes import Initiative, TurnEdit
from bot.encounter_ops.templates import starts_inside
from bot.encounter_ops.turns import (
    add_to_order,
    clear_order,
    next_turn,
    remove_from_order,
    roll_for,
    set_order,
    turn_text,
)
from bot.encounter_ops.visibility import is_hidden, public
from bot.errors import InvalidInput
from bot.handlers.encounter_common import (
    Changed,
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
    tell_gm,
)
from bot.limits import MAX_INITIATIVE
from bot.reply import Field, Reply
from bot.storage import TurnReminder


def order_text(encounter: Encounter) -> str:
    """``1. Ari ← acting``, one line per token, or how to set an order; a hidden token
    (in the GM's own view) is marked."""
    if not encounter.order:
        return "No turn order: /turn order sets one (every token moves each round meanwhile)."
    lines = []
    for i, key in enumerate(encounter.order):
        token = encounter.tokens[key]
        marker = " (hidden)" if is_hidden(token) else ""
        marker += " ← acting" if i == encounter.turn_index else ""
        lines.append(f"{i + 1}. {token.name}{marker}")
    return "\n".join(lines)


def order_json(encounter: Encounter) -> list[str]:
    return [encounter.tokens[k].name for k in encounter.order]


def turn_reply(
    changed: Changed[TurnEdit],
    title: Callable[[Encounter], str],
    extra: Callable[[Encounter], tuple[Field, ...]] = lambda _: (),
    *,
    hidden_token: str | None = None,
    summary: Callable[[Encounter], str] | None = None,
) -> Reply:
    """A change of the order, announced on the board the table may see (hidden tokens
    left out: their rolls, their place, their turn, which reads "the GM's turn"); a
    change that names a hidden token (``hidden_token``) is answered to the GM alone."""
    outcome = changed.outcome
    whole = changed.after
    private = hidden_token is not None and is_hidden(whole.token(hidden_token))
    after = whole if private else public(whole)
    shown = {t.name for t in after.tokens.values()}
    reply = encounter_reply(
        after,
        title=title(after),
        fields=(*extra(after), Field("Order", order_text(after))),
        result={
            "order": order_json(after),
            "started": [name for name in outcome.started if name in shown],
            "rolls": [
                {
                    "name": r.name,
                    "roll": r.roll,
                    "d20": r.d20,
                    "modifier": r.modifier,
                    "tiebreak": r.tiebreak,
                    "typed": r.typed,
                }
                for r in outcome.rolls
                if r.name in shown
            ],
            # worded from the board the reply shows, as on the same board without the
            # hidden tokens (a change that names none of them may say it as it was)
            "summary": summary(after) if summary is not None else outcome.summary,
        },
        changed=changed.saved,
    )
    return replace(reply, ephemeral=private)


async def with_ping(ctx: Context, reply: Reply, changed: Changed[TurnEdit]) -> Reply:
    """The reply to a change that started a token's turn, mentioning its owner so the
    turn reaches them (issue 29: in play-by-post a turn sat for hours): one player, never
    a role or everyone; not the GM for their own tokens, not a hidden token's (the table
    reads "the GM's turn"), and not where the channel's GM turned pings off."""
    acting = changed.after.acting
    if acting is None or acting.name not in changed.outcome.started:
        return reply
    owner = acting.owner
    if is_hidden(acting):  # the table reads "the GM's turn"; the GM is told whose
        await tell_gm(ctx, f"It is {acting.name}'s turn (hidden), round {changed.after.round}.")
    if (
        is_hidden(acting)
        or owner is None
        or is_gm(changed.after, Actor(owner))
        or not await ctx.store.turn_pings(ctx.channel_id)
    ):
        await ctx.store.clear_turn_reminder(ctx.channel_id)  # no one's turn to remind of
        return reply
    await remind_later(ctx, owner, acting.name, changed.after.round)
    words = f"it's your turn: {acting.name}, round {changed.after.round}."
    return replace(reply, pings=((owner, words),), result={**reply.result, "ping": owner})


async def remind_later(ctx: Context, owner: str, token: str, round_: int) -> None:
    """Where the channel asks for it (/settings remind_after:), the turn's owner is
    pinged again once it has sat that long: kept in the store, so a restart keeps it,
    with the channel's server, so the process that runs its shard sends it
    (bot/discord/reminders.py)."""
    wait_s = await ctx.store.remind_after_s(ctx.channel_id)
    if wait_s is None:
        await ctx.store.clear_turn_reminder(ctx.channel_id)
        return
    due = int(time.time()) + wait_s
    reminder = TurnReminder(ctx.channel_id, owner, token, round_, due, guild_id=ctx.guild_id)
    await ctx.store.set_turn_reminder(reminder)


def _roll_text(r: Initiative) -> str:
    """``Ari 17`` or, with a modifier, ``Ari 17 (14+3)``; the table's own roll ``Ari 17
    (typed)``; a tie rolled again says so."""
    text = f"{r.name} {r.roll}"
    if r.typed:
        text += " (typed)"
    elif r.modifier:
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

    def first(after: Encounter) -> str:
        acting = after.acting
        return f"Round 1 · {acting.name} goes first" if acting else "Round 1 · the GM goes first"

    def said(after: Encounter) -> str:
        return f"turn order {'rolled' if rolls else 'set'}: {', '.join(order_json(after))}"

    reply = turn_reply(changed, first, _shown_rolls(rolls), summary=said)
    return await with_ping(ctx, reply, changed)


def _shown_rolls(rolls: tuple[Initiative, ...]) -> Callable[[Encounter], tuple[Field, ...]]:
    """The rolls field of a turn reply: those of tokens the board shown has."""

    def shown(after: Encounter) -> tuple[Field, ...]:
        seen = [r for r in rolls if r.name in {t.name for t in after.tokens.values()}]
        text = ", ".join(_roll_text(r) for r in seen)
        return (Field("Rolls (d20 + initiative)", text),) if seen else ()

    return shown


async def handle_next(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    # the whole order: a hidden token's turn is real (the table reads "the GM's turn")
    changed = await change_encounter(
        ctx, "turn next", lambda e: next_turn(e, ruleset_of(e), actor), whole_board=True
    )

    def title(after: Encounter) -> str:
        if not after.order:
            return f"Round {after.round} begins: every token's movement is fresh"
        return turn_text(after)

    def areas(after: Encounter) -> tuple[Field, ...]:
        """What the new turn starts with: areas whose time is up, and the ones the acting
        token stands in (issue 29), on the board the reply shows."""
        fields = []
        if changed.outcome.ended:
            fields.append(Field("Ended", "\n".join(changed.outcome.ended)))
        acting = after.acting
        if acting is not None and after.templates:
            ruleset = ruleset_of(after)
            names = starts_inside(after, acting, ruleset.square_ft, ruleset.footprint_squares)
            if names:
                fields.append(
                    Field("Inside", f"{acting.name} starts its turn inside {', '.join(names)}")
                )
        return tuple(fields)

    def said(after: Encounter) -> str:
        if not after.order:
            return f"round {after.round} begins"
        text = turn_text(after)
        return text[:1].lower() + text[1:]

    return await with_ping(ctx, turn_reply(changed, title, areas, summary=said), changed)


async def handle_show(ctx: Context, options: Mapping[str, Any]) -> Reply:
    seen = seen_in(ctx, (await load_active(ctx)).encounter)
    encounter = seen.encounter
    reply = encounter_reply(
        encounter,
        title=turn_text(encounter),
        fields=(Field("Order", order_text(encounter)),),
        result={"order": order_json(encounter)},
    )
    return replace(reply, ephemeral=seen.private)  # the GM's full order is theirs


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
        Option(
            "order",
            "string",
            'Token names in order, comma-separated: "Ari, Goblin 1, Bo"',
            refers_to="tokens",
        ),
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
            e,
            actor,
            options["token"],
            after=options.get("after"),
            position=options.get("position"),
            rng=ctx.rng,
        ),
    )
    key = changed.after.token(options["token"]).key

    def said(after: Encounter) -> str:
        """Its place counted on the board the reply shows."""
        token = after.tokens[key]
        return f"{token.name} joins the turn order at {after.order.index(key) + 1}"

    return turn_reply(
        changed,
        lambda after: f"{after.tokens[key].name} joins the order",
        _shown_rolls(changed.outcome.rolls),
        hidden_token=options["token"],
        summary=said,
    )


async def handle_roll(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "turn roll",
        lambda e: roll_for(e, actor, options["token"], value=options.get("value"), rng=ctx.rng),
    )
    key = changed.after.token(options["token"]).key

    def said(after: Encounter) -> str:
        """Worded from the board the reply shows: its place counts only what is shown."""
        token = after.tokens[key]
        text = f"{token.name} rolls initiative {token.initiative}"
        if not after.order and after.turn_index is None:
            return f"{text}; /turn order roll:true starts the order"
        if token.key not in after.order:
            return text
        if after.acting is not None and after.acting.key == token.key:
            return f"{text}; it is acting, so its place stays"
        return f"{text}: it goes at {after.order.index(token.key) + 1} in the order"

    return turn_reply(
        changed,
        said,
        _shown_rolls(changed.outcome.rolls),
        hidden_token=options["token"],
        summary=said,
    )


async def handle_remove(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx, "turn remove", lambda e: remove_from_order(e, actor, options["token"], ruleset_of(e))
    )
    said = changed.outcome.summary[:1].upper() + changed.outcome.summary[1:]
    reply = turn_reply(changed, lambda _: said, hidden_token=options["token"])
    return await with_ping(ctx, reply, changed)


ADD = Command(
    "turn add",
    "Add a late combatant to the running turn order (GM): the round goes on",
    (
        Option("token", "string", "The token that joins", required=True, refers_to="token"),
        Option("after", "string", "It acts right after this token", refers_to="token"),
        Option(
            "position", "integer", "Or its place in the order, from 1", min_value=1, max_value=100
        ),
    ),
    handle_add,
    changes_state=True,
)
ROLL = Command(
    "turn roll",
    "A token's initiative: your own roll (value:) or the bot's d20 + init; it takes its place",
    (
        Option(
            "token",
            "string",
            "Whose initiative (a player: their own)",
            required=True,
            refers_to="token",
        ),
        Option(
            "value",
            "integer",
            "The total you rolled at the table (leave out: the bot rolls d20 + init)",
            min_value=-MAX_INITIATIVE,
            max_value=MAX_INITIATIVE,
        ),
    ),
    handle_roll,
    changes_state=True,
)
REMOVE = Command(
    "turn remove",
    "Take a token out of the running turn order (GM): the round goes on",
    (Option("token", "string", "The token that leaves", required=True, refers_to="token"),),
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
