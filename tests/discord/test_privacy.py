"""A server's data after the bot leaves it (issue 17 "Data the users control"): leaving
starts the grace period, coming back ends it, and the next start deletes what is past."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot.config import Settings
from bot.discord.app import StrideBot
from bot.encounter import Encounter
from bot.storage import Store
from tests.discord.test_app import FakeSync


def test_the_grace_period_reads_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STRIDE_GUILD_GRACE_DAYS", raising=False)
    assert Settings.from_env().guild_grace_days == 30
    monkeypatch.setenv("STRIDE_GUILD_GRACE_DAYS", "7")
    assert Settings.from_env().guild_grace_days == 7


async def test_leaving_and_rejoining_a_server(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(settings.db_path)
    board = Encounter(5, 5, "3.5", gm_id="1001")
    await store.start_encounter("c1", board, user_id="gm", summary="s", guild_id="77")
    await store.close()
    bot = StrideBot(replace(settings, guild_grace_days=1))
    monkeypatch.setattr(bot.tree, "sync", FakeSync())
    try:
        await bot.setup_hook()
        guild = SimpleNamespace(id=77)
        await bot.on_guild_remove(guild)  # type: ignore[arg-type]
        assert await bot.store.purge_left_guilds(1) == 0  # a day's grace
        await bot.on_guild_join(guild)  # type: ignore[arg-type]
        await bot.on_guild_remove(guild)  # type: ignore[arg-type]
        assert await bot.store.purge_left_guilds(-1) == 1
        assert await bot.store.active_encounter("c1") is None
    finally:
        await bot.close()
