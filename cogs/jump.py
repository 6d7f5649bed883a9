"""/jump on Discord: declares the options of ``bot.handlers.jump`` and dispatches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.dispatch import dispatch, given
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

JUMP = COMMANDS["jump"]


class Jump(commands.Cog):
    @app_commands.command(name="jump", description=JUMP.description)
    @app_commands.describe(**descriptions_for(JUMP))
    @app_commands.choices(**choices_for(JUMP))
    async def jump(
        self,
        interaction: discord.Interaction[Any],
        size: str | None = None,
        check: Range[int, -50, 200] | None = None,
        run_up: Range[int, 0, 10_000] | None = None,
        movement: Range[int, 0, 10_000] | None = None,
        speed: Range[int, 0, 1_000] | None = None,
        units: bool | None = None,
        distance: Range[int, 1, 10_000] | None = None,
        height: Range[int, 1, 10_000] | None = None,
        difficult_terrain: bool | None = None,
        strength: Range[int, 1, 30] | None = None,
        ruleset: str | None = None,
    ) -> None:
        await dispatch(interaction, "jump", given(JUMP, locals()))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Jump())
