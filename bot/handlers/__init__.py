"""Every command, by name: the one table both the cogs and the console dispatch on.

The table knows where each command lives and imports its handler module the first
time the command is looked up: ``python -m bot ask "/fall height:60"`` loads the fall
handler, not the board, the path search and every other command's (issue 15's cold
start). Iterating the table (/help, a "Did you mean") loads them all.

Why strings: importing a handler module to name its Command would load it, and the
cold start (tests/test_cold_start.py) is the point of the table. So the table says
where each command lives as (name, module, attribute), and
tests/test_cold_start.py checks every entry imports to the command of that name.
Code that may load its handler says so with a real import instead: each cog imports
its Commands from the handler modules (``from bot.handlers.move import MOVE``), so the
cog → handler edge is visible to grep, IDEs and tools.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping, MutableMapping
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from bot.commands import Command, Invocation, Option, resolve
from bot.errors import RulingError
from bot.named_channel import NamedChannel
from bot.reply import Reply

if TYPE_CHECKING:
    from bot.context import Context

    # The meta key (and the channel id) under which notes for the channel's GM wait: a
    # JSON list of lines (handlers.encounter_common.tell_gm); the store reads it with
    # the units on every command (``Context.gm_notes_waiting``). Read from the store
    # when first asked (``__getattr__``): the calculators' quick path (bot/console_quick.py)
    # imports this package without the store.
    from bot.storage.settings import GM_NOTES as GM_NOTES

log = logging.getLogger(__name__)


async def _help(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """The commands and a place to start, or one command with examples for this channel."""
    from bot.handlers.help import help_reply

    return await help_reply(ctx, options, COMMANDS)


HELP = Command(
    "help",
    "List the commands, or explain one with examples for this channel",
    (Option("command", "string", "A command to explain, e.g. move or token add"),),
    _help,
)

# Calculators and settings: no encounter needed.
_CALCULATORS: tuple[tuple[str, str, str], ...] = (
    ("fall", "fall", "FALL"),
    ("jump", "jump", "JUMP"),
    ("travel", "travel", "TRAVEL"),
    ("ruleset set", "ruleset", "SET"),
    ("ruleset show", "ruleset", "SHOW"),
    ("settings", "settings", "SETTINGS"),
)
# Encounters on a grid: the channel's encounter and everything on it.
_ENCOUNTER: tuple[tuple[str, str, str], ...] = (
    ("encounter start", "encounter", "START"),
    ("encounter show", "encounter", "SHOW"),
    ("encounter end", "encounter", "END"),
    ("encounter delete", "encounter", "DELETE"),
    ("encounter export", "transfer", "EXPORT"),
    ("encounter import", "transfer", "IMPORT"),
    ("encounter save", "scenes", "SAVE"),
    ("encounter load", "scenes", "LOAD"),
    ("encounter scenes", "scenes", "SCENES"),
    ("encounter scene delete", "scenes", "DELETE_SCENE"),
    ("encounter gm add", "settings", "GM_ADD"),
    ("encounter gm remove", "settings", "GM_REMOVE"),
    ("encounter gm give", "settings", "GM_GIVE"),
    ("token add", "tokens", "ADD"),
    ("token edit", "tokens", "EDIT"),
    ("token remove", "token_removal", "REMOVE"),
    ("token condition", "token_conditions", "CONDITION"),
    ("token trait", "token_conditions", "TRAIT"),
    ("token reaction", "reactions", "REACTION"),
    ("token place", "token_place", "PLACE"),
    ("token stats", "token_stats", "STATS"),
    ("terrain set", "terrain", "SET"),
    ("terrain clear", "terrain", "CLEAR"),
    ("terrain light", "terrain", "LIGHT"),
    ("terrain edge", "terrain", "EDGE"),
    ("turn order", "turns", "ORDER"),
    ("turn next", "turns", "NEXT"),
    ("turn add", "turns", "ADD"),
    ("turn roll", "turns", "ROLL"),
    ("turn remove", "turns", "REMOVE"),
    ("turn show", "turns", "SHOW"),
    ("turn clear", "turns", "CLEAR"),
    ("move", "move", "MOVE"),
    ("distance", "distance", "DISTANCE"),
    ("map", "board", "MAP"),
    ("board link", "live_links", "LINK"),
    ("door", "door", "DOOR"),
    ("flank", "flank", "FLANK"),
    ("template add", "templates", "ADD"),
    ("template remove", "templates", "REMOVE"),
    ("template list", "templates", "LIST"),
    ("history", "history", "HISTORY"),
    ("undo", "history", "UNDO"),
)


class CommandTable(MutableMapping[str, Command]):
    """Command name → Command, importing a handler module on first use. Writable, so a
    test can put a changed command in (monkeypatch.setitem)."""

    def __init__(self, where: tuple[tuple[str, str, str], ...], extra: tuple[Command, ...]):
        self._where = {name: (module, attribute) for name, module, attribute in where}
        self._loaded: dict[str, Command] = {c.name: c for c in extra}
        self._order = [name for name, _, _ in where] + [c.name for c in extra]

    def __getitem__(self, name: str) -> Command:
        command = self._loaded.get(name)
        if command is None:
            module, attribute = self._where[name]  # KeyError: no such command
            command = getattr(import_module(f"bot.handlers.{module}"), attribute)
            assert command.name == name, (name, command.name)
            self._loaded[name] = command
        return command

    def __setitem__(self, name: str, command: Command) -> None:
        if name not in self:
            self._order.append(name)
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self._where.pop(name, None)
        self._loaded.pop(name, None)
        self._order.remove(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._where or name in self._loaded


COMMANDS = CommandTable((*_CALCULATORS, *_ENCOUNTER), (HELP,))
ENCOUNTER_NAMES: frozenset[str] = frozenset(name for name, _, _ in _ENCOUNTER)
# the commands that need no encounter; those of them whose Command.calculator is set, the
# console's quick path answers (bot/console_quick.py)
CALCULATOR_NAMES: frozenset[str] = frozenset(name for name, _, _ in _CALCULATORS)


@cache
def encounter_commands() -> tuple[Command, ...]:
    return tuple(COMMANDS[name] for name, _, _ in _ENCOUNTER)


def __getattr__(name: str) -> Any:
    """``ENCOUNTER_COMMANDS``, built (and every encounter handler imported) when asked;
    ``GM_NOTES``, the store's."""
    if name == "ENCOUNTER_COMMANDS":
        return encounter_commands()
    if name == "GM_NOTES":
        from bot.storage.settings import GM_NOTES as stored

        return stored
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


async def run(ctx: Context, command: Command, raw: Mapping[str, object]) -> Reply:
    """Validate ``raw`` against ``command`` and run it: the one way in for every shell."""
    from bot.work import admitted

    options = command.validate(raw)
    ctx.begin()
    with admitted(ctx.channel_id):  # its work in the channel's lane (bot/work.py)
        await ctx.settle_gm_role()
        read = await _labels_read(ctx, command, options)
        return await _settled(ctx, await command.handler(ctx, read))


# How a shell that reads commands as text (the console) sees a channel an option names:
# the channel as typed → the asker's standing there (bot/named_channel.py)
Sight = Callable[[NamedChannel], Awaitable[NamedChannel]]


async def run_line(ctx: Context, line: str, *, sight: Sight | None = None) -> Reply:
    """Read ``line`` and run it. ``sight`` resolves each channel an option names; without
    it the asker is taken to see none but this one (handlers/elsewhere.py)."""
    from bot.work import admitted

    invocation: Invocation = resolve(line, COMMANDS)
    ctx.begin()
    with admitted(ctx.channel_id):
        await ctx.settle_gm_role()
        options = await _labels_read(ctx, invocation.command, invocation.options)
        if sight is not None:
            options = {
                k: await sight(v) if isinstance(v, NamedChannel) else v for k, v in options.items()
            }
        return await _settled(ctx, await invocation.command.handler(ctx, options))


async def _labels_read(
    ctx: Context, command: Command, options: Mapping[str, Any]
) -> Mapping[str, Any]:
    """The token labels the picture shows read as the tokens' names (bot.handlers.labels;
    imported only by commands that name tokens, so a calculator stays light)."""
    if not any(o.refers_to in ("token", "tokens") and options.get(o.name) for o in command.options):
        return options
    from bot.handlers.labels import names_for_labels

    return await names_for_labels(ctx, command, options)


async def _settled(ctx: Context, reply: Reply) -> Reply:
    """After a command succeeded: mark the channel's one-time default-ruleset notice as
    shown (a refused command never reaches here, so it doesn't use the notice up), and
    write its distances in the units the channel reads (/settings units:)."""
    if ctx.default_notice_pending:
        ctx.default_notice_pending = False
        await ctx.store.take_default_notice(ctx.channel_id)
    return await _with_gm_notes(ctx, await in_units(ctx, reply))


async def in_units(ctx: Context, reply: Reply) -> Reply:
    """``reply`` with its distances in the units the channel reads (/settings units:)."""
    units = await ctx.channel_units()
    if units is None or units == "feet":
        return reply
    from bot.handlers.common import in_channel_units

    return await in_channel_units(ctx, reply, units)


async def _with_gm_notes(ctx: Context, reply: Reply) -> Reply:
    """The notes kept for the channel's GM (what players' moves found of the hidden
    things, a board mended as it was read), on the GM's next reply for their eyes only:
    a private field per heading, which Discord sends as an ephemeral follow-up and the
    console marks "for the GM only"."""
    if not await ctx.gm_notes_waiting():
        return reply
    from dataclasses import replace

    from bot.handlers.encounter_common import take_gm_notes
    from bot.reply import Field

    notes = await take_gm_notes(ctx)
    if not notes:
        return reply
    headings = dict.fromkeys(heading for heading, _ in notes)  # in the order first kept
    told = tuple(
        Field(heading, "\n".join(line for under, line in notes if under == heading))
        for heading in headings
    )
    return replace(reply, private_fields=(*reply.private_fields, *told))


__all__ = ["COMMANDS", "ENCOUNTER_NAMES", "RulingError", "Sight", "run", "run_line"]
