"""/encounter start, /encounter show and /encounter end: a channel's encounter on a grid."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.board_text import MAX_TEXT_SIDE, board_text, terrain_legend, token_marks
from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Background, Encounter
from bot.encounter_ops.access import require_gm
from bot.encounter_ops.gms import gm_names
from bot.encounter_ops.terrain import terrain_counts
from bot.encounter_ops.visibility import public
from bot.errors import BoardChanged, InvalidInput
from bot.grid.coords import Cell
from bot.handlers.backgrounds import ctx_background
from bot.handlers.board import board_reply, render
from bot.handlers.common import RULESET_CHOICES, ruleset_for
from bot.handlers.damaged import delete_damaged, end_damaged
from bot.handlers.encounter_common import (
    actor_of,
    chunked_fields,
    encounter_reply,
    hidden_field,
    load_active,
    ruleset_of,
    seen_in,
    token_json,
    token_line,
)
from bot.limits import DEFAULT_SIDE, MAX_SIDE
from bot.render.board import BoardView
from bot.reply import Field, Reply, mention, role_mention
from bot.rules import encounter_options, readers
from bot.rules.ruleset import Ruleset
from bot.state import with_values
from bot.storage import Conflict, DamagedState

# Discord's limit for a whole embed is 6000 characters; the map, terrain and turn
# fields, title and footer take well under 1000 of it.
TOKEN_LIST_MAX = 5000
BOARD_TEXT_MAX = 4096  # a Discord embed's description: the text board, its legend


def map_text(encounter: Encounter) -> str:
    """``20×20 squares (A1–T20)``."""
    last = Cell(encounter.width - 1, encounter.height - 1)
    return f"{encounter.width}×{encounter.height} squares (A1–{last})"


def contents(encounter: Encounter) -> str:
    """``3 tokens, 12 squares of terrain, round 2``: what ending it would archive."""
    tokens = len(encounter.tokens)
    terrain = len(encounter.terrain)
    return (
        f"{tokens} token{'s' if tokens != 1 else ''}, {terrain} square"
        f"{'s' if terrain != 1 else ''} of terrain, round {encounter.round}"
    )


def lines_within(lines: list[str], budget: int, noun: str) -> list[str]:
    """As many of ``lines`` as fit in ``budget`` characters, then "… and N more"."""
    kept: list[str] = []
    used = 0
    for i, line in enumerate(lines):
        more = f"… and {len(lines) - i} more {noun} (the JSON result lists all)"
        if used + len(line) + 1 + len(more) > budget and i < len(lines) - 1:
            return [*kept, more]
        kept.append(line)
        used += len(line) + 1
    return kept


def grid_settings(ruleset: Ruleset, options: Mapping[str, Any]) -> dict[str, Any]:
    """The ruleset's own options given (its ``encounter_options``), checked against its
    choices; an option only other rulesets read is refused, naming them."""
    own = {o.name: o for o in ruleset.encounter_options}
    settings: dict[str, Any] = {}
    for option in encounter_options():
        value = options.get(option.name)
        if value is None:
            continue
        spec = own.get(option.name)
        if spec is None:
            raise InvalidInput(
                f"{option.name}: {ruleset.id} has no such option (only "
                f"{', '.join(readers(option.name))} reads it: {option.description.lower()})."
            )
        if spec.choices and value not in spec.choices:
            raise InvalidInput(
                f"{option.name}: {ruleset.id} takes {' or '.join(spec.choices)}, not {value}."
            )
        settings[option.name] = value
    return settings


def settings_text(ruleset: Ruleset, settings: Mapping[str, Any]) -> str:
    """``diagonals 5-10-5; Show distances in Units of 5 ft``: the options set, as the
    ruleset describes them."""
    parts = []
    for spec in ruleset.encounter_options:
        value = settings.get(spec.name)
        if value is True:
            parts.append(spec.description[:1].lower() + spec.description[1:])
        elif value not in (None, False):
            parts.append(f"{spec.name} {value}")
    return "; ".join(parts) or "none"


async def handle_start(ctx: Context, options: Mapping[str, Any]) -> Reply:
    width = options.get("width", DEFAULT_SIDE)
    height = options.get("height", DEFAULT_SIDE)
    async with ctx.store.channel_lock(ctx.channel_id):
        running = await ctx.store.active_encounter(ctx.channel_id)
        if running is not None:
            shown = seen_in(ctx, running.encounter).encounter  # the asker's count of tokens
            raise InvalidInput(
                f"An encounter is already running here ({map_text(shown)}, "
                f"{contents(shown)}). See it with /encounter show, or end it "
                "with /encounter end confirm:true before starting another."
            )
        ruleset, notice = await ruleset_for(ctx, options.get("ruleset"))
        settings = grid_settings(ruleset, options)
        if "diagonals" not in settings and ruleset.diagonal_rules:
            # the channel's choice (/ruleset set diagonals:) for the encounters it starts
            chosen = await ctx.store.channel_diagonals(ctx.channel_id)
            if chosen in ruleset.diagonal_rules:
                settings["diagonals"] = chosen
        encounter = Encounter(
            width, height, ruleset.id, gm_id=ctx.user_id, options=with_values({}, **settings)
        )
        summary = f"started a {width}×{height} encounter under {ruleset.id}"
        try:
            await ctx.store.start_encounter(
                ctx.channel_id,
                encounter,
                user_id=ctx.user_id,
                summary=summary,
                guild_id=ctx.guild_id,
            )
        except Conflict:
            raise InvalidInput(
                "An encounter was started here a moment ago by another command: see it "
                "with /encounter show."
            ) from None
    return encounter_reply(
        encounter,
        title=f"Encounter started: {width}×{height} map, {ruleset.square_ft} ft squares",
        fields=(
            Field("Map", map_text(encounter)),
            Field("Ruleset", f"{ruleset.id} — {ruleset.name}"),
            Field("GM", f"{mention(ctx.user_id)} (and anyone with Manage Channels)"),
            *([Field("Options", settings_text(ruleset, settings))] if settings else []),
            Field("Next", "Add tokens with /token add, terrain with /terrain set."),
            *notice,
        ),
        result={
            "width": width,
            "height": height,
            "ruleset": ruleset.id,
            "square_ft": ruleset.square_ft,
            "gm": ctx.user_id,
            "options": settings,
            # the keys these options had before the rulesets declared them (scripts read them)
            **{("diagonal_rule" if k == "diagonals" else k): v for k, v in settings.items()},
        },
        changed=True,
    )


async def gm_field(ctx: Context, encounter: Encounter) -> str:
    """Who runs it: the GM, the co-GMs, and the server's GM role when one is set."""
    text = gm_names(encounter)
    if ctx.guild_id is not None:
        role = (await ctx.store.guild_settings(ctx.guild_id)).gm_role_id
        if role is not None:
            text += f"; the server's GM role {role_mention(role)}"
    return text + "; anyone with Manage Channels"


def backdrop_name(background: Background) -> str:
    """The map image as /encounter show names it."""
    return f"{background.filename or 'a map image'} ({background.cell_px} px squares)"


async def handle_show(ctx: Context, options: Mapping[str, Any]) -> Reply:
    whole = (await load_active(ctx)).encounter
    seen = seen_in(ctx, whole)
    encounter = seen.encounter
    ruleset = ruleset_of(encounter)
    marks = token_marks(encounter, ruleset)
    counts = terrain_counts(encounter)
    legend = terrain_legend(encounter)
    board = board_text(encounter, ruleset, max_chars=BOARD_TEXT_MAX - len(legend) - 9)
    if board is None:
        description = (
            f"The map is too big to draw as text (more than {MAX_TEXT_SIDE} squares on a side)."
            if max(encounter.width, encounter.height) > MAX_TEXT_SIDE
            else "The board is too big to draw as text in one message with its tokens' "
            "labels: the picture shows it, and the list below says where each token is."
        )
    else:
        description = f"```\n{board}\n```\n{legend}"
    lines = [
        f"`{marks[t.key]}` {token_line(t, ruleset, encounter)}" for t in encounter.tokens.values()
    ]
    # The board must arrive whole (a cut code block reads as garbage): the token list
    # gives way first, within what one Discord message holds.
    lines = lines_within(lines, TOKEN_LIST_MAX - len(description), "tokens")
    terrain = " · ".join(f"{kind} {n}" for kind, n in counts.items()) or "all clear"
    fields = [
        Field(
            "Map",
            f"{map_text(encounter)} · {ruleset.square_ft} ft squares · {ruleset.id}"
            + (f" · over {backdrop_name(encounter.background)}" if encounter.background else ""),
        ),
        *(chunked_fields("Tokens", lines) or [Field("Tokens", "none yet: /token add")]),
        Field("Terrain", terrain),
        Field("GM", await gm_field(ctx, encounter)),
    ]
    tokens = len(encounter.tokens)
    reply = encounter_reply(
        encounter,
        title=f"Encounter: {encounter.width}×{encounter.height} map, "
        f"{tokens} token{'s' if tokens != 1 else ''}",
        description=description,
        fields=fields,
        result={
            "width": encounter.width,
            "height": encounter.height,
            "ruleset": ruleset.id,
            "square_ft": ruleset.square_ft,
            "gm": encounter.gm_id,
            "co_gms": list(encounter.co_gms),
            "background": encounter.background.filename if encounter.background else None,
            "order": [encounter.tokens[k].name for k in encounter.order],
            "tokens": [token_json(t, ruleset, encounter) for t in encounter.tokens.values()],
            "terrain": counts,
            "board": board,
        },
    )
    # the whole map as an image (a readable window of a big one); the GM's view of
    # hidden tokens is theirs alone
    return board_reply(
        replace(reply, ephemeral=seen.private),
        await render(encounter, BoardView(whole_map=True), await ctx_background(ctx, encounter)),
    )


async def handle_end(ctx: Context, options: Mapping[str, Any]) -> Reply:
    async with ctx.store.channel_lock(ctx.channel_id):
        held = await ctx.store.active_or_damaged(ctx.channel_id)
        if isinstance(held, DamagedState):
            return await end_damaged(ctx, held, bool(options.get("confirm")))
        stored = await load_active(ctx)
        encounter = stored.encounter
        require_gm(encounter, actor_of(ctx), "end the encounter")
        # the table reads what it sees of the board; the hidden things are the GM's
        what = f"{map_text(encounter)}, {contents(public(encounter))}"
        result = {"archived": False, "width": encounter.width, "height": encounter.height}
        if not options.get("confirm"):
            return _gm_too(
                encounter,
                encounter_reply(
                    encounter,
                    title="End this encounter? Repeat with confirm:true",
                    fields=(
                        Field("Would archive", what),
                        Field(
                            "How",
                            "/encounter end confirm:true — it is archived, not deleted; "
                            "/undo brings it back.",
                        ),
                    ),
                    result=result,
                ),
            )
        try:
            await ctx.store.end_encounter(
                ctx.channel_id, stored, user_id=ctx.user_id, summary=f"ended the encounter ({what})"
            )
        except Conflict:
            raise BoardChanged(
                "The board changed while ending the encounter: nothing was archived. Look "
                "at /encounter show and try again."
            ) from None
    return _gm_too(
        encounter,
        encounter_reply(
            encounter,
            title="Encounter ended and archived",
            fields=(
                Field("Archived", what),
                Field("Undo", "/undo brings it back; /encounter start begins a new one."),
            ),
            result={**result, "archived": True},
            changed=True,
            show_turn=False,  # it has ended: nobody's turn comes next
        ),
    )


async def handle_delete(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """/encounter delete: the running encounter and its whole history, gone for good
    (the GM, with confirm:true; without it, what would go)."""
    async with ctx.store.channel_lock(ctx.channel_id):
        held = await ctx.store.active_or_damaged(ctx.channel_id)
        if isinstance(held, DamagedState):
            return await delete_damaged(ctx, held, bool(options.get("confirm")))
        stored = await load_active(ctx)
        encounter = stored.encounter
        require_gm(encounter, actor_of(ctx), "delete the encounter")
        # the table reads what it sees of the board; the hidden things are the GM's
        what = f"{map_text(encounter)}, {contents(public(encounter))}"
        if not options.get("confirm"):
            return _gm_too(
                encounter,
                encounter_reply(
                    encounter,
                    title="Delete this encounter for good? Repeat with confirm:true",
                    fields=(
                        Field("Would delete", f"{what}, and every line of its /history"),
                        Field(
                            "Instead",
                            "/encounter end confirm:true archives it (kept "
                            "for the retention period, /undo brings it back); /encounter delete "
                            "confirm:true can't be undone.",
                        ),
                    ),
                    result={"deleted": False},
                ),
            )
        try:
            await ctx.store.delete_encounter(stored)
        except Conflict:
            raise BoardChanged(
                "The board changed while deleting: nothing was deleted. Look at /encounter "
                "show and try again."
            ) from None
    return _gm_too(
        encounter,
        Reply(
            title="Encounter deleted, with its history",
            fields=(
                Field("Deleted", what),
                Field("Next", "/encounter start begins a new one."),
            ),
            result={"deleted": True, "width": encounter.width, "height": encounter.height},
        ),
    )


def _gm_too(encounter: Encounter, reply: Reply) -> Reply:
    """A public reply counting what the table sees, with the hidden things for the GM."""
    return replace(reply, private_fields=(*reply.private_fields, *hidden_field(encounter)))


SIDE = (1, MAX_SIDE)

START = Command(
    "encounter start",
    "Start an encounter on a grid in this channel (you become its GM)",
    (
        Option(
            "width",
            "integer",
            f"Columns (default {DEFAULT_SIDE})",
            min_value=SIDE[0],
            max_value=SIDE[1],
        ),
        Option(
            "height",
            "integer",
            f"Rows (default {DEFAULT_SIDE})",
            min_value=SIDE[0],
            max_value=SIDE[1],
        ),
        Option(
            "ruleset",
            "string",
            "Rule with this ruleset instead of the channel's",
            choices=RULESET_CHOICES,
        ),
        # what only some rulesets read (diagonals, units, outdoors), as they declare it
        *(Option.of(spec) for spec in encounter_options()),
    ),
    handle_start,
    changes_state=True,
)
SHOW = Command(
    "encounter show",
    "Show the encounter: map, tokens, terrain, whose turn",
    (),
    handle_show,
)
END = Command(
    "encounter end",
    "End the encounter and archive it (GM)",
    (Option("confirm", "boolean", "true to really end it; without it, nothing changes"),),
    handle_end,
    changes_state=True,
)
DELETE = Command(
    "encounter delete",
    "Delete the encounter and its history for good (GM; confirm:true)",
    (Option("confirm", "boolean", "Yes, delete it and its history: this can't be undone"),),
    handle_delete,
    changes_state=True,
)
