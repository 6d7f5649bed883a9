"""Shared fixtures: a fresh database in a temp dir, a GM context on it, and a real
PostgreSQL server for the session (tests/postgres_server.py)."""

from __future__ import annotations

import random
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.context import Context
from bot.handlers.upkeep import open_store
from bot.storage import Store
from bot.user_ids import name_id
from tests.postgres_server import REQUIRE_ENV, PostgresServer, required


@pytest.fixture(autouse=True)
def answered_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Discord reply is sent whole however loaded the machine: work slower than
    ``DEFER_AFTER_S`` is deferred first, which would turn a busy CI host's answer into
    another shape (tests/discord/test_board_message.py sets it low to test that path)."""
    import bot.discord.dispatch as dispatching

    monkeypatch.setattr(dispatching, "DEFER_AFTER_S", 60.0)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    # opened as the bot opens it: its boards checked against their rulesets
    opened = await open_store(tmp_path / "stride.db")
    yield opened
    await opened.close()


@pytest.fixture
def gm(store: Store) -> Context:
    return Context(store, "table-1", name_id("dm"), is_gm=True, rng=random.Random(1))


@pytest.fixture
def player(store: Store) -> Context:
    return Context(store, "table-1", name_id("ari"), is_gm=False, rng=random.Random(1))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the test session; skips (fails under
    STRIDE_REQUIRE_POSTGRES=1, as in CI) when none can start."""
    try:
        server = PostgresServer.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        message = f"PostgreSQL could not start: {exc}"
        if required():
            pytest.fail(f"{message} ({REQUIRE_ENV} is set: these tests must run)")
        pytest.skip(message)
    yield server
    server.stop()
