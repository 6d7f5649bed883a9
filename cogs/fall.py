"""/fall on Discord: declares the options of ``bot.handlers.fall`` and dispatches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.dispatch import dispatch
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

FALL = COMMANDS["fall"]
# "object" would shadow the builtin as a parameter name; Discord still sees "object".
RENAMED = {"object": "object_"}


class Fall(commands.Cog):
    @app_commands.command(name="fall", description=FALL.description)
    @app_commands.describe(**descriptions_for(FALL, RENAMED))
    @app_commands.choices(**choices_for(FALL, RENAMED))
    @app_commands.rename(object_="object")
    async def fall(
        self,
        interaction: discord.Interaction[Any],
        height: Range[int, 0, 1_000_000] | None = None,
        into: str | None = None,
        water_depth: Range[int, 0, 10_000] | None = None,
        intentional: bool | None = None,
        check: Range[int, -50, 200] | None = None,
        surface: str | None = None,
        jumped_down: Range[int, 0, 1_000_000] | None = None,
        size: str | None = None,
        faller_size: str | None = None,
        save: Range[int, -50, 200] | None = None,
        object_: str | None = None,
        light_object: bool | None = None,
        collision_speed: Range[int, 1, 2_000] | None = None,
        difficult_terrain: bool | None = None,
        ruleset: str | None = None,
        secret: bool | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "fall",
            {
                "height": height,
                "into": into,
                "water_depth": water_depth,
                "intentional": intentional,
                "check": check,
                "surface": surface,
                "jumped_down": jumped_down,
                "size": size,
                "faller_size": faller_size,
                "save": save,
                "object": object_,
                "light_object": light_object,
                "collision_speed": collision_speed,
                "difficult_terrain": difficult_terrain,
                "ruleset": ruleset,
                "secret": secret,
            },
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Fall())
