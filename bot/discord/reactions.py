"""The buttons under a /move reply that provoked opportunity attacks (issue 29): one per
attacker, "Goblin attacks", pressed by whoever takes that attack (the attacker's owner
or the GM: /token reaction's own permission) to mark its reaction used until its turn.
They are :class:`discord.ui.DynamicItem`s with the token's name in the custom id, so
they answer after a restart."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.discord.dispatch import dispatch

PREFIX = "stride:rx"
MAX_BUTTONS = 5  # one row: a move rarely provokes more
VIEW_TIMEOUT_S = 900.0


class ReactionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"stride:rx:(?P<token>.{1,64})",
):
    """Mark the named token's reaction used (``/token reaction used:true``)."""

    def __init__(self, token: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{token} attacks"[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:{token}",
            )
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ReactionButton:
        return cls(match["token"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "token reaction", {"token": self.token, "used": True})


def reaction_buttons(command_name: str, result: Mapping[str, Any]) -> discord.ui.View | None:
    """The buttons a /move reply carries: one per opportunity attack it provoked (a
    preview's, which moved nothing, none)."""
    if command_name != "move" or result.get("preview"):
        return None
    provoked = [str(n) for n in result.get("provokes") or () if isinstance(n, str)]
    if not provoked:
        return None
    # a timeout, so the bot doesn't hold every such view for ever: a press after it (or
    # after a restart) is answered by the registered DynamicItem all the same
    view = discord.ui.View(timeout=VIEW_TIMEOUT_S)
    for name in provoked[:MAX_BUTTONS]:
        view.add_item(ReactionButton(name))
    return view
