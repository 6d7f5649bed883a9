"""Where the pure work runs: bounded pools of worker threads, shared fairly between
channels, so no channel can starve the others.

Two pools (issue 26):

- ``BOARD``: the work on a board (path searches, the picture, speed bands, threats,
  flanks, templates, suggestions, a change's pure function). Each channel may have at
  most ``per_channel`` jobs running in it; a channel past that waits its turn, in
  order, while the other channels' work goes on. When a worker comes free, the channel
  with the fewest jobs running goes next (the oldest first between equals), so a quiet
  channel never waits behind a busy one's queue.
- ``LIGHT``: the calculators' sketches (/fall, /jump) and other small work, on workers
  of its own (one at a time per channel): they never queue behind board work.

Which channel a job is for is the ``CHANNEL`` context variable, set once per command
(``in_channel``: ``bot.handlers.run`` and the Discord shell's dispatch); work started
outside any command runs in the unnamed lane "". ``admitted`` caps the commands in
progress in one channel: past it the command is refused at once ("this channel is
busy"), before it has read or changed anything.

Only the standard library: the console and the handlers import it without the shell.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from bot.errors import RulingError

T = TypeVar("T")

CHANNEL: contextvars.ContextVar[str] = contextvars.ContextVar("stride_channel", default="")

# Defaults for a 2-core host (Settings and .env.example say how to change them). The
# work is pure Python under one interpreter lock: more threads buy fairness between
# channels, not speed, and each busy one slows the event loop's every step. Measured:
# two hostile channels flooding 4 workers (2 a channel) kept a third channel's /move
# past 3 s; 3 workers, 1 a channel, answered it in 0.6 s.
BOARD_WORKERS = 3
LIGHT_WORKERS = 2
PER_CHANNEL = 1  # board jobs running at once in one channel
COMMANDS_PER_CHANNEL = 32  # commands in progress in one channel, past which it is busy


class ChannelBusy(RulingError):
    """The channel has as many commands in progress as it may: nothing was read or
    changed, and trying again in a moment works."""


@dataclass
class _Waiter:
    ticket: int
    channel: str
    loop: asyncio.AbstractEventLoop
    turn: asyncio.Future[None]
    granted: bool = False


@dataclass
class Pool:
    """``workers`` threads, at most ``per_channel`` of them on one channel's work."""

    name: str
    workers: int
    per_channel: int
    _executor: ThreadPoolExecutor | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _running: dict[str, int] = field(default_factory=dict, repr=False)
    _waiting: dict[str, deque[_Waiter]] = field(default_factory=dict, repr=False)
    _started: int = 0  # jobs running, in all channels
    _tickets: Iterator[int] = field(default_factory=itertools.count, repr=False)

    def __post_init__(self) -> None:
        if self.workers < 1 or self.per_channel < 1:
            raise ValueError(f"the {self.name} pool needs at least one worker per channel")

    # ------------------------------------------------------------------ running

    async def run(self, fn: Callable[..., T], /, *args: object, **kwargs: object) -> T:
        """``fn(*args, **kwargs)`` on one of the pool's threads, when the current channel's turn
        comes; its result (or its exception). Cancelling the caller leaves a job that
        already runs to finish: its worker is counted busy until it has."""
        channel = CHANNEL.get()
        await self._turn(channel)
        context = contextvars.copy_context()
        try:
            job: Future[T] = self._pool().submit(context.run, partial(fn, *args, **kwargs))
        except BaseException:
            self._release(channel)
            raise
        job.add_done_callback(lambda _: self._release(channel))
        return await asyncio.wrap_future(job)

    def configure(self, workers: int, per_channel: int) -> None:
        """New sizes (at start-up, from the settings): jobs already running finish on
        the old threads."""
        if workers < 1 or per_channel < 1:
            raise ValueError(f"the {self.name} pool needs at least one worker per channel")
        with self._lock:
            old, self._executor = self._executor, None
            self.workers, self.per_channel = workers, per_channel
        if old is not None:
            old.shutdown(wait=False)
        self._grant_turns()

    def busy(self, channel: str | None = None) -> tuple[int, int]:
        """Jobs running and waiting (in ``channel``, or in all)."""
        with self._lock:
            if channel is not None:
                return self._running.get(channel, 0), len(self._waiting.get(channel, ()))
            return self._started, sum(len(q) for q in self._waiting.values())

    # ------------------------------------------------------------------ turns

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    self.workers, thread_name_prefix=f"stride-{self.name}"
                )
            return self._executor

    def _may_start(self, channel: str) -> bool:
        return self._started < self.workers and self._running.get(channel, 0) < self.per_channel

    def _start(self, channel: str) -> None:
        self._running[channel] = self._running.get(channel, 0) + 1
        self._started += 1

    async def _turn(self, channel: str) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            # Turns are handed out whenever a worker is free, so a waiter that could
            # start would have started: nobody eligible is ahead of this job.
            if self._may_start(channel):
                self._start(channel)
                return
            waiter = _Waiter(next(self._tickets), channel, loop, loop.create_future())
            self._waiting.setdefault(channel, deque()).append(waiter)
        try:
            await waiter.turn
        except asyncio.CancelledError:
            with self._lock:
                owns = waiter.granted and waiter.turn.done() and not waiter.turn.cancelled()
                if not waiter.granted:
                    self._waiting[channel].remove(waiter)
                    if not self._waiting[channel]:
                        del self._waiting[channel]
            if owns:
                self._release(channel)
            # granted but not yet told: the telling sees the cancel and gives it back
            raise

    def _release(self, channel: str) -> None:
        with self._lock:
            left = self._running.get(channel, 0) - 1
            if left > 0:
                self._running[channel] = left
            else:
                self._running.pop(channel, None)
            self._started = max(0, self._started - 1)
        self._grant_turns()

    def _grant_turns(self) -> None:
        """Give free workers to waiting channels: the one with the fewest jobs running
        first, the longest waiting between equals."""
        granted: list[_Waiter] = []
        with self._lock:
            while self._started < self.workers:
                eligible = [
                    (self._running.get(c, 0), q[0].ticket, c)
                    for c, q in self._waiting.items()
                    if self._running.get(c, 0) < self.per_channel
                ]
                if not eligible:
                    break
                _, _, channel = min(eligible)
                waiter = self._waiting[channel].popleft()
                if not self._waiting[channel]:
                    del self._waiting[channel]
                waiter.granted = True
                self._start(channel)
                granted.append(waiter)
        for waiter in granted:
            try:
                waiter.loop.call_soon_threadsafe(self._tell, waiter)
            except RuntimeError:  # its event loop is gone: nobody will take the turn
                self._release(waiter.channel)

    def _tell(self, waiter: _Waiter) -> None:
        if waiter.turn.cancelled():
            self._release(waiter.channel)
        else:
            waiter.turn.set_result(None)


BOARD = Pool("board", BOARD_WORKERS, PER_CHANNEL)
LIGHT = Pool("light", LIGHT_WORKERS, 1)


async def board(fn: Callable[..., T], /, *args: object, **kwargs: object) -> T:
    """Board work (a path search, a picture, threats, flanks...) in the current
    channel's turn on the board pool."""
    return await BOARD.run(fn, *args, **kwargs)


async def light(fn: Callable[..., T], /, *args: object, **kwargs: object) -> T:
    """Small work (a calculator's sketch) on the light pool, never behind board work."""
    return await LIGHT.run(fn, *args, **kwargs)


# ------------------------------------------------------------------ commands


@dataclass
class _Admission:
    limit: int = COMMANDS_PER_CHANNEL
    in_progress: dict[str, int] = field(default_factory=dict)


ADMISSION = _Admission()


@contextmanager
def in_channel(channel_id: str) -> Iterator[None]:
    """Run the block's work in ``channel_id``'s lane."""
    token = CHANNEL.set(channel_id)
    try:
        yield
    finally:
        CHANNEL.reset(token)


@contextmanager
def admitted(channel_id: str) -> Iterator[None]:
    """One command in ``channel_id``, in its lane: refused with ``ChannelBusy`` when the
    channel has ``ADMISSION.limit`` commands in progress already (a flood waits in no
    queue: it is told at once, before anything was read or changed)."""
    running = ADMISSION.in_progress.get(channel_id, 0)
    if running >= ADMISSION.limit:
        raise ChannelBusy(
            f"This channel is busy: {running} commands are still being worked out here. "
            "Nothing was changed; try again in a moment."
        )
    ADMISSION.in_progress[channel_id] = running + 1
    try:
        with in_channel(channel_id):
            yield
    finally:
        left = ADMISSION.in_progress[channel_id] - 1
        if left:
            ADMISSION.in_progress[channel_id] = left
        else:
            del ADMISSION.in_progress[channel_id]


def configure(
    *,
    board_workers: int = BOARD_WORKERS,
    per_channel: int = PER_CHANNEL,
    light_workers: int = LIGHT_WORKERS,
    commands_per_channel: int = COMMANDS_PER_CHANNEL,
) -> None:
    """The pools' sizes, from the settings (``Settings.work``), at start-up."""
    BOARD.configure(board_workers, min(per_channel, board_workers))
    LIGHT.configure(light_workers, 1)
    ADMISSION.limit = max(1, commands_per_channel)
