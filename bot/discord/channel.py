"""What an interaction reaches: the bot's store (handed along to the handlers, which
alone read and write it) and the command's Context."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.context import Context
from bot.discord.permissions import is_gm, manages_server

if TYPE_CHECKING:
    from bot.storage import Store


class _HasStore(Protocol):
    @property
    def store(self) -> Store: ...


def store_of(interaction: discord.Interaction[Any]) -> Store:
    """The store of the bot the interaction came to (``StrideBot.store``)."""
    return cast(_HasStore, interaction.client).store


def context_for(interaction: discord.Interaction[Any], store: Store) -> Context:
    """The user, channel, server and permissions of ``interaction``, as handlers read them."""
    guild_id = getattr(interaction, "guild_id", None)
    roles = getattr(interaction.user, "roles", None) or ()
    return Context(
        store=store,
        channel_id=str(interaction.channel_id),
        user_id=str(interaction.user.id),
        is_gm=is_gm(interaction),
        rng=random.Random(),
        guild_id=None if guild_id is None else str(guild_id),
        role_ids=frozenset(str(r.id) for r in roles),
        manages_server=manages_server(interaction),
        # the live board (issue 39): where this bot serves it, if it does, and the secret
        web_base_url=_text(getattr(interaction.client, "pages_url", None)),
        web_secret=_text(getattr(interaction.client, "web_secret", None)),
    )


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
