"""/terrain set, clear, edge and light on Discord: one group, built from
``bot.handlers.terrain``."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.autocomplete import suggesting
from bot.discord.options import slash_command
from bot.handlers.terrain import CLEAR, EDGE, LIGHT, SET


class Terrain(commands.GroupCog, group_name="terrain", group_description="The map's terrain (GM)"):
    set_ = slash_command(SET, "set", "Terrain")
    set_.autocomplete("kind")(suggesting("terrain set", "kind"))  # lava → hazard...
    clear = slash_command(CLEAR, "clear", "Terrain")
    edge = slash_command(EDGE, "edge", "Terrain")
    light = slash_command(LIGHT, "light", "Terrain")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Terrain())
