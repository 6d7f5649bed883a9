"""/settings on Discord: the server's GM role (a role picker) and units; built from
``bot.handlers.settings.SETTINGS``, offered in servers only."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.settings import SETTINGS


class Settings(commands.Cog):
    settings = app_commands.guild_only(slash_command(SETTINGS, "settings", "Settings"))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings())
