"""bot/work.py: bounded pools shared fairly between channels (issue 26). Deterministic:
jobs block on events the test sets, and nothing is timed."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest

from bot import work
from bot.config import Settings
from bot.work import ChannelBusy, Pool, admitted, in_channel

LONG = 10.0  # a liveness bound: only reached if something is stuck


class Gate:
    """Jobs that wait for the test to let them finish, and say when they started."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._opened: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._all_open = False

    def job(self, name: str) -> str:
        with self._lock:
            self.started.append(name)
            opened = self._opened.setdefault(name, threading.Event())
            if self._all_open:
                opened.set()
        assert opened.wait(LONG), f"{name} was never let go"
        return name

    def open(self, name: str) -> None:
        with self._lock:
            self._opened.setdefault(name, threading.Event()).set()

    def open_all(self) -> None:
        with self._lock:
            self._all_open = True
            for event in self._opened.values():
                event.set()


@pytest.fixture
def gate() -> Iterator[Gate]:
    opened = Gate()
    yield opened
    opened.open_all()


async def until(condition: object, what: str) -> None:
    async def poll() -> None:
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.005)

    await asyncio.wait_for(poll(), LONG)


def submit(pool: Pool, channel: str, gate: Gate, name: str) -> asyncio.Future[str]:
    with in_channel(channel):  # the task copies the channel with the context
        return asyncio.ensure_future(pool.run(gate.job, name))


async def test_a_channel_runs_at_most_its_share_and_another_channel_goes_first(
    gate: Gate,
) -> None:
    pool = Pool("test", workers=3, per_channel=2)
    a = [submit(pool, "A", gate, f"a{i}") for i in range(4)]
    await until(lambda: len(gate.started) == 2, "A's first two")
    await asyncio.sleep(0.05)
    assert sorted(gate.started) == ["a0", "a1"]  # the third worker is not A's to take
    assert pool.busy("A") == (2, 2)
    b = submit(pool, "B", gate, "b0")
    await until(lambda: "b0" in gate.started, "B at once, on the free worker")
    gate.open("b0")
    assert await asyncio.wait_for(b, LONG) == "b0"
    gate.open("a0")
    await until(lambda: "a2" in gate.started, "A's next, in order")
    assert "a3" not in gate.started
    gate.open_all()
    assert await asyncio.wait_for(asyncio.gather(*a), LONG) == ["a0", "a1", "a2", "a3"]
    assert pool.busy() == (0, 0)


async def test_a_free_worker_goes_to_the_channel_with_the_fewest_running(gate: Gate) -> None:
    pool = Pool("test", workers=2, per_channel=2)
    a = [submit(pool, "A", gate, f"a{i}") for i in range(4)]  # A takes both, two wait
    await until(lambda: len(gate.started) == 2, "A's first two")
    b = submit(pool, "B", gate, "b0")  # arrives after A's waiting two
    await asyncio.sleep(0.05)
    assert pool.busy() == (2, 3)
    gate.open("a0")
    await until(lambda: len(gate.started) == 3, "the next")
    assert gate.started[2] == "b0"  # not a2: B has nothing running, A has one
    gate.open_all()
    await asyncio.wait_for(asyncio.gather(b, *a), LONG)


async def test_a_cancelled_waiter_takes_no_worker_and_a_cancelled_job_keeps_its_own(
    gate: Gate,
) -> None:
    pool = Pool("test", workers=1, per_channel=1)
    running = submit(pool, "A", gate, "a0")
    await until(lambda: gate.started == ["a0"], "a0")
    waiting = submit(pool, "B", gate, "b0")
    await asyncio.sleep(0.05)
    waiting.cancel()
    running.cancel()  # the thread can't be stopped: its worker stays busy until it ends
    await asyncio.gather(running, waiting, return_exceptions=True)
    assert pool.busy() == (1, 0)
    later = submit(pool, "C", gate, "c0")
    await asyncio.sleep(0.05)
    assert "c0" not in gate.started
    gate.open("a0")
    await until(lambda: "c0" in gate.started, "c0 once a0 really ended")
    gate.open("c0")
    assert await asyncio.wait_for(later, LONG) == "c0"
    assert "b0" not in gate.started and pool.busy() == (0, 0)


async def test_an_exception_in_a_job_reaches_the_caller_and_frees_the_worker() -> None:
    pool = Pool("test", workers=1, per_channel=1)

    def fails() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        await pool.run(fails)
    assert await pool.run(lambda: 7) == 7


async def test_a_channel_past_its_commands_in_progress_is_told_it_is_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(work.ADMISSION, "limit", 2)
    with admitted("A"), admitted("A"):
        with pytest.raises(ChannelBusy, match=r"busy.*Nothing was changed"), admitted("A"):
            pass  # pragma: no cover - refused before
        with admitted("B"):  # another channel is not concerned
            assert work.CHANNEL.get() == "B"
        assert work.CHANNEL.get() == "A"
    assert work.ADMISSION.in_progress == {}
    with admitted("A"):
        pass


def test_the_pools_sizes_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRIDE_BOARD_WORKERS", "6")
    monkeypatch.setenv("STRIDE_CHANNEL_BOARD_JOBS", "3")
    monkeypatch.delenv("STRIDE_LIGHT_WORKERS", raising=False)
    settings = Settings.from_env()
    assert (settings.board_workers, settings.channel_board_jobs) == (6, 3)
    assert (settings.light_workers, settings.channel_commands) == (2, 32)
    monkeypatch.setenv("STRIDE_LIGHT_WORKERS", "0")
    with pytest.raises(ValueError, match="STRIDE_LIGHT_WORKERS must be a whole number"):
        Settings.from_env()


def test_configure_resizes_the_pools() -> None:
    try:
        work.configure(board_workers=3, per_channel=5, light_workers=1, commands_per_channel=4)
        assert (work.BOARD.workers, work.BOARD.per_channel) == (3, 3)  # a share ≤ the pool
        assert (work.LIGHT.workers, work.ADMISSION.limit) == (1, 4)
    finally:
        work.configure()
    assert (work.BOARD.workers, work.BOARD.per_channel) == (work.BOARD_WORKERS, work.PER_CHANNEL)
