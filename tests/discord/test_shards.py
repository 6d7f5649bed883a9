"""Sharding: STRIDE_SHARD_COUNT / STRIDE_SHARD_IDS make an AutoShardedBot that runs the
shards given, bad values are refused clearly, and of a cluster's processes only the
one running shard 0 syncs the slash commands."""

from __future__ import annotations

from dataclasses import replace

import pytest
from discord.ext import commands

from bot.__main__ import main
from bot.config import Settings
from bot.discord.app import ShardedStrideBot, StrideBot, make_bot
from tests.discord.test_app import FakeSync


def from_env(monkeypatch: pytest.MonkeyPatch, count: str, ids: str = "") -> Settings:
    monkeypatch.setenv("STRIDE_SHARD_COUNT", count)
    monkeypatch.setenv("STRIDE_SHARD_IDS", ids)
    return Settings.from_env()


def test_unset_runs_one_unsharded_bot(monkeypatch: pytest.MonkeyPatch, settings: Settings):
    read = from_env(monkeypatch, "")
    assert (read.sharded, read.shard_count, read.shard_ids) == (False, None, None)
    bot = make_bot(replace(settings, sharded=False))
    assert type(bot) is StrideBot


def test_a_count_and_ids_make_an_auto_sharded_bot_of_those_shards(
    monkeypatch: pytest.MonkeyPatch,
):
    read = from_env(monkeypatch, "4", "3, 1")
    assert (read.sharded, read.shard_count, read.shard_ids) == (True, 4, (1, 3))
    bot = make_bot(read)
    assert isinstance(bot, ShardedStrideBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert not read.syncs_commands
    assert from_env(monkeypatch, "4", "0,2").syncs_commands


def test_auto_lets_discord_choose_the_count(monkeypatch: pytest.MonkeyPatch):
    read = from_env(monkeypatch, "auto")
    bot = make_bot(read)
    assert isinstance(bot, ShardedStrideBot)
    assert (bot.shard_count, bot.shard_ids) == (None, None)
    assert read.syncs_commands


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("", "0", "STRIDE_SHARD_IDS needs STRIDE_SHARD_COUNT"),
        ("auto", "0", "needs a number in STRIDE_SHARD_COUNT"),
        ("two", "", "write a number of shards or auto"),
        ("0", "", "write a number of shards or auto"),
        ("2", "1,x", "write shard numbers, e.g. 0,1"),
        ("2", "0,2", "shards are numbered 0 to 1"),
    ],
)
def test_bad_shard_settings_are_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    count: str,
    ids: str,
    message: str,
):
    with pytest.raises(ValueError, match=message):
        from_env(monkeypatch, count, ids)
    assert main(["ask", "/fall height:10"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(("ids", "synced"), [((0, 1), [None]), ((2, 3), [])])
async def test_only_the_process_running_shard_0_syncs(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, ids: tuple[int, ...], synced: list[None]
):
    sharded = replace(settings, sharded=True, shard_count=4, shard_ids=ids)
    bot = make_bot(sharded)
    sync = FakeSync()
    monkeypatch.setattr(bot.tree, "sync", sync)
    try:
        await bot._async_setup_hook()  # what login does first
        await bot.setup_hook()
    finally:
        await bot.close()
    assert sync.guilds == synced
