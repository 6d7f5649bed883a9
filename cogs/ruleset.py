"""/ruleset set and /ruleset show on Discord: one group, built from
``bot.handlers.ruleset``."""

from __future__ import annotations

from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.ruleset import SET, SHOW


class Ruleset(commands.GroupCog, group_name="ruleset", group_description="This channel's ruleset"):
    set_ = slash_command(SET, "set", "Ruleset")
    show = slash_command(SHOW, "show", "Ruleset")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ruleset())
