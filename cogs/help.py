"""/help on Discord."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import names_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for
from bot.handlers import COMMANDS

HELP = COMMANDS["help"]


class Help(commands.Cog):
    @app_commands.command(name="help", description=HELP.description)
    @app_commands.describe(**descriptions_for(HELP))
    async def help(self, interaction: discord.Interaction[Any], command: str | None = None) -> None:
        await dispatch(interaction, "help", {"command": command})

    @help.autocomplete("command")
    async def _command(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return names_choices(list(COMMANDS), current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help())
