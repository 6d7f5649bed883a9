"""/turn order, add, roll, remove, next, show and clear on Discord: one group, built from
``bot.handlers.turns``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import order_choices, token_choices
from bot.discord.options import slash_command
from bot.handlers.turns import ADD, CLEAR, NEXT, ORDER, REMOVE, ROLL, SHOW


class Turn(commands.GroupCog, group_name="turn", group_description="Rounds and the turn order"):
    order = slash_command(ORDER, "order", "Turn")
    add = slash_command(ADD, "add", "Turn")
    roll = slash_command(ROLL, "roll", "Turn")
    remove = slash_command(REMOVE, "remove", "Turn")
    next_ = slash_command(NEXT, "next", "Turn")
    show = slash_command(SHOW, "show", "Turn")
    clear = slash_command(CLEAR, "clear", "Turn")

    @order.autocomplete("order")
    async def _order(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await order_choices(interaction, current)

    @add.autocomplete("token")
    @add.autocomplete("after")
    @roll.autocomplete("token")
    @remove.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Turn())
