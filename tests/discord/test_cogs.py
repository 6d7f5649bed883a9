"""The slash commands Discord sees are the command specs the console uses.

A drift here means Discord offers an option the handler refuses (or hides
one it accepts), so every name, type, range, choice and description is
compared with ``bot.handlers.COMMANDS``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType, app_commands

from bot.commands import MAX_TEXT, Command
from bot.config import Settings
from bot.discord.app import StrideBot, extension_names
from bot.handlers import COMMANDS
from tests.discord.fakes import FakeInteraction

KIND = {
    "integer": AppCommandOptionType.integer,
    "number": AppCommandOptionType.number,
    "boolean": AppCommandOptionType.boolean,
    "string": AppCommandOptionType.string,
    "user": AppCommandOptionType.user,
    "role": AppCommandOptionType.role,
    "channel": AppCommandOptionType.channel,
    "attachment": AppCommandOptionType.attachment,
}
DISCORD_DESCRIPTION_MAX = 100
DISCORD_CHOICES_MAX = 25


@pytest.fixture
async def bot(settings: Settings) -> AsyncIterator[StrideBot]:
    stride = StrideBot(settings)
    for name in extension_names():
        await stride.load_extension(name)
    yield stride
    await stride.close()


def slash_commands(bot: StrideBot) -> dict[str, app_commands.Command[Any, ..., Any]]:
    return {
        c.qualified_name: c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)
    }


def test_every_cog_module_is_found() -> None:
    assert extension_names() == [
        "cogs.board",
        "cogs.distance",
        "cogs.door",
        "cogs.encounter",
        "cogs.fall",
        "cogs.flank",
        "cogs.help",
        "cogs.history",
        "cogs.jump",
        "cogs.map",
        "cogs.move",
        "cogs.ruleset",
        "cogs.settings",
        "cogs.template",
        "cogs.terrain",
        "cogs.token",
        "cogs.travel",
        "cogs.turn",
    ]


async def test_every_spec_has_exactly_one_slash_command(bot: StrideBot) -> None:
    assert sorted(slash_commands(bot)) == sorted(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
async def test_every_slash_command_is_built_from_its_spec(bot: StrideBot, name: str) -> None:
    """Issue 27: no cog declares an option by hand; each command comes from
    ``bot.discord.options.slash_command``, so an option is written once, in its spec."""
    assert slash_commands(bot)[name].callback.__module__ == "bot.discord.options"


@pytest.mark.parametrize("name", sorted(COMMANDS))
async def test_options_match_the_spec(bot: StrideBot, name: str) -> None:
    command = slash_commands(bot)[name]
    spec: Command = COMMANDS[name]
    declared = [
        (
            p.display_name,
            p.type,
            p.required,
            p.min_value,
            p.max_value,
            [c.value for c in p.choices],
            p.description,
        )
        for p in command.parameters
    ]
    long_text = [o.kind == "string" and o.max_length != MAX_TEXT for o in spec.options]
    expected = [
        (
            o.name,
            KIND[o.discord_kind],
            o.required,
            # a text's length range, for a long text; none for a number typed as text
            1 if long else None if o.typed_as_text else o.min_value,
            o.max_length if long else None if o.typed_as_text else o.max_value,
            list(o.choices),
            o.description,
        )
        for o, long in zip(spec.options, long_text, strict=True)
    ]
    assert declared == expected
    assert command.description == spec.description


@pytest.mark.parametrize("name", sorted(COMMANDS))
async def test_descriptions_and_choices_fit_discord(bot: StrideBot, name: str) -> None:
    command = slash_commands(bot)[name]
    assert 1 <= len(command.description) <= DISCORD_DESCRIPTION_MAX
    for p in command.parameters:
        # discord.py's placeholder when a parameter has no description
        assert p.description not in ("", "…"), p.display_name
        assert len(p.description) <= DISCORD_DESCRIPTION_MAX, p.display_name
        assert len(p.choices) <= DISCORD_CHOICES_MAX, p.display_name
    for group in bot.tree.get_commands():
        assert 1 <= len(group.description) <= DISCORD_DESCRIPTION_MAX


@pytest.mark.parametrize("name", sorted(COMMANDS))
async def test_body_forwards_every_option_under_its_spec_name(
    bot: StrideBot,
    name: str,
    interaction: FakeInteraction,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    command = slash_commands(bot)[name]
    calls: list[tuple[str, Mapping[str, object]]] = []

    async def record(_: object, command_name: str, raw: Mapping[str, object]) -> None:
        calls.append((command_name, dict(raw)))

    # The cog module calls the dispatch it imported; swap that name only.
    monkeypatch.setitem(command.callback.__globals__, "dispatch", record)
    values = {p.name: f"value-of-{p.display_name}" for p in command.parameters}
    await command.callback(command.binding, interaction, **values)  # type: ignore[arg-type]

    expected = {o.name: f"value-of-{o.name}" for o in COMMANDS[name].options}
    assert calls == [(name, expected)]


async def test_a_user_option_reaches_the_handlers_as_the_users_id(
    bot: StrideBot, gm_interaction: FakeInteraction
) -> None:
    """``owner`` is a Discord user on Discord and an id (or mention) in the console."""
    commands = slash_commands(bot)
    start, add = commands["encounter start"], commands["token add"]
    await start.callback(start.binding, gm_interaction)  # type: ignore[arg-type]
    data = {"id": "1234", "username": "ari", "discriminator": "0", "avatar": None}
    owner = discord.User(state=None, data=data)  # type: ignore[arg-type]
    await add.callback(add.binding, gm_interaction, name="Ari", owner=owner)  # type: ignore[arg-type]
    assert gm_interaction.sent[-1].embed.title == "Ari added at A1"
    stored = await gm_interaction.store.active_encounter(str(gm_interaction.channel_id))
    assert stored is not None
    assert stored.encounter.token("Ari").owner == "1234"
