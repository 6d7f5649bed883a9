"""/encounter start, show and end on Discord: one group, three subcommands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord_glue import choices_for, descriptions_for, dispatch
from bot.handlers import COMMANDS

START = COMMANDS["encounter start"]
SHOW = COMMANDS["encounter show"]
END = COMMANDS["encounter end"]


class Encounter(
    commands.GroupCog, group_name="encounter", group_description="This channel's encounter"
):
    @app_commands.command(name="start", description=START.description)
    @app_commands.describe(**descriptions_for(START))
    @app_commands.choices(**choices_for(START))
    async def start(
        self,
        interaction: discord.Interaction[Any],
        width: Range[int, 1, 200] | None = None,
        height: Range[int, 1, 200] | None = None,
        ruleset: str | None = None,
        diagonals: str | None = None,
        units: bool | None = None,
        outdoors: bool | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "encounter start",
            {
                "width": width,
                "height": height,
                "ruleset": ruleset,
                "diagonals": diagonals,
                "units": units,
                "outdoors": outdoors,
            },
        )

    @app_commands.command(name="show", description=SHOW.description)
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "encounter show", {})

    @app_commands.command(name="end", description=END.description)
    @app_commands.describe(**descriptions_for(END))
    async def end(self, interaction: discord.Interaction[Any], confirm: bool | None = None) -> None:
        await dispatch(interaction, "encounter end", {"confirm": confirm})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Encounter())
