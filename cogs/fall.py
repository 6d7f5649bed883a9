"""/fall on Discord: built from ``bot.handlers.fall.FALL``."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.fall import FALL


class Fall(commands.Cog):
    fall = slash_command(FALL, "fall", "Fall")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Fall())
