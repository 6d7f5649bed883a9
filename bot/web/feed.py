"""Which channels have open pages, and telling them when their board changed (issue 39).

A page subscribes to its channel (``Feed.watch``). The feed learns of changes two ways:
it reads the versions of the watched channels' boards every ``every_s`` (one query for
all of them, however many pages: a change made by another process on the same SQLite
file, or on PostgreSQL, is seen within that), and it is told at once of a change it can
hear of (``Feed.poke``: a command run in this process, PostgreSQL's NOTIFY from another),
which makes the next read come now. A watcher keeps only the newest version: a slow page
skips to the latest board, it never queues old ones, and one page can't hold up another.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

EVERY_S = 0.1  # how often the watched boards' versions are read (one query for all)
# what a channel's board is at: any text that changes whenever the page should redraw
# (the encounter's id and version, the board's view and background...); None: no board
Versions = Callable[[list[str]], Awaitable[dict[str, str | None]]]


@dataclass(eq=False)
class Watcher:
    """One open page's subscription: the newest version of its channel's board, and an
    event set when it changes."""

    channel_id: str
    version: str | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def tell(self, version: str | None) -> None:
        if version != self.version:
            self.version = version
            self.changed.set()

    async def next(self, timeout_s: float) -> str | None:
        """The version once it changes (or as it is after ``timeout_s``)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), timeout_s)
        self.changed.clear()
        return self.version


class Feed:
    """The open pages by channel, and the loop that tells them of changes."""

    def __init__(self, versions: Versions, *, every_s: float = EVERY_S) -> None:
        self._versions = versions
        self._every_s = every_s
        self._watchers: dict[str, set[Watcher]] = {}
        self._known: dict[str, str | None] = {}
        self._poked = asyncio.Event()

    @property
    def channels(self) -> list[str]:
        return list(self._watchers)

    def pages(self, channel_id: str | None = None) -> int:
        """How many pages are open (in ``channel_id``, or in all)."""
        if channel_id is not None:
            return len(self._watchers.get(channel_id, ()))
        return sum(len(w) for w in self._watchers.values())

    @contextlib.asynccontextmanager
    async def watch(self, channel_id: str, version: str | None) -> AsyncIterator[Watcher]:
        """A page watching ``channel_id``, whose board it last drew at ``version``."""
        watcher = Watcher(channel_id, version)
        self._watchers.setdefault(channel_id, set()).add(watcher)
        known = self._known.get(channel_id, version)
        self._known[channel_id] = known
        watcher.tell(known)
        try:
            yield watcher
        finally:
            watching = self._watchers.get(channel_id)
            if watching is not None:
                watching.discard(watcher)
                if not watching:
                    del self._watchers[channel_id]
                    self._known.pop(channel_id, None)

    def poke(self, channel_ids: Iterable[str] = ()) -> None:
        """A change may have happened (in these channels): read the versions now."""
        if any(c in self._watchers for c in channel_ids) or not channel_ids:
            self._poked.set()

    def tell(self, versions: dict[str, str | None]) -> None:
        """The boards are at ``versions``: every page whose board moved on is told."""
        for channel_id, version in versions.items():
            if channel_id not in self._watchers:
                continue
            self._known[channel_id] = version
            for watcher in self._watchers[channel_id]:
                watcher.tell(version)

    async def look(self) -> None:
        """Read the watched boards' versions once and tell their pages."""
        channels = self.channels
        if channels:
            self.tell(await self._versions(channels))

    async def run(self) -> None:
        """Forever (until cancelled): look every ``every_s``, or at once when poked; a
        failed read is logged and the next one goes on."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), self._every_s)
            self._poked.clear()
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Reading the live boards' versions failed; trying again")


__all__ = ["EVERY_S", "Feed", "Versions", "Watcher"]
