"""/history and /undo on Discord: two top-level commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for
from bot.handlers import COMMANDS

HISTORY = COMMANDS["history"]
UNDO = COMMANDS["undo"]


class History(commands.Cog):
    @app_commands.command(name="history", description=HISTORY.description)
    @app_commands.describe(**descriptions_for(HISTORY))
    async def history(
        self, interaction: discord.Interaction[Any], count: Range[int, 1, 50] | None = None
    ) -> None:
        await dispatch(interaction, "history", {"count": count})

    @app_commands.command(name="undo", description=UNDO.description)
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "undo", {})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History())
