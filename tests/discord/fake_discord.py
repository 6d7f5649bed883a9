"""A fake clock and a fake Discord for the reminder loop (issue 38): channels this
process caches, others it can only fetch (archived threads, another shard's), channels
deleted (404) or in a server the bot left (403), and Discord's global rate limit,
counted on the fake clock. Nothing really waits: sleeping moves the clock."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from tests.discord.fakes import FakeChannel, FakeMessage, forbidden, http_error, not_found

GLOBAL_LIMIT_PER_S = 50  # Discord's: requests a second, per bot


class Done(BaseException):
    """The simulated time is over (a BaseException: the loop logs and goes on after an
    Exception, and this must stop it)."""


@dataclass
class FakeClock:
    """Seconds since the epoch that move only when something sleeps."""

    t: float
    looks: list[float] = field(default_factory=list)  # when each look of the loop began

    def __call__(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.t += max(0.0, seconds)
        await asyncio.sleep(0)

    def between_looks(self, until: float) -> Any:
        """The loop's sleep: the clock moves on, and the loop stops once past ``until``."""

        async def sleep(seconds: float) -> None:
            await self.sleep(seconds)
            if self.t > until:
                raise Done
            self.looks.append(self.t)

        return sleep


def server_on(shard: int, count: int, n: int = 1) -> int:
    """A Discord server id on ``shard`` of ``count`` (Discord's (id >> 22) % count)."""
    return ((n * count + shard) << 22) | 777


@dataclass
class ServerChannel(FakeChannel):
    """A channel in a server, whose sends the fake Discord sees (and times)."""

    guild: Any = None
    discord: FakeDiscord | None = None
    hang: bool = False  # a send that never answers
    sent_at: list[float] = field(default_factory=list)  # on the fake clock

    async def send(self, **kwargs: Any) -> FakeMessage:
        if self.discord is not None:
            self.discord.called(self.id)
        if self.hang:
            await asyncio.Event().wait()
        message = await super().send(**kwargs)
        if self.discord is not None:
            self.sent_at.append(self.discord.clock())
        return message


class FakeDiscord:
    """The client as the reminder loop sees it: ``get_channel`` (this process's cache),
    ``fetch_channel`` (an HTTP call) and the shards it runs."""

    def __init__(
        self, clock: FakeClock, *, shard_count: int | None = None, shard_ids: Any = None
    ) -> None:
        self.clock = clock
        self.shard_count = shard_count
        self.shard_ids = shard_ids
        self.cached: dict[int, ServerChannel] = {}
        self.uncached: dict[int, ServerChannel] = {}  # archived threads, other shards'
        self.deleted: set[int] = set()
        self.shut: set[int] = set()  # in a server the bot left: 403
        self.calls: list[tuple[float, int]] = []  # every HTTP call: (when, channel)
        self.refused = 0  # calls over the global rate limit (each a 429)
        self.fetched: list[int] = []

    def channel(self, channel_id: int, guild_id: int, *, cached: bool = True) -> ServerChannel:
        made = ServerChannel(channel_id, guild=SimpleNamespace(id=guild_id), discord=self)
        (self.cached if cached else self.uncached)[channel_id] = made
        return made

    def get_channel(self, channel_id: int, /) -> ServerChannel | None:
        return self.cached.get(channel_id)

    async def fetch_channel(self, channel_id: int, /) -> ServerChannel:
        self.called(channel_id)
        self.fetched.append(channel_id)
        await asyncio.sleep(0)
        if channel_id in self.shut:
            raise forbidden()
        found = self.cached.get(channel_id) or self.uncached.get(channel_id)
        if found is None or channel_id in self.deleted:
            raise not_found()
        return found

    def called(self, channel_id: int) -> None:
        """One HTTP call now: over Discord's global limit it is refused (429)."""
        now = self.clock()
        recent = sum(1 for t, _ in self.calls[-GLOBAL_LIMIT_PER_S:] if now - t < 1.0)
        self.calls.append((now, channel_id))
        if recent >= GLOBAL_LIMIT_PER_S:
            self.refused += 1
            raise http_error(429)

    def busiest_second(self) -> int:
        """The most calls in any one second (a window starting at each call; a
        microsecond spared for the rounding of times near 1.8e9 s)."""
        times = [t for t, _ in self.calls]
        most, start = 0, 0
        for end, t in enumerate(times):
            while t - times[start] >= 1.0 - 1e-6:
                start += 1
            most = max(most, end - start + 1)
        return most

    def sends(self) -> Counter[int]:
        """How many messages each channel got."""
        out: Counter[int] = Counter()
        for c in (*self.cached.values(), *self.uncached.values()):
            out[c.id] = len(c.messages)
        return +out
