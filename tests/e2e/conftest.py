"""Fixtures for the end-to-end suite: a loopback Discord and the real bot talking to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import FakeDiscord


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def bot_process(
    discord_fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot, not yet started: tests that set the environment first start it themselves."""
    proc = BotProcess(discord_fake, tmp_path)
    try:
        yield proc
    finally:
        await proc.stop()
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            print(f"--- bot log ({proc.log}) ---\n{proc.tail(60)}")


@pytest.fixture
async def bot(bot_process: BotProcess) -> BotProcess:
    """The bot, started and connected."""
    await bot_process.start()
    return bot_process


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
