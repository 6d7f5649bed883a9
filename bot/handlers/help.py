"""/help: the commands, a place to start, and examples that run in this channel.

Examples (help_examples.py) and options (help_options.py) are those of the ruleset the
channel's commands will use: the running encounter's, else the channel's, else the
default. ``/help command:turn`` names a group: its subcommands are listed.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from bot.commands import Command
from bot.context import Context
from bot.errors import InvalidInput
from bot.handlers.help_examples import example_lines, needs_setup, start_here
from bot.handlers.help_options import options_read
from bot.render.legend import legend_lines
from bot.reply import Field, Reply
from bot.rules import DEFAULT_RULESET, rulesets
from bot.rules.ruleset import Ruleset
from bot.storage import StoredEncounter

# /help's sections: the first word of a command names its group.
HELP_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Quick rulings", ("fall", "jump", "travel")),
    ("Moving", ("move", "distance", "map", "door", "flank", "template")),
    ("Encounter", ("encounter",)),
    ("Tokens", ("token",)),
    ("Terrain", ("terrain",)),
    ("Turns", ("turn",)),
    ("History", ("history", "undo")),
    ("Ruleset and settings", ("ruleset", "settings", "help")),
)

# Commands whose replies carry a board picture: their help carries its key.
PICTURE_COMMANDS = frozenset({"move", "map"})

SETUP_NOTE = "Examples act on the board from /help's start here (Ari at A1, Goblin at E5)."
CONSOLE_NOTE = (
    "On Discord each option is its own field: type values as they are. "
    'In the console, quote values with spaces: name:"Goblin 1".'
)


async def help_ruleset(ctx: Context) -> Ruleset:
    """The ruleset this channel's commands use, read without side effects."""
    known = rulesets()
    stored = await ctx.store.active_or_damaged(ctx.channel_id)
    if isinstance(stored, StoredEncounter) and stored.encounter.ruleset in known:
        return known[stored.encounter.ruleset]
    chosen, _ = await ctx.store.channel_rules_state(ctx.channel_id)
    return known.get(chosen or DEFAULT_RULESET, known[DEFAULT_RULESET])


async def _rules_unset(ctx: Context) -> bool:
    """Whether nothing chose this channel's rules: no encounter, channel or server
    ruleset (Stride then uses its default, which a new table should not have to guess)."""
    if isinstance(await ctx.store.active_or_damaged(ctx.channel_id), StoredEncounter):
        return False
    chosen, _ = await ctx.store.channel_rules_state(ctx.channel_id)
    if chosen:
        return False
    return ctx.guild_id is None or not (await ctx.store.guild_settings(ctx.guild_id)).ruleset


def _key(name: str) -> str:
    # "token condition", "/token-condition" and "token_condition" are one command
    return " ".join(name.strip().lstrip("/").lower().replace("-", " ").replace("_", " ").split())


def group_members(name: str, commands: Mapping[str, Command]) -> list[Command]:
    """The subcommands of the group ``name`` (``turn``: /turn order, /turn next...)."""
    key = _key(name)
    return [c for n, c in commands.items() if n.startswith(key + " ")] if key else []


def group_names(commands: Mapping[str, Command]) -> list[str]:
    """Every command group (``turn``, ``encounter gm``...), for /help command:'s choices."""
    groups: dict[str, None] = {}
    for name in commands:
        words = name.split()
        for n in range(1, len(words)):
            groups[" ".join(words[:n])] = None
    return list(groups)


def find_command(name: str, commands: Mapping[str, Command]) -> Command:
    key = _key(name)
    if key in commands:
        return commands[key]
    close = difflib.get_close_matches(key, list(commands), n=1)
    hint = f" Did you mean /{close[0]}?" if close else ""
    raise InvalidInput(f'There is no command "/{key}".{hint} /help lists them all.')


async def help_reply(
    ctx: Context, options: Mapping[str, Any], commands: Mapping[str, Command]
) -> Reply:
    ruleset = await help_ruleset(ctx)
    if options.get("command"):
        members = group_members(options["command"], commands)
        if members and _key(options["command"]) not in commands:
            return _group(_key(options["command"]), members, ruleset)
        return _one_command(find_command(options["command"], commands), ruleset)
    unset = await _rules_unset(ctx)
    first = ("/ruleset set system:5e",) if unset else ()
    fields = [Field("Start here", "\n".join((*first, *start_here(ruleset))))]
    for title, heads in HELP_GROUPS:
        lines = [
            f"/{c.name} — {c.description}" for c in commands.values() if c.name.split()[0] in heads
        ]
        if lines:
            fields.append(Field(title, "\n".join(lines)))
    return Reply(
        title=f"Stride: movement rulings ({ruleset.id} here)",
        description=(
            (
                f"This channel has no ruleset yet, so Stride uses {ruleset.id}: pick the rules "
                f"your table plays first, /ruleset set system:<{'|'.join(rulesets())}> "
                "(5e is SRD 5.1, 5e-2024 SRD 5.2). "
                if unset
                else ""
            )
            + "/help command:move explains one command, with examples for this channel and "
            "a key to the board picture."
        ),
        fields=tuple(fields),
        footer=CONSOLE_NOTE,
        result={"commands": list(commands), "ruleset": ruleset.id, "ruleset_set": not unset},
        ephemeral=True,
    )


# Examples that need a file the user attaches: shown, but not run by the help tests
# (a path or an attachment is the user's own).
WITH_A_FILE: dict[str, tuple[str, ...]] = {
    "map": (
        "/map background:<your map image> cell_px:70 offset_x:0 offset_y:0 — a map under "
        "the grid (GM); /map clear_background:true removes it",
    ),
    "encounter import": ("/encounter import file:<an /encounter export .json>",),
    "move": (
        "On Discord: the board's Move button opens your own mover: a direction pad and the "
        "squares you can reach, each press previewed; nothing moves until Confirm",
    ),
}


def _one_command(command: Command, ruleset: Ruleset) -> Reply:
    read, others = options_read(command, ruleset)
    shown = [f"{o.name}{' (required)' if o.required else ''} — {o.description}" for o in read]
    if others:
        more = "1 more option is" if len(others) == 1 else f"{len(others)} more options are"
        shown.append(f"({more} other rulesets' only)")
    lines = example_lines(command.name, ruleset) + list(WITH_A_FILE.get(command.name, ()))
    fields = _chunked(f"Options ({ruleset.id})", shown or ["none"])
    if lines:
        note = f"\n{SETUP_NOTE}" if needs_setup(command.name) else ""
        fields.append(Field(f"Examples ({ruleset.id})", "\n".join(lines) + note))
    if command.name in PICTURE_COMMANDS:
        fields.append(
            Field("Reading the picture", "\n".join(legend_lines(ruleset.economy.band_action)))
        )
    return Reply(
        title=f"/{command.name} — {command.description}",
        fields=tuple(fields),
        footer=CONSOLE_NOTE,
        result={
            "command": command.name,
            "examples": list(lines),
            "ruleset": ruleset.id,
            "options": [o.name for o in read],
            "other_rulesets_options": [o.name for o in others],
        },
        ephemeral=True,
    )


# A Discord embed field holds 1,024 characters: a long option list goes on in more fields.
FIELD_CHARS = 1_000


def _chunked(name: str, lines: list[str]) -> list[Field]:
    """``lines`` in as many fields as they need, the first called ``name``."""
    chunks: list[list[str]] = [[]]
    for line in lines:
        if chunks[-1] and len("\n".join([*chunks[-1], line])) > FIELD_CHARS:
            chunks.append([])
        chunks[-1].append(line)
    return [
        Field(name if i == 0 else f"{name}, continued", "\n".join(chunk))
        for i, chunk in enumerate(chunks)
    ]


def _group(group: str, members: list[Command], ruleset: Ruleset) -> Reply:
    """A command group (/turn, /token...): its subcommands, each with its first example."""
    lines = [f"/{c.name} — {c.description}" for c in members]
    first = [example_lines(c.name, ruleset)[:1] for c in members]
    shown = [line for found in first for line in found]
    fields = [Field("Commands", "\n".join(lines))]
    if shown:
        setup = any(needs_setup(c.name) for c in members)
        fields.append(
            Field(
                f"Examples ({ruleset.id})", "\n".join(shown) + (f"\n{SETUP_NOTE}" if setup else "")
            )
        )
    return Reply(
        title=f"/{group} — {len(members)} commands",
        description=f"/help command:{members[0].name.replace(' ', '-')} explains one of them.",
        fields=tuple(fields),
        footer=CONSOLE_NOTE,
        result={
            "group": group,
            "commands": [c.name for c in members],
            "examples": shown,
            "ruleset": ruleset.id,
        },
        ephemeral=True,
    )
