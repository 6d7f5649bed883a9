"""/ruleset set and /ruleset show on Discord: one group, two subcommands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.dispatch import dispatch
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

SET = COMMANDS["ruleset set"]
SHOW = COMMANDS["ruleset show"]


class Ruleset(commands.GroupCog, group_name="ruleset", group_description="This channel's ruleset"):
    @app_commands.command(name="set", description=SET.description)
    @app_commands.describe(**descriptions_for(SET))
    @app_commands.choices(**choices_for(SET))
    async def set_(
        self,
        interaction: discord.Interaction[Any],
        system: str,
        diagonals: str | None = None,
        scope: str | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "ruleset set",
            {"system": system, "diagonals": diagonals, "scope": scope},
        )

    @app_commands.command(name="show", description=SHOW.description)
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "ruleset show", {})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ruleset())
