"""A move asked from a live page, and the shell that runs it (issue 39).

The page never rules a move itself: it asks its shell to run /move as the link's user,
through the same command path as the slash command. The bot runs it through Discord's
dispatch (``bot/discord/web_moves.py``: the same permissions, cooldown and refusals,
the ruling posted in the channel as if typed); ``python -m bot serve`` runs it through
the handlers as the console does (``run_here``), with the same cooldown rule.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.context import Context
from bot.cooldown import Cooldown
from bot.errors import RulingError
from bot.reply import Reply
from bot.work import in_channel

if TYPE_CHECKING:
    from bot.storage import Store


@dataclass(frozen=True)
class MoveAsked:
    """/move's options, asked by ``user_id`` in ``channel_id`` from a page (GM or not as
    their link and the shell say)."""

    channel_id: str
    user_id: str
    is_gm: bool
    options: Mapping[str, object]
    guild_id: str | None = None


@dataclass(frozen=True)
class MoveAnswer:
    """What the page shows: the reply (a preview, or the ruling as the channel got it),
    or why it was refused."""

    reply: Reply | None = None
    refused: str | None = None
    title: str | None = None
    fields: tuple[tuple[str, str], ...] = field(default_factory=tuple)


Moves = Callable[[MoveAsked], Awaitable[MoveAnswer]]

COOLDOWN = Cooldown()  # the pages' own moves, one bucket a user (as on Discord)


def run_here(store: Callable[[], Store], web_base_url: str | None = None) -> Moves:
    """Moves run through the handlers in this process (``python -m bot serve``)."""

    async def run(asked: MoveAsked) -> MoveAnswer:
        from bot.handlers import COMMANDS
        from bot.handlers import run as run_command

        wait_s = COOLDOWN.take(asked.user_id, time.monotonic())
        if wait_s:
            return MoveAnswer(
                refused="Slow down a little: a move searches paths and draws the board. "
                f"Try again in {max(1, round(wait_s))} s."
            )
        try:
            ctx = Context(
                store(),
                asked.channel_id,
                asked.user_id,
                is_gm=asked.is_gm,
                rng=random.Random(),
                guild_id=asked.guild_id,
                web_base_url=web_base_url,
            )
            with in_channel(asked.channel_id):
                reply = await run_command(ctx, COMMANDS["move"], dict(asked.options))
            return MoveAnswer(reply=reply)
        except RulingError as refused:
            return MoveAnswer(
                refused=refused.message, title=refused.title, fields=tuple(refused.fields)
            )
        finally:
            COOLDOWN.release(asked.user_id)

    return run


__all__ = ["MoveAnswer", "MoveAsked", "Moves", "run_here"]
