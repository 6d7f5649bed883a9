"""The buttons under the board message: Move, Threats, Next turn and Undo.

``timeout=None`` and fixed custom ids make them persistent: the bot registers one
:class:`BoardButtons` at start (``bot.discord.app``), so buttons on messages posted
before a restart still answer. Each button runs its command like the slash command.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.dispatch import dispatch
from bot.discord.mover import open_panel

BOARD_MOVE = "stride:board:move"
BOARD_THREATS = "stride:board:threats"
BOARD_UNDO = "stride:board:undo"
BOARD_NEXT = "stride:board:next-turn"


class BoardButtons(discord.ui.View):
    """The buttons under a board message. ``timeout=None`` and fixed custom ids make
    them work after a restart (the bot registers one instance at start)."""

    def __init__(self, live_url: str | None = None) -> None:
        super().__init__(timeout=None)
        if live_url is not None:  # the table's live board (issue 39): a link, no callback
            self.add_item(discord.ui.Button(label="Open the live board", url=live_url, row=1))

    @discord.ui.button(label="Move", style=discord.ButtonStyle.success, custom_id=BOARD_MOVE)
    async def move(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[BoardButtons]
    ) -> None:
        # the presser's own mover (bot.discord.mover): nothing moves until they confirm
        await open_panel(interaction)

    @discord.ui.button(
        label="Threats", style=discord.ButtonStyle.secondary, custom_id=BOARD_THREATS
    )
    async def threats(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[BoardButtons]
    ) -> None:
        await dispatch(interaction, "map", {"threats": True}, ephemeral=True)

    @discord.ui.button(label="Next turn", style=discord.ButtonStyle.primary, custom_id=BOARD_NEXT)
    async def next_turn(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[BoardButtons]
    ) -> None:
        await dispatch(interaction, "turn next", {})

    # players may undo their own change, so the label doesn't say "GM"
    @discord.ui.button(label="Undo", style=discord.ButtonStyle.danger, custom_id=BOARD_UNDO)
    async def undo(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[BoardButtons]
    ) -> None:
        await dispatch(interaction, "undo", {})
