"""/help on Discord."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_glue import dispatch
from bot.handlers import COMMANDS

HELP = COMMANDS["help"]


class Help(commands.Cog):
    @app_commands.command(name="help", description=HELP.description)
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "help", {})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help())
