"""What the user and Stride may do in an interaction's channel.

The user: whether they are the GM here (:func:`is_gm`), whether they manage the
server (:func:`manages_server`), and how they stand in a channel an option names
(:func:`named_channel`). Stride: what it lacks for embeds, pictures and the
board message (:func:`missing_for_board`), named as Discord's settings name them.
Reads of the interaction only; telling the GM is ``bot.discord.notices``.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.named_channel import NamedChannel


def is_gm(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user counts as the GM in this channel.

    Today that is Manage Channels here. Encounters will add "or started the
    encounter running in this channel": that is a store lookup, so it belongs
    in an async variant of this check called from ``bot.discord.dispatch``, not in
    each handler.
    """
    return bool(interaction.permissions.manage_channels)


def manages_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member has Manage Channels or Manage Server across the server: their
    roles' permissions (an administrator's and the owner's: all), not the channel's
    overrides. Someone granted Manage Channels in one channel is a GM there, and sets
    nothing for the whole server. Outside a server (a DM): False."""
    if getattr(interaction, "guild_id", None) is None:
        return False
    permissions = getattr(interaction.user, "guild_permissions", None)
    return permissions is not None and bool(
        permissions.administrator or permissions.manage_channels or permissions.manage_guild
    )


def named_channel(
    value: app_commands.AppCommandChannel | app_commands.AppCommandThread,
) -> NamedChannel:
    """A channel option's value as handlers read it: Discord resolves the asker's
    permissions there (Manage Channels, View Channel: without it Discord grants nothing
    else) and its server (None in a DM). Whether that lets them read it is the
    handlers' to decide (``handlers/elsewhere.py``), so that what they may not read
    there is answered as what isn't there."""
    return NamedChannel(
        str(value.id),
        None if value.guild_id is None else str(value.guild_id),
        visible=bool(value.permissions.view_channel),
        manages=bool(value.permissions.manage_channels),
    )


def can_embed(interaction: discord.Interaction[Any]) -> bool:
    """Whether Stride may show embeds here (Embed Links). Unknown counts as yes."""
    permissions = getattr(interaction, "app_permissions", None)
    return permissions is None or bool(permissions.embed_links)


def can_attach(interaction: discord.Interaction[Any]) -> bool:
    permissions = getattr(interaction, "app_permissions", None)
    return permissions is None or bool(permissions.attach_files)


PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


def app_permissions(interaction: discord.Interaction[Any]) -> discord.Permissions | None:
    """Stride's own permissions in the channel (None: Discord didn't say)."""
    return cast(discord.Permissions | None, getattr(interaction, "app_permissions", None))


def missing_for_board(interaction: discord.Interaction[Any]) -> list[str]:
    """What Stride lacks here for the full board: the names Discord's settings show."""
    permissions = app_permissions(interaction)
    if permissions is None:
        return []
    in_thread = isinstance(getattr(interaction, "channel", None), discord.Thread)
    send = "send_messages_in_threads" if in_thread else "send_messages"
    wanted = ("view_channel", send, "embed_links", "attach_files")
    return [PERMISSION_NAMES[p] for p in wanted if not getattr(permissions, p)]


def permissions_key(interaction: discord.Interaction[Any]) -> str:
    """Stride's permissions here as one value: a notice given or a board blocked holds
    while it stays the same."""
    permissions = app_permissions(interaction)
    return str(permissions.value) if permissions is not None else "?"
