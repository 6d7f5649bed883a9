"""The local console: the bot's handlers without Discord.

``python -m bot ask "/fall height:60"`` runs one command; ``python -m bot
console`` is a prompt with history. Both use the same database as the bot
(``STRIDE_DB``) and the same handlers as the cogs; only the printing differs.

Like the Discord shell, it reaches the store only through the handlers (issue 41,
Layers): it is handed the store ``python -m bot`` opened (``upkeep.open_store``) and
hands it along in the ``Context``; a read of its own (where a channel an option names
was last seen) is ``handlers/elsewhere.server_of``, the writes a failed command made
are told by ``upkeep.writes_recorded``.
"""

from __future__ import annotations

import contextlib
import logging
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bot.console_output import IMAGE_DIR, NO_BOARD_MESSAGE, envelope, print_outcome
from bot.context import Context
from bot.errors import RulingError, failure_message
from bot.handlers import Sight, run_line
from bot.handlers.elsewhere import server_of
from bot.handlers.upkeep import writes_recorded
from bot.named_channel import NamedChannel
from bot.reply import Reply
from bot.user_ids import NamesSeen

if TYPE_CHECKING:
    from bot.storage import Store  # opened by bot/__main__.py (upkeep.open_store), handed along

log = logging.getLogger(__name__)

CONSOLE_CHANNEL = "console"
CONSOLE_USER = "console-gm"
CONSOLE_GUILD = "console-server"  # the server the console's channels belong to

__all__ = ["IMAGE_DIR", "NO_BOARD_MESSAGE", "envelope", "interactive", "run_once"]


async def run_once(
    store: Store,
    line: str,
    *,
    as_json: bool,
    seed: int | None,
    channel: str,
    user: str,
    out: TextIO,
    manages_channel: bool = True,
    guild: str | None = CONSOLE_GUILD,
    roles: frozenset[str] = frozenset(),
    manages_server: bool | None = None,
    web_base_url: str | None = None,
    web_secret: str | None = None,
    names: NamesSeen | None = None,
) -> int:
    """Run one command line and print it; the exit code says whether it was ruled.

    ``manages_channel`` is Discord's Manage Channels: with it the user is a GM
    everywhere; without it (``--player``), only in encounters they started, or with the
    server's GM role among ``roles``. ``manages_server`` is whether they have it across
    the server (their roles') rather than in this channel alone (``--channel-only``),
    which the server-wide settings ask; by default, as ``manages_channel``. ``guild`` is
    the server the channel belongs to.

    ``user`` and the users the line names are names (or Discord ids): each name stands
    for an id of its own (``bot.user_ids``), which is what is stored and what the JSON
    shows; the text shows the names this run was given (``names``: a session's)."""
    names = NamesSeen() if names is None else names
    ctx = Context(
        store,
        channel,
        names.named(user),
        is_gm=manages_channel,
        rng=random.Random(seed),
        guild_id=guild,
        role_ids=roles,
        manages_server=manages_channel if manages_server is None else manages_server,
        web_base_url=web_base_url,
        web_secret=web_secret,
    )
    reply: Reply | None = None
    error: str | None = None
    refused: RulingError | None = None
    with writes_recorded() as written:
        names.learn(line)
        try:
            reply = await run_line(ctx, line, sight=console_sight(ctx))
        except RulingError as exc:
            error, refused = str(exc), exc
        except Exception:  # a bug: never a traceback for the user, but logged for us
            log.exception("command failed: %s", line)
            error = f"{failure_message(written)} Please report it."
    return print_outcome(out, reply, error, refused, as_json=as_json, shown=names.shown)


def console_sight(ctx: Context) -> Sight:
    """How the console's user stands in a channel an option names (``from:#prep``): the
    channel is in the server the store last saw it in, or, never seen in one, in the
    console's (``--guild``). In the console's server they see every channel and have
    Manage Channels where they have it across the server (not with ``--channel-only``
    or ``--player``); in another server, or with no server, they see nothing."""

    async def see(named: NamedChannel) -> NamedChannel:
        if named.id == ctx.channel_id:
            return replace(named, guild_id=ctx.guild_id, visible=True, manages=ctx.is_gm)
        where = await server_of(ctx, named.id) or ctx.guild_id
        ours = bool(ctx.guild_id) and where == ctx.guild_id
        return replace(named, guild_id=where, visible=ours, manages=ours and ctx.manages_server)

    return see


def _open_history() -> Path | None:
    """Line editing and history in ``~/.stride_history``, where readline exists."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: a plain prompt still works
        return None
    path = Path.home() / ".stride_history"
    with contextlib.suppress(OSError):
        if path.exists():
            readline.read_history_file(path)
    readline.set_history_length(1000)
    return path


def _save_history(path: Path | None) -> None:
    if path is None:
        return
    import readline

    with contextlib.suppress(OSError):
        readline.write_history_file(path)


async def interactive(
    store: Store,
    *,
    seed: int | None,
    channel: str,
    user: str,
    manages_channel: bool = True,
    guild: str | None = CONSOLE_GUILD,
    roles: frozenset[str] = frozenset(),
    manages_server: bool | None = None,
    web_base_url: str | None = None,
    web_secret: str | None = None,
) -> int:
    """A prompt: one command per line, printed as a person reads it."""
    history = _open_history()
    rng_seed = seed
    names = NamesSeen()  # the session's: a name given once is shown as @name after
    print("Stride console. Type /help for commands, Ctrl-D or 'quit' to leave.")
    try:
        while True:
            try:
                line = input("stride> ").strip()
            except EOFError:
                print()
                break
            except KeyboardInterrupt:
                print()
                continue
            if line in ("quit", "exit"):
                break
            if not line:
                continue
            if not line.startswith("/"):
                line = "/" + line
            await run_once(
                store,
                line,
                as_json=False,
                seed=rng_seed,
                channel=channel,
                user=user,
                out=sys.stdout,
                manages_channel=manages_channel,
                guild=guild,
                roles=roles,
                manages_server=manages_server,
                web_base_url=web_base_url,
                web_secret=web_secret,
                names=names,
            )
            if rng_seed is not None:
                rng_seed += 1  # a reproducible session, but not the same roll every time
    finally:
        _save_history(history)
    return 0
