"""/move on Discord: declares the options of ``bot.handlers.move`` and dispatches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.autocomplete import move_choices, suggesting, token_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

MOVE = COMMANDS["move"]


class Move(commands.Cog):
    @app_commands.command(name="move", description=MOVE.description)
    @app_commands.describe(**descriptions_for(MOVE))
    @app_commands.choices(**choices_for(MOVE))
    async def move(
        self,
        interaction: discord.Interaction[Any],
        token: str | None = None,
        to: str | None = None,
        via: str | None = None,
        mode: str | None = None,
        action: str | None = None,
        forced: str | None = None,
        by: str | None = None,
        jump: str | None = None,
        group: str | None = None,
        check: Range[int, -50, 200] | None = None,
        preview: bool | None = None,
        ready: bool | None = None,
        drag: str | None = None,
        through: str | None = None,
        target: str | None = None,
        margin: Range[int, -99, 99] | None = None,
        mount: str | None = None,
        dismount: bool | None = None,
        heavy: str | None = None,
        up: Range[int, 5, 5000] | None = None,
        down: Range[int, 5, 5000] | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "move",
            {
                "token": token,
                "to": to,
                "via": via,
                "mode": mode,
                "action": action,
                "forced": forced,
                "by": by,
                "jump": jump,
                "group": group,
                "check": check,
                "preview": preview,
                "ready": ready,
                "drag": drag,
                "through": through,
                "target": target,
                "margin": margin,
                "mount": mount,
                "dismount": dismount,
                "heavy": heavy,
                "up": up,
                "down": down,
            },
        )

    @move.autocomplete("action")
    async def _action(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, "action")

    @move.autocomplete("mode")
    async def _mode(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, "mode")

    # squares within reach with their cost, token names for who pushes and who goes along
    move.autocomplete("to")(suggesting("move", "to"))
    move.autocomplete("by")(suggesting("move", "by"))
    move.autocomplete("group")(suggesting("move", "group"))
    move.autocomplete("drag")(suggesting("move", "drag"))
    move.autocomplete("mount")(suggesting("move", "mount"))
    move.autocomplete("target")(suggesting("move", "target"))

    @move.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Move())
