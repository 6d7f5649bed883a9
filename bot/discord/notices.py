"""Telling the channel's GM, once, what Stride lacks here.

When a permission is missing, replies and the board get plainer rather than fail;
the GM hears why privately, once per topic while Stride's permissions stay the same
(a player's command doesn't use the notice up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.discord.permissions import PERMISSION_NAMES, app_permissions, is_gm, permissions_key
from bot.discord.sending import send_answer
from bot.handlers.notices import mark_told, runs_the_encounter, told_under
from bot.reply import Reply

if TYPE_CHECKING:
    from bot.storage import Store


async def tell_gm_once(
    interaction: discord.Interaction[Any], store: Store, topic: str, text: str
) -> None:
    """Say ``text`` privately to the channel's GM, once per topic while Stride's
    permissions here stay the same. A player's command doesn't use up the notice:
    the GM hears it on their next command."""
    channel_id = str(interaction.channel_id)
    if await told_under(store, topic, channel_id) == permissions_key(interaction):
        return
    if not await _asks_as_gm(interaction, store):
        return
    if await send_answer(interaction, None, text, ephemeral=True):
        await mark_told(store, topic, channel_id, permissions_key(interaction))


async def _asks_as_gm(interaction: discord.Interaction[Any], store: Store) -> bool:
    if is_gm(interaction):
        return True
    channel_id, user = str(interaction.channel_id), str(interaction.user.id)
    return await runs_the_encounter(store, channel_id, user)


async def tell_about_plain_replies(
    interaction: discord.Interaction[Any], store: Store, reply: Reply
) -> None:
    """Once, tell the GM which permission would give the full reply here."""
    permissions = app_permissions(interaction)
    if permissions is None:
        return
    missing = [
        PERMISSION_NAMES[p] for p in ("embed_links", "attach_files") if not getattr(permissions, p)
    ]
    shown_less = not permissions.embed_links or (
        reply.image_png is not None and not permissions.attach_files
    )
    if missing and shown_less:
        await tell_gm_once(
            interaction,
            store,
            "reply",
            "Stride's replies here are plainer than they could be: give it "
            f"{' and '.join(missing)} in this channel (channel settings › Permissions) "
            "for embeds and pictures.",
        )
