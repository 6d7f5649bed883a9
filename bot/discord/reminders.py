"""Turn reminders (issue 29, /settings remind_after:): a player's turn that has sat that
long pings its owner again in the channel. The reminders are kept in the store (a
restart, or another process, finds them); each due one is claimed in one write, so it
is sent once, and only while its turn is still running (the same token acting, the same
round).

Issue 38: no reminder may hold back another. A process reads only the reminders of its
own shards' servers (the store keeps each one's server), and all of them that are due,
page by page, never the same first few; each is handled on its own (a bad row, a failed
send or a slow one touches no other). A channel this process can't see is fetched
(Discord doesn't cache archived threads): one gone (deleted, or the bot shut out or
gone from its server) drops its reminder with a log line, one Discord can't answer now
is tried again later, each time waiting longer. Sends are paced (``PER_S``) under
Discord's global rate limit and run ``AT_ONCE`` at a time, and a look comes every
``EVERY_S``: a reminder is sent within a minute of being due, 12,000 an hour and more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.discord.embeds import as_text
from bot.discord.sending import pinging
from bot.handlers.reminders import (
    claim,
    due_page,
    learn_server,
    postpone,
    sent_after_failures,
    still_their_turn,
)
from bot.reply import plain
from bot.user_ids import is_snowflake

if TYPE_CHECKING:
    from bot.storage import Store, TurnReminder

log = logging.getLogger(__name__)

EVERY_S = 20.0  # how often the due reminders are looked for (sent within a minute)
# Discord calls a second (fetches and sends), per process: Discord allows a bot 50 in all,
# shared with every reply and board edit of every process; 10 is 36,000 reminders an hour
PER_S = 10.0
AT_ONCE = 10  # reminders handled at the same time
PAGE = 200  # reminders read from the store at a time
HTTP_TIMEOUT_S = 15.0  # a fetch or a send that takes longer is tried again later
RETRY_S = 60  # the first wait after a failure that may pass; doubled each time after
RETRY_MAX_S = 3600

_UNSAID = object()  # a channel that doesn't say its server (a stand-in's)

Sleep = Callable[[float], Awaitable[None]]
Shards = tuple[int, tuple[int, ...]]  # how many shards in all, and this process's


class Channels(Protocol):
    """What a reminder needs of the client: a channel it can see, by id (a client may
    also fetch one, and say which shards it runs: ``fetch_channel``, ``shard_ids``)."""

    def get_channel(self, channel_id: int, /) -> Any: ...


class Pace:
    """At most ``per_s`` calls a second: each caller waits for its own slot, in turn."""

    def __init__(
        self,
        per_s: float = PER_S,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.gap_s = 1.0 / per_s
        self._clock = clock
        self._sleep = sleep
        self._next = -math.inf
        self._lock = asyncio.Lock()

    async def slot(self) -> None:
        async with self._lock:
            wait_s = self._next - self._clock()
            if wait_s > 0:
                await self._sleep(wait_s)
            self._next = max(self._clock(), self._next) + self.gap_s


def waited(seconds: int) -> str:
    """How long a turn has sat, in words: "12 h", "2 days", "90 min"."""
    if seconds >= 86400 and seconds % 86400 == 0:
        days = seconds // 86400
        return f"{days} day{'s' if days != 1 else ''}"
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    return f"{max(1, seconds // 60)} min"


def shards_of(client: object) -> Shards:
    """The shards whose servers this process runs: ``(1, (0,))`` (one shard holding
    every server) unless the client runs only some (``STRIDE_SHARD_IDS``)."""
    ids = getattr(client, "shard_ids", None)
    count = getattr(client, "shard_count", None)
    if ids is None or not count:
        return 1, (0,)
    return int(count), tuple(int(i) for i in ids)


def runs(shards: Shards, guild_id: int) -> bool:
    """Whether the server ``guild_id`` (0: no server, as shard 0's DMs) is this
    process's: Discord puts it on shard ``(id >> 22) % count``."""
    count, ids = shards
    return (guild_id >> 22) % count in ids


def reminder_text(reminder: TurnReminder, waiting: str) -> str:
    """The reminder as sent: its owner's mention, and the token's name reading as typed
    (a token called "<@&4242>" or "@everyone" mentions no one, as replies escape it)."""
    name = as_text(plain(reminder.token))
    return (
        f"<@{reminder.user_id}> your turn is waiting: {name}, round {reminder.round} "
        f"(about {waiting} now)."
    )


async def send_due_reminders(
    client: Channels,
    store: Store,
    now_s: int,
    *,
    pace: Pace | None = None,
    at_once: int = AT_ONCE,
) -> int:
    """Ping the owners whose turns are due a reminder at ``now_s``; how many were sent.
    Every due reminder of this process's shards is looked at, ``at_once`` at a time, and
    each Discord call waits for a slot of ``pace`` (None: no pacing, for a direct call)."""
    look = _Look(client, store, now_s, pace, asyncio.Semaphore(at_once), shards_of(client))
    count, ids = look.shards
    for shard in [*((count, i) for i in ids), None]:  # None: servers not known yet
        after = (-1, "")
        while True:
            page = await due_page(store, now_s, shard, after, PAGE)
            await asyncio.gather(*(look.one(r, wait_s) for r, wait_s in page))
            if len(page) < PAGE:
                break
            last = page[-1][0]
            after = (last.due_at, last.channel_id)  # a reminder left stays behind
    return look.sent


@dataclass
class _Look:
    """One look at the due reminders: what it needs, and how many it sent."""

    client: Channels
    store: Store
    now_s: int
    pace: Pace | None
    at_once: asyncio.Semaphore
    shards: Shards
    sent: int = field(default=0)

    async def one(self, reminder: TurnReminder, wait_s: int | None) -> None:
        """Handle one reminder (``wait_s``: its channel's wait); whatever goes wrong is
        logged and stays with it."""
        async with self.at_once:
            try:
                await self._handle(reminder, wait_s)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.exception("A turn reminder failed (channel %s)", reminder.channel_id)
                with contextlib.suppress(Exception):  # the store may be what failed
                    await self._later(reminder, _failure(exc))

    async def _handle(self, r: TurnReminder, wait_s: int | None) -> None:
        if not (is_snowflake(r.channel_id) and is_snowflake(r.user_id)):
            await self._drop(r, "its channel or its owner is not a Discord id", logging.WARNING)
            return
        if not await still_their_turn(self.store, r):
            await claim(self.store, r, None)  # the turn moved on: nothing to say
            return
        channel = await self._channel(r)
        if channel is None:
            return
        next_due = self.now_s + wait_s if wait_s else None
        if not await claim(self.store, r, next_due):
            return  # another process sent it first
        claimed = replace(r, due_at=next_due) if next_due is not None else None
        content = reminder_text(r, waited(self.now_s - r.due_at + (wait_s or 0)))
        try:
            await self._call(
                lambda: channel.send(content=content, allowed_mentions=pinging(r.user_id))
            )
        except (discord.NotFound, discord.Forbidden) as exc:
            if claimed is not None:
                await self._drop(claimed, f"Discord refused it ({_failure(exc)})")
            return
        except Exception as exc:  # a 5xx, a timeout, the network: it may pass
            if claimed is not None:  # moved on to the next wait: back to soon instead
                await self._later(claimed, _failure(exc))
            return
        self.sent += 1
        if r.attempts and claimed is not None:
            await sent_after_failures(self.store, claimed)  # the failures in a row are over

    async def _channel(self, r: TurnReminder) -> Any:
        """The reminder's channel if this process sends it; None when it is another
        process's (left as it is), gone (dropped) or unreachable now (tried later)."""
        channel = self.client.get_channel(int(r.channel_id))
        if channel is None:
            if r.guild_id is not None and not runs(self.shards, int(r.guild_id)):
                return None  # another process's shard: its reminder, not ours
            fetch = getattr(self.client, "fetch_channel", None)
            if fetch is None:
                return None  # a client that only sees its cache: left for one that fetches
            try:  # not cached: an archived thread, a server left, a channel deleted
                channel = await self._call(lambda: fetch(int(r.channel_id)))
            except (discord.NotFound, discord.Forbidden) as exc:
                await self._drop(r, f"its channel is gone ({_failure(exc)})")
                return None
            except Exception as exc:  # a 5xx, a timeout, the network: it may pass
                await self._later(r, _failure(exc))
                return None
        server = r.guild_id
        guild: Any = getattr(channel, "guild", _UNSAID)
        if guild is not _UNSAID:  # None: a DM (shard 0's)
            server = str(guild.id) if guild is not None else "0"
            if server != r.guild_id:  # set before servers were kept: learnt now
                await learn_server(self.store, r.channel_id, server)
        return channel if server is None or runs(self.shards, int(server)) else None

    async def _call(self, call: Callable[[], Awaitable[Any]]) -> Any:
        """One Discord call, in its turn under the pace, given up after a while."""
        if self.pace is not None:
            await self.pace.slot()
        async with asyncio.timeout(HTTP_TIMEOUT_S):
            return await call()

    async def _drop(self, r: TurnReminder, why: str, level: int = logging.INFO) -> None:
        if await claim(self.store, r, None):
            log.log(
                level,
                "Dropped the turn reminder of channel %r (server %s, owner %r): %s",
                r.channel_id,
                r.guild_id,
                r.user_id,
                why,
            )

    async def _later(self, r: TurnReminder, why: str) -> None:
        """Try ``r`` again later, each failure in a row waiting twice as long: the others
        go first meanwhile."""
        retry_s = min(RETRY_MAX_S, RETRY_S * 2 ** min(r.attempts, 16))
        if await postpone(self.store, r, self.now_s + retry_s):
            log.warning(
                "The turn reminder of channel %s was not sent (%s); trying again in %d s",
                r.channel_id,
                why,
                retry_s,
            )


def _failure(exc: Exception) -> str:
    """What went wrong, for the log."""
    if isinstance(exc, discord.HTTPException):
        return f"Discord answered {exc.status} {exc.text}".rstrip()
    if isinstance(exc, TimeoutError):
        return f"no answer from Discord in {HTTP_TIMEOUT_S:g} s"
    return f"{type(exc).__name__}: {exc}"


async def remind_forever(
    client: Channels,
    store: Callable[[], Store],
    *,
    every_s: float = EVERY_S,
    clock: Callable[[], float] = time.time,
    sleep: Sleep = asyncio.sleep,
    pace: Pace | None = None,
) -> None:
    """Look for due reminders every ``every_s`` seconds once the client is ready, until
    cancelled; a failure is logged and the next look goes on."""
    pace = pace if pace is not None else Pace()
    ready = getattr(client, "wait_until_ready", None)
    if ready is not None:
        try:
            await ready()  # the channel cache is filled: no needless fetches
        except RuntimeError as exc:  # a client that never logs in: nothing to wait for
            log.warning("Turn reminders start without waiting for the gateway: %s", exc)
    while True:
        started = clock()
        try:
            await send_due_reminders(client, store(), int(started), pace=pace)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Sending turn reminders failed; trying again in %s s", every_s)
        await sleep(max(0.0, every_s - (clock() - started)))


__all__ = [
    "AT_ONCE",
    "EVERY_S",
    "PER_S",
    "Pace",
    "remind_forever",
    "reminder_text",
    "runs",
    "send_due_reminders",
    "shards_of",
    "waited",
]
