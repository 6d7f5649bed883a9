"""/distance on Discord: ``from`` is a Python keyword, so the parameter is ``from_``,
renamed to ``from`` for Discord."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for
from bot.handlers import COMMANDS

DISTANCE = COMMANDS["distance"]


class Distance(commands.Cog):
    @app_commands.command(name="distance", description=DISTANCE.description)
    @app_commands.rename(from_="from")
    @app_commands.describe(
        **{("from_" if k == "from" else k): v for k, v in descriptions_for(DISTANCE).items()}
    )
    async def distance(
        self, interaction: discord.Interaction[Any], to: str, from_: str | None = None
    ) -> None:
        await dispatch(interaction, "distance", {"to": to, "from": from_})

    @distance.autocomplete("to")
    @distance.autocomplete("from_")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Distance())
