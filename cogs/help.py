"""/help on Discord: built from ``bot.handlers.HELP``; the command names come from the
command table."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import names_choices
from bot.discord.options import slash_command
from bot.handlers import COMMANDS, HELP
from bot.handlers.help import group_names


class Help(commands.Cog):
    help = slash_command(HELP, "help", "Help")

    @help.autocomplete("command")
    async def _command(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        # the commands first, then the groups /help also explains (issue 28: "turn")
        return names_choices([*COMMANDS, *group_names(COMMANDS)], current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help())
