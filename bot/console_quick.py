"""The console's quick way to a calculator: ``python -m bot ask "/fall height:60"``
answered without asyncio and without opening the store (the cold start, issue 31).

``answer`` takes what ``bot.console.run_once`` takes (the database's URL instead of an
open store) and prints exactly what it would print, or returns None when the line is
not one it answers: the caller then runs the full path. It answers a command whose
``Command.calculator`` is set (/fall, /jump, /travel), reading the channel's ruleset,
units and server through a handler (``handlers/calc_reads.channel_reads``: one
synchronous connection, never the store, which loads asyncio), and rules
with that same ``calculator`` the command's handler calls
(``handlers/calc_common.ruled_from_reads``), printing through ``bot/console_output.py``
as the full path does. What needs a write goes the full way:
a channel's first reply (its one-time notice is marked shown), notes waiting for the
GM (taken as they are told), a database file not made or not migrated yet.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TextIO

from bot.console_output import print_outcome
from bot.errors import InvalidInput, RulingError

if TYPE_CHECKING:
    from bot.commands import Command
    from bot.handlers.calc_reads import ChannelReads
    from bot.reply import Reply

CONSOLE_GUILD = "console-server"


def answer(
    line: str,
    *,
    db: str,
    as_json: bool,
    seed: int | None,
    channel: str,
    user: str,
    out: TextIO,
    manages_channel: bool = True,
    guild: str | None = CONSOLE_GUILD,
    roles: frozenset[str] = frozenset(),
    manages_server: bool | None = None,
) -> int | None:
    """The exit code after printing the reply, or None: not answered here (nothing
    printed, nothing written), run the full path."""
    command = _calculator(line)
    if command is None:
        return None
    from bot.handlers.calc_reads import channel_reads

    reads = channel_reads(db, channel, guild)
    if reads is None or reads.gm_notes_waiting:
        return None
    is_gm = manages_channel or (bool(roles) and guild is not None and reads.gm_role in roles)
    try:
        reply = _ruled(command, line, reads, random.Random(seed), is_gm)
    except RulingError as exc:
        return print_outcome(out, None, str(exc), exc, as_json=as_json)
    except Exception:  # a bug: the full path runs it again, logs it and says so
        return None
    if reply is None:
        return None
    return print_outcome(out, reply, None, None, as_json=as_json)


def _calculator(line: str) -> Command | None:
    """The calculator ``line`` names (None: another command, or no command read)."""
    from bot.commands import split_line
    from bot.handlers import CALCULATOR_NAMES, COMMANDS

    try:
        name, _ = split_line(line)
    except InvalidInput:
        return None
    if name not in CALCULATOR_NAMES:
        return None
    command = COMMANDS[name]
    return command if command.calculator is not None else None


def _ruled(
    command: Command, line: str, reads: ChannelReads, rng: random.Random, is_gm: bool
) -> Reply | None:
    """The reply as the full path gives it (None: it would write, so it must run)."""
    from bot.commands import resolve
    from bot.handlers.calc_common import ruled_from_reads

    options = resolve(line, {command.name: command}).options
    assert command.calculator is not None
    return ruled_from_reads(command.calculator, options, rng, is_gm, reads)
