"""/turn order, add, remove, next, show and clear on Discord: one group."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.autocomplete import order_choices, token_choices
from bot.discord.dispatch import dispatch, given
from bot.discord.options import descriptions_for
from bot.handlers import COMMANDS

ORDER = COMMANDS["turn order"]
NEXT = COMMANDS["turn next"]
ADD = COMMANDS["turn add"]
REMOVE = COMMANDS["turn remove"]
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

    @app_commands.command(name="add", description=ADD.description)
    @app_commands.describe(**descriptions_for(ADD))
    async def add(
        self,
        interaction: discord.Interaction[Any],
        token: str,
        after: str | None = None,
        position: Range[int, 1, 100] | None = None,
    ) -> None:
        await dispatch(interaction, "turn add", given(ADD, locals()))

    @add.autocomplete("token")
    @add.autocomplete("after")
    async def _add_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)

    @app_commands.command(name="remove", description=REMOVE.description)
    @app_commands.describe(**descriptions_for(REMOVE))
    async def remove(self, interaction: discord.Interaction[Any], token: str) -> None:
        await dispatch(interaction, "turn remove", {"token": token})

    @remove.autocomplete("token")
    async def _remove_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)

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
