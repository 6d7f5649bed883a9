"""The bot's lifecycle without a network: syncing only on change, the last-resort error
handler, and what a person sees when the token is missing or wrong."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.__main__ import main
from bot.commands import Command
from bot.config import Settings
from bot.discord.app import (
    BAD_OPTION,
    StrideBot,
    command_definitions_hash,
    extension_names,
    run_bot,
)
from bot.discord.embeds import ERROR_COLOUR, GENERIC_ERROR
from bot.errors import InvalidInput
from bot.handlers import COMMANDS
from bot.handlers import fall as fall_handler
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

GUILD_ID = 1234


class FakeSync:
    """Stands in for ``CommandTree.sync``: records each call, or fails like Discord."""

    def __init__(self, error: Exception | None = None) -> None:
        self.guilds: list[int | None] = []
        self.error = error

    async def __call__(self, *, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        if self.error is not None:
            raise self.error
        self.guilds.append(None if guild is None else guild.id)
        return []


def http_error(cls: type[discord.HTTPException], status: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="nope")
    return cls(response, {"code": 50001, "message": "Missing Access"})  # type: ignore[arg-type]


async def start(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, sync: FakeSync, *, force: bool = False
) -> None:
    """One bot start up to the point where it would connect, then a clean close."""
    bot = StrideBot(settings, force_sync=force)
    monkeypatch.setattr(bot.tree, "sync", sync)
    try:
        await bot.setup_hook()
    finally:
        await bot.close()


async def meta(settings: Settings, key: str) -> str | None:
    store = await Store.open(settings.db_path)
    try:
        return await store.get_meta(key)
    finally:
        await store.close()


async def built_hash(settings: Settings) -> str:
    bot = StrideBot(settings)
    try:
        for name in extension_names():
            await bot.load_extension(name)
        return command_definitions_hash(bot.tree)
    finally:
        await bot.close()


def changed_fall(monkeypatch: pytest.MonkeyPatch, changed: Command) -> None:
    """/fall's spec changed, where the table and the cog (which imports it from its
    handler module, on each load) read it."""
    monkeypatch.setitem(COMMANDS, "fall", changed)
    monkeypatch.setattr(fall_handler, "FALL", changed)


# ------------------------------------------------------------------ hashing


async def test_the_hash_is_stable_across_builds(settings: Settings) -> None:
    first = await built_hash(settings)
    assert first == await built_hash(settings)
    assert len(first) == 64


async def test_the_hash_changes_when_an_option_description_changes(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = await built_hash(settings)
    fall = COMMANDS["fall"]
    reworded = tuple(
        replace(o, description="Feet fallen") if o.name == "height" else o for o in fall.options
    )
    changed_fall(monkeypatch, replace(fall, options=reworded))
    assert await built_hash(settings) != before


# ------------------------------------------------------------------ syncing


async def test_sync_happens_on_first_start_then_only_when_changed_or_forced(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = FakeSync()
    await start(settings, monkeypatch, first)
    assert first.guilds == [None]
    assert await meta(settings, "command_hash:global") == await built_hash(settings)

    again = FakeSync()
    await start(settings, monkeypatch, again)
    assert again.guilds == []

    forced = FakeSync()
    await start(settings, monkeypatch, forced, force=True)
    assert forced.guilds == [None]


async def test_a_changed_command_is_synced_on_the_next_start(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start(settings, monkeypatch, FakeSync())
    fall = COMMANDS["fall"]
    changed_fall(monkeypatch, replace(fall, description="Falling, reworded"))
    changed = FakeSync()
    await start(settings, monkeypatch, changed)
    assert changed.guilds == [None]


async def test_a_dev_guild_gets_its_own_sync_and_hash_key(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    dev = replace(settings, dev_guild_id=GUILD_ID)
    sync = FakeSync()
    await start(dev, monkeypatch, sync)
    assert sync.guilds == [GUILD_ID]
    assert await meta(dev, f"command_hash:guild:{GUILD_ID}") is not None
    assert await meta(dev, "command_hash:global") is None

    again = FakeSync()
    await start(dev, monkeypatch, again)
    assert again.guilds == []


async def test_a_refused_sync_keeps_the_bot_up_and_retries_next_start(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="bot.discord.app"):
        await start(settings, monkeypatch, FakeSync(http_error(discord.Forbidden, 403)))
    assert "applications.commands" in caplog.text
    assert await meta(settings, "command_hash:global") is None

    retry = FakeSync()
    await start(settings, monkeypatch, retry)
    assert retry.guilds == [None]


# --------------------------------------------------------- tree error handler


@pytest.fixture
async def bot(settings: Settings) -> Any:
    stride = StrideBot(settings)
    for name in extension_names():
        await stride.load_extension(name)
    yield stride
    await stride.close()


class Upper(app_commands.Transformer):
    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> Any:
        return str(value).upper()


async def test_tree_errors_become_ephemeral_replies(bot: StrideBot, store: Store) -> None:
    fall = bot.tree.get_command("fall")
    assert isinstance(fall, app_commands.Command)
    cases: list[tuple[app_commands.AppCommandError, str]] = [
        (
            app_commands.CommandInvokeError(fall, InvalidInput("height: too far.")),
            "height: too far.",
        ),
        (
            app_commands.TransformerError("x", discord.AppCommandOptionType.integer, Upper()),
            BAD_OPTION,
        ),
        (app_commands.CheckFailure("internal detail"), GENERIC_ERROR),
    ]
    for error, message in cases:
        interaction = FakeInteraction(store)
        await bot.tree.on_error(interaction, error)  # type: ignore[arg-type]
        [sent] = interaction.sent
        assert sent.ephemeral and sent.embed.colour == ERROR_COLOUR
        assert sent.embed.description == message
        assert sent.kwargs["allowed_mentions"].to_dict() == {"parse": []}


# ------------------------------------------------------------------ run_bot


def test_a_rejected_token_is_one_line_and_exit_code_2(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def refuse(self: StrideBot, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(StrideBot, "start", refuse)
    code = run_bot(replace(settings, discord_token="not-a-token"))
    err = capsys.readouterr().err
    assert code == 2
    assert err == "DISCORD_TOKEN was rejected by Discord: Improper token has been passed.\n"


def test_a_clean_shutdown_returns_0(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def stop_at_once(self: StrideBot, token: str, *, reconnect: bool = True) -> None:
        return None

    monkeypatch.setattr(StrideBot, "start", stop_at_once)
    assert run_bot(replace(settings, discord_token="token")) == 0
    assert capsys.readouterr().err == ""


def test_main_without_a_token_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here to read a token from
    code = main([])
    err = capsys.readouterr().err
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("DISCORD_TOKEN is not set")
    assert "Traceback" not in err
