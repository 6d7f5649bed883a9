"""Shared fixtures: a fresh database in a temp dir, and a GM context on it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.context import Context
from bot.storage import Store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "stride.db")
    yield opened
    await opened.close()


@pytest.fixture
def gm(store: Store) -> Context:
    return Context(store, "table-1", "dm", is_gm=True, rng=random.Random(1))


@pytest.fixture
def player(store: Store) -> Context:
    return Context(store, "table-1", "ari", is_gm=False, rng=random.Random(1))
