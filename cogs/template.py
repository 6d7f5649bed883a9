"""/template add, remove and list on Discord: built from ``bot.handlers.templates``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.options import slash_command
from bot.handlers.templates import ADD, LIST, REMOVE


class Template(
    commands.GroupCog, group_name="template", group_description="Area templates on the board"
):
    add = slash_command(ADD, "add", "Template")
    remove = slash_command(REMOVE, "remove", "Template")
    list_ = slash_command(LIST, "list", "Template")

    @add.autocomplete("follows")
    async def _follows(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Template())
