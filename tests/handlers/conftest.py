"""Fixtures for the encounter-command tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.context import Context
from tests.handlers.encounter_helpers import run
from tests.handlers.hidden_twins import Twins, open_twins


@pytest.fixture
async def board(gm: Context) -> Context:
    """The GM's context, with a 10×10 encounter running under 5e-alt (the default)."""
    await run(gm, "/encounter start width:10 height:10")
    return gm


@pytest.fixture
async def twins(tmp_path: Path) -> AsyncIterator[Twins]:
    """Issue 26's twin boards: one hiding a token, an orc and a secret door, one not."""
    both = await open_twins(tmp_path)
    yield both
    await both.hidden.close()
    await both.plain.close()
