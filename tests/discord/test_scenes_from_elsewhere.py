"""/encounter load from:#channel on Discord (issue 29): the channel option arrives as
Discord resolves it, with the asker's permissions there; one they can't see is not
theirs to load from: answered as a channel with no such scene (issue 38), and nothing
changes. tests/discord/test_cross_channel_matrix.py runs every case."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def channel(channel_id: int, *, visible: bool) -> app_commands.AppCommandChannel:
    seen = discord.Permissions(view_channel=visible, send_messages=visible)
    data = {"id": str(channel_id), "type": 0, "name": "prep", "permissions": str(seen.value)}
    return app_commands.AppCommandChannel(state=None, data=data, guild_id=1)  # type: ignore[arg-type]


async def test_a_gm_loads_a_scene_from_a_channel_they_can_see_and_not_one_they_cannot(
    store: Store,
) -> None:
    prep = FakeInteraction(store, manage_channels=True, channel_number=1111)
    await dispatch(prep, "encounter start", {"width": 7, "height": 7})
    await dispatch(prep, "encounter save", {"name": "Crypt"})
    table = FakeInteraction(store, manage_channels=True, channel_number=2222)
    await dispatch(table, "encounter load", {"name": "Crypt", "from": channel(1111, visible=False)})
    refusal = str(table.sent[-1].embed.description)
    assert table.sent[-1].ephemeral and refusal.startswith('No scene named "Crypt" in ')
    assert "1111>. None are saved" in refusal
    assert await store.active_encounter("2222") is None
    await dispatch(table, "encounter load", {"name": "Crypt", "from": channel(1111, visible=True)})
    assert table.sent[-1].embed.title == "Scene loaded: Crypt"
    assert await store.active_encounter("2222") is not None
