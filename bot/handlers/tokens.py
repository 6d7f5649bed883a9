"""/token add and /token edit: a creature put on the map, and changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import TEAM_NAMES, TEAMS, Encounter, token_key
from bot.encounter_ops.bulk_tokens import MAX_BULK, add_tokens
from bot.encounter_ops.outcomes import TokenEdit
from bot.encounter_ops.templates import announced
from bot.encounter_ops.token_options import TokenOptions
from bot.encounter_ops.tokens import add_token, edit_token
from bot.encounter_ops.visibility import is_hidden
from bot.handlers.common import note_fields, note_json
from bot.handlers.encounter_common import (
    actor_of,
    change_encounter,
    chunked_fields,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
    token_json,
    token_line,
)
from bot.handlers.token_common import TOKEN, every_token_option, token_reply
from bot.handlers.token_conditions import CONDITION, TRAIT
from bot.handlers.token_place import PLACE
from bot.handlers.token_removal import REMOVE
from bot.limits import MAX_REACH_FT, MAX_SPEED_FT
from bot.reply import Field, Reply
from bot.rules import token_options
from bot.rules.rulings import Note


def _speed(mode: str) -> Option:
    return Option(
        mode,
        "integer",
        f"{mode.capitalize()} speed in feet (0 removes it)",
        min_value=0,
        max_value=MAX_SPEED_FT,
        unit="ft",
    )


# Everything /token add and /token edit both take, in /token add's order: the options
# every ruleset reads, then each ruleset's own.
TOKEN_OPTIONS = (
    Option("size", "string", "Size: tiny, small, medium, large, huge... (the ruleset's sizes)"),
    Option(
        "speed",
        "string",
        'Speed as the stat block writes it: 30, "120\' (40\')", "40 ft., fly 80 ft."',
    ),
    _speed("fly"),
    _speed("swim"),
    _speed("climb"),
    _speed("burrow"),
    Option("hover", "boolean", "It hovers (flying, it does not fall when it can't move)"),
    Option("at", "string", "Its top-left square, e.g. C4 (default: the first free square from A1)"),
    Option(
        "team",
        "string",
        "Whose side: party, enemy or neutral (default: a player's party, the GM's enemy)",
        choices=TEAMS,
        names=TEAM_NAMES,
    ),
    Option("owner", "user", "The player who moves it (default: you if you are a player)"),
    Option(
        "reach",
        "integer",
        "Reach in feet (default: the ruleset's for its size)",
        min_value=0,
        max_value=MAX_REACH_FT,
        unit="ft",
    ),
    Option("reach_weapon", "boolean", "It wields a reach weapon"),
    Option(
        "speed_bonus",
        "integer",
        "A bonus or penalty to every speed, in feet (+10, -5)",
        min_value=-MAX_SPEED_FT,
        max_value=MAX_SPEED_FT,
        unit="ft",
    ),
    Option(
        "bonuses",
        "string",
        'Typed speed bonuses: "enhancement +30, morale +10" (same type: best only)',
    ),
    Option(
        "init",
        "integer",
        "Initiative modifier added to its d20 when /turn order rolls (+3, -1)",
        min_value=-30,
        max_value=30,
    ),
    Option("hidden", "boolean", "Hidden from players: an ambush (GM); hidden:false reveals it"),
    # what only some rulesets read (race, armor, load, exhaustion...), as they declare it;
    # the numbers off the sheet (5e's Strength) go through /token stats (token_stats.py)
    *(Option.of(spec) for spec in token_options() if not spec.stats),
    Option("explain", "boolean", "Show the whole working behind its speed, step by step"),
)
# the ruleset options /token stats takes (add and edit are at Discord's 25 options)
STATS_ELSEWHERE = {spec.name: "token stats" for spec in token_options() if spec.stats}


async def handle_add(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor, opts = actor_of(ctx), TokenOptions.of(options, every_token_option())
    count = options.get("count")
    if count is not None and count > 1:
        return await _add_several(ctx, options, opts, count)
    changed = await change_encounter(
        ctx, "token add", lambda e: add_token(e, ruleset_of(e), actor, options["name"], opts)
    )
    token = changed.outcome.token
    return token_reply(
        changed, f"{token.name} added at {token.cell}", explain=bool(options.get("explain"))
    )


async def _add_several(
    ctx: Context, options: Mapping[str, Any], opts: TokenOptions, count: int
) -> Reply:
    """/token add count:6: Goblin 1 … Goblin 6 in one change (one /undo takes them off)."""
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "token add",
        lambda e: add_tokens(e, ruleset_of(e), actor, options["name"], opts, count),
    )
    outcome = changed.outcome
    ruleset = ruleset_of(changed.after)
    added = outcome.tokens
    lines = [token_line(t, ruleset) for t in added]
    return encounter_reply(
        changed.after,
        title=f"{len(added)} tokens added: {added[0].name} to {added[-1].name}",
        fields=(
            *chunked_fields("Tokens", lines),
            *note_fields(outcome.notes, explain=bool(options.get("explain"))),
        ),
        result={
            "token": token_json(added[0], ruleset),
            "tokens": [token_json(t, ruleset) for t in added],
            "summary": outcome.summary,
            "notes": [note_json(n) for n in outcome.notes],
        },
        changed=changed.saved,
    )


async def handle_edit(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor, opts = actor_of(ctx), TokenOptions.of(options, every_token_option())
    if opts.explain and not opts.given() and options.get("rename") is None:
        return await explain_token(ctx, options["token"])

    def edit(e: Encounter) -> TokenEdit:
        edited = edit_token(e, ruleset_of(e), actor, options["token"], opts, options.get("rename"))
        was, now = e.tokens.get(token_key(options["token"])), edited.token
        if was is None or not (is_hidden(was) and not is_hidden(now)):
            return edited
        # revealed: the board message tells the table too (issue 29)
        line = f"Round {e.round}: {now.name} is revealed at {now.cell}"
        return replace(edited, encounter=announced(edited.encounter, (line,)))

    changed = await change_encounter(ctx, "token edit", edit)
    token = changed.outcome.token
    was = changed.before.encounter.tokens.get(token_key(options["token"]))
    # revealed: the table's line says what it sees now (issue 26), and the board says so
    revealed = was is not None and is_hidden(was) and not is_hidden(token)
    title = f"{token.name} is revealed at {token.cell}" if revealed else f"{token.name} edited"
    reply = token_reply(changed, title, explain=bool(options.get("explain")))
    return replace(reply, result={**reply.result, "revealed": revealed})


async def explain_token(ctx: Context, name: str) -> Reply:
    """/token edit token:X explain:true alone: how its speed comes about now, changing
    nothing (anyone may ask; the numbers are on every token line anyway)."""
    seen = seen_in(ctx, (await load_active(ctx)).encounter)
    encounter = seen.encounter
    token = encounter.token(name)
    ruleset = ruleset_of(encounter)
    movement = ruleset.sheet.token_movement(token)
    notes = movement.notes or (Note("Speed", "Its speeds as given: nothing changes them."),)
    reply = encounter_reply(
        encounter,
        title=f"{token.name}: how it moves",
        fields=(Field("Token", token_line(token, ruleset)), *note_fields(notes, explain=True)),
        result={"token": token_json(token, ruleset), "notes": [note_json(n) for n in notes]},
    )
    return replace(reply, ephemeral=is_hidden(token))


ADD = Command(
    "token add",
    "Put a token on the map (players own the tokens they add)",
    (
        Option("name", "string", "Its name, unique here (1 to 32 characters)", required=True),
        Option(
            "count",
            "integer",
            'How many, named Goblin 1, Goblin 2...; at: may list their squares: "D4 E4"',
            min_value=1,
            max_value=MAX_BULK,
        ),
        *TOKEN_OPTIONS,
    ),
    handle_add,
    changes_state=True,
    elsewhere=STATS_ELSEWHERE,
)
EDIT = Command(
    "token edit",
    "Change a token: size, speeds, square, team, owner... (yours, or any as GM)",
    (TOKEN, *TOKEN_OPTIONS, Option("rename", "string", "A new name for it")),
    handle_edit,
    changes_state=True,
    elsewhere=STATS_ELSEWHERE,
)

# the other /token commands too, where cogs/token.py imports them from
# (bot/handlers/__init__.py names each one's own module)
__all__ = [
    "ADD",
    "CONDITION",
    "EDIT",
    "PLACE",
    "REMOVE",
    "STATS_ELSEWHERE",
    "TOKEN_OPTIONS",
    "TRAIT",
    "explain_token",
    "handle_add",
    "handle_edit",
]
