"""/turn order, next, show and clear on Discord: one group, four subcommands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_glue import descriptions_for, dispatch, order_choices
from bot.handlers import COMMANDS

ORDER = COMMANDS["turn order"]
NEXT = COMMANDS["turn next"]
SHOW = COMMANDS["turn show"]
CLEAR = COMMANDS["turn clear"]


class Turn(commands.GroupCog, group_name="turn", group_description="Rounds and the turn order"):
    @app_commands.command(name="order", description=ORDER.description)
    @app_commands.describe(**descriptions_for(ORDER))
    async def order(
        self,
        interaction: discord.Interaction[Any],
        order: str | None = None,
        roll: bool | None = None,
    ) -> None:
        await dispatch(interaction, "turn order", {"order": order, "roll": roll})

    @order.autocomplete("order")
    async def _order(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await order_choices(interaction, current)

    @app_commands.command(name="next", description=NEXT.description)
    async def next_(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "turn next", {})

    @app_commands.command(name="show", description=SHOW.description)
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "turn show", {})

    @app_commands.command(name="clear", description=CLEAR.description)
    async def clear(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "turn clear", {})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Turn())
