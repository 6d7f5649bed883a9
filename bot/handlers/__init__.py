"""Every command, by name: the one table both the cogs and the console dispatch on."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.commands import Command, Invocation, Option, resolve
from bot.context import Context
from bot.errors import RulingError
from bot.handlers import board, distance, door, encounter, history, move, terrain, tokens, turns
from bot.handlers.fall import FALL
from bot.handlers.flank import FLANK
from bot.handlers.help import help_reply
from bot.handlers.jump import JUMP
from bot.handlers.ruleset import SET, SHOW
from bot.handlers.travel import TRAVEL
from bot.reply import Reply

log = logging.getLogger(__name__)


async def _help(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """The commands and a place to start, or one command with examples for this channel."""
    return await help_reply(ctx, options, COMMANDS)


HELP = Command(
    "help",
    "List the commands, or explain one with examples for this channel",
    (Option("command", "string", "A command to explain, e.g. move or token add"),),
    _help,
)

# Encounters on a grid: the channel's encounter and everything on it.
ENCOUNTER_COMMANDS: tuple[Command, ...] = (
    encounter.START,
    encounter.SHOW,
    encounter.END,
    tokens.ADD,
    tokens.EDIT,
    tokens.REMOVE,
    tokens.CONDITION,
    terrain.SET,
    terrain.CLEAR,
    terrain.LIGHT,
    terrain.EDGE,
    turns.ORDER,
    turns.NEXT,
    turns.ADD,
    turns.REMOVE,
    turns.SHOW,
    turns.CLEAR,
    move.MOVE,
    distance.DISTANCE,
    board.MAP,
    door.DOOR,
    FLANK,
    history.HISTORY,
    history.UNDO,
)

COMMANDS: dict[str, Command] = {
    c.name: c for c in (FALL, JUMP, TRAVEL, SET, SHOW, *ENCOUNTER_COMMANDS, HELP)
}


async def run(ctx: Context, command: Command, raw: Mapping[str, object]) -> Reply:
    """Validate ``raw`` against ``command`` and run it: the one way in for every shell."""
    return await _settled(ctx, await command.handler(ctx, command.validate(raw)))


async def run_line(ctx: Context, line: str) -> Reply:
    invocation: Invocation = resolve(line, COMMANDS)
    return await _settled(ctx, await invocation.command.handler(ctx, invocation.options))


async def _settled(ctx: Context, reply: Reply) -> Reply:
    """After a command succeeded: mark the channel's one-time default-ruleset notice as
    shown (a refused command never reaches here, so it doesn't use the notice up)."""
    if ctx.default_notice_pending:
        ctx.default_notice_pending = False
        await ctx.store.take_default_notice(ctx.channel_id)
    return reply


__all__ = ["COMMANDS", "RulingError", "run", "run_line"]
