"""/door on Discord: declares the options of ``bot.handlers.door`` and dispatches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for
from bot.handlers import COMMANDS

DOOR = COMMANDS["door"]
# "open" would shadow the builtin as a parameter name; Discord still sees "open".
RENAMED = {"open": "open_"}


class Door(commands.Cog):
    @app_commands.command(name="door", description=DOOR.description)
    @app_commands.describe(**descriptions_for(DOOR, RENAMED))
    @app_commands.rename(open_="open")
    async def door(
        self,
        interaction: discord.Interaction[Any],
        token: str,
        edge: str,
        open_: bool | None = None,
    ) -> None:
        await dispatch(interaction, "door", {"token": token, "edge": edge, "open": open_})

    @door.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Door())
