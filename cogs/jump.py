"""/jump on Discord: built from ``bot.handlers.jump.JUMP``."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.jump import JUMP


class Jump(commands.Cog):
    jump = slash_command(JUMP, "jump", "Jump")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Jump())
