"""Fixtures for the encounter-command tests."""

from __future__ import annotations

import pytest

from bot.context import Context
from tests.handlers.encounter_helpers import run


@pytest.fixture
async def board(gm: Context) -> Context:
    """The GM's context, with a 10×10 encounter running under 5e-alt (the default)."""
    await run(gm, "/encounter start width:10 height:10")
    return gm
