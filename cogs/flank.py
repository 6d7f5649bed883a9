"""/flank on Discord: built from ``bot.handlers.flank.FLANK``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.options import slash_command
from bot.handlers.flank import FLANK


class Flank(commands.Cog):
    flank = slash_command(FLANK, "flank", "Flank")

    @flank.autocomplete("a")
    @flank.autocomplete("b")
    @flank.autocomplete("target")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Flank())
