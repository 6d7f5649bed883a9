"""/settings on Discord: the server's GM role (a role picker)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.dispatch import dispatch
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

SETTINGS = COMMANDS["settings"]


class Settings(commands.Cog):
    @app_commands.command(name="settings", description=SETTINGS.description)
    @app_commands.describe(**descriptions_for(SETTINGS))
    @app_commands.choices(**choices_for(SETTINGS))
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        gm_role: discord.Role | None = None,
        clear_gm_role: bool | None = None,
        units: str | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "settings",
            {
                "gm_role": gm_role,
                "clear_gm_role": clear_gm_role,
                "units": units,
            },
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings())
