"""/history and /undo on Discord: two top-level commands, built from
``bot.handlers.history``."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.history import HISTORY, UNDO


class History(commands.Cog):
    history = slash_command(HISTORY, "history", "History")
    undo = slash_command(UNDO, "undo", "History")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History())
