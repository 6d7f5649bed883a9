"""/board link on Discord: built from ``bot.handlers.live_links`` (the live board)."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.live_links import LINK


class Board(commands.GroupCog, group_name="board", group_description="The live board's pages"):
    link = slash_command(LINK, "link", "Board")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Board())
