"""/travel on Discord: built from ``bot.handlers.travel.TRAVEL``, with the names of the
ruleset the command will use offered for mode, terrain and pace."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import travel_choices
from bot.discord.options import slash_command
from bot.handlers.travel import TRAVEL


class Travel(commands.Cog):
    travel = slash_command(TRAVEL, "travel", "Travel")

    @travel.autocomplete("mode")
    async def _mode(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await travel_choices(interaction, current, "mode")

    @travel.autocomplete("terrain")
    async def _terrain(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await travel_choices(interaction, current, "terrain")

    @travel.autocomplete("pace")
    async def _pace(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await travel_choices(interaction, current, "pace")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Travel())
