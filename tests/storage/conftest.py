"""The storage suite runs against both backends: ``store`` and ``db_url`` are
parametrized over a SQLite file and a database on a real PostgreSQL server (one per
test session; see tests/postgres_server.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.handlers.upkeep import open_store
from bot.storage import Store
from tests.postgres_server import PostgresServer

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind: a SQLite path, or a postgresql:// URL."""
    if request.param == "sqlite":
        return str(tmp_path / "stride.db")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.create_database()


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    opened = await open_store(db_url)  # its boards checked against their rulesets
    yield opened
    await opened.close()
