"""/move on Discord: built from ``bot.handlers.move.MOVE``; the handler reads the options."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import move_choices, suggesting, token_choices
from bot.discord.options import slash_command
from bot.handlers.move import MOVE


class Move(commands.Cog):
    move = slash_command(MOVE, "move", "Move")

    @move.autocomplete("action")
    async def _action(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, "action")

    @move.autocomplete("mode")
    async def _mode(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, "mode")

    # squares within reach with their cost, token names for who pushes and who goes along
    move.autocomplete("to")(suggesting("move", "to"))
    move.autocomplete("by")(suggesting("move", "by"))
    move.autocomplete("group")(suggesting("move", "group"))
    move.autocomplete("drag")(suggesting("move", "drag"))
    move.autocomplete("mount")(suggesting("move", "mount"))
    move.autocomplete("target")(suggesting("move", "target"))

    @move.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Move())
