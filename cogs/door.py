"""/door on Discord: built from ``bot.handlers.door.DOOR``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.options import slash_command
from bot.handlers.door import DOOR


class Door(commands.Cog):
    door = slash_command(DOOR, "door", "Door")

    @door.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Door())
