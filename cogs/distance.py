"""/distance on Discord: built from ``bot.handlers.distance.DISTANCE``. ``from`` is a
Python keyword, so its parameter is ``from_`` (Discord still sees ``from``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.options import slash_command
from bot.handlers.distance import DISTANCE


class Distance(commands.Cog):
    distance = slash_command(DISTANCE, "distance", "Distance")

    @distance.autocomplete("to")
    @distance.autocomplete("from_")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Distance())
