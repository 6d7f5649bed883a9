"""Issue 26: the server-wide settings (/settings gm_role, /ruleset set scope:server)
ask for Manage Channels or Manage Server across the server (the member's roles'), not
as resolved in the channel the command is typed in, through the interaction path."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord.channel import context_for
from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

SERVER = "1"  # FakeInteraction's guild


def refusal(interaction: FakeInteraction) -> str:
    (sent,) = interaction.sent
    assert sent.ephemeral
    return sent.embed.description or ""


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("settings", {"gm_role": "555"}),
        ("ruleset set", {"system": "3.5", "scope": "server"}),
    ],
)
async def test_manage_channels_granted_in_one_channel_is_not_the_servers(
    store: Store, command: str, options: dict[str, Any]
) -> None:
    channel_only = FakeInteraction(store, manage_channels=True, guild_manage_channels=False)
    await dispatch(channel_only, command, options)  # type: ignore[arg-type]
    assert "across the server" in refusal(channel_only)
    settings = await store.guild_settings(SERVER)
    assert (settings.gm_role_id, settings.ruleset) == (None, None)


async def test_a_channel_override_still_makes_a_gm_of_the_channel(store: Store) -> None:
    channel_only = FakeInteraction(store, manage_channels=True, guild_manage_channels=False)
    await dispatch(channel_only, "ruleset set", {"system": "3.5"})  # type: ignore[arg-type]
    assert not channel_only.sent[0].ephemeral
    assert await store.channel_ruleset(str(channel_only.channel_id)) == "3.5"


@pytest.mark.parametrize(
    "server_wide",
    [
        discord.Permissions(manage_channels=True),
        discord.Permissions(manage_guild=True),
        discord.Permissions(administrator=True),
    ],
)
async def test_the_servers_permission_sets_the_servers_settings_from_any_channel(
    store: Store, server_wide: discord.Permissions
) -> None:
    """Manage Channels or Manage Server from one's roles (an administrator has both),
    even where a channel's override takes Manage Channels away."""
    manager = FakeInteraction(store, manage_channels=False)
    manager.user.guild_permissions = server_wide
    await dispatch(manager, "settings", {"gm_role": "555"})  # type: ignore[arg-type]
    manager = FakeInteraction(store, manage_channels=False)
    manager.user.guild_permissions = server_wide
    await dispatch(manager, "ruleset set", {"system": "becmi", "scope": "server"})  # type: ignore[arg-type]
    settings = await store.guild_settings(SERVER)
    assert (settings.gm_role_id, settings.ruleset) == ("555", "becmi")


async def test_outside_a_server_nobody_manages_one(store: Store) -> None:
    direct = FakeInteraction(store, manage_channels=True, guild_id=None)
    assert context_for(direct, store).manages_server is False  # type: ignore[arg-type]
    assert context_for(FakeInteraction(store, manage_channels=True), store).manages_server  # type: ignore[arg-type]
