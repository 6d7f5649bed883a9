"""/map on Discord: built from ``bot.handlers.board.MAP``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.options import slash_command
from bot.handlers.board import MAP


class Map(commands.Cog):
    map_ = slash_command(MAP, "map", "Map")

    @map_.autocomplete("reach")
    async def _reach(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Map())
