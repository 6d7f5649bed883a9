"""Fixtures for the Discord shell: fake interactions on a temp-dir store, bot settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


@pytest.fixture
def interaction(store: Store) -> FakeInteraction:
    return FakeInteraction(store)


@pytest.fixture
def gm_interaction(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        discord_token=None, dev_guild_id=None, db_path=str(tmp_path / "bot.db"), log_level="INFO"
    )
