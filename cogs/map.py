"""/map on Discord: declares the options of ``bot.handlers.board`` and dispatches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.autocomplete import token_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for
from bot.handlers import COMMANDS

MAP = COMMANDS["map"]


class Map(commands.Cog):
    @app_commands.command(name="map", description=MAP.description)
    @app_commands.describe(**descriptions_for(MAP))
    async def map_(
        self,
        interaction: discord.Interaction[Any],
        threats: bool | None = None,
        reach: str | None = None,
        at: str | None = None,
        zoom: Range[int, 24, 64] | None = None,
        flanks: bool | None = None,
        post: bool | None = None,
        pin: bool | None = None,
        background: discord.Attachment | None = None,
        cell_px: Range[int, 8, 1000] | None = None,
        offset_x: Range[int, 0, 20000] | None = None,
        offset_y: Range[int, 0, 20000] | None = None,
        clear_background: bool | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "map",
            {
                "threats": threats,
                "reach": reach,
                "at": at,
                "zoom": zoom,
                "flanks": flanks,
                "post": post,
                "pin": pin,
                "background": background,
                "cell_px": cell_px,
                "offset_x": offset_x,
                "offset_y": offset_y,
                "clear_background": clear_background,
            },
        )

    @map_.autocomplete("reach")
    async def _reach(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Map())
