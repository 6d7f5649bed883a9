"""/travel on Discord: declares the options of ``bot.handlers.travel`` and dispatches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord.autocomplete import travel_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

TRAVEL = COMMANDS["travel"]


class Travel(commands.Cog):
    @app_commands.command(name="travel", description=TRAVEL.description)
    @app_commands.describe(**descriptions_for(TRAVEL))
    @app_commands.choices(**choices_for(TRAVEL))
    async def travel(
        self,
        interaction: discord.Interaction[Any],
        # Free text on purpose: "30, 20" (a party) and becmi's "120' (40')".
        speed: str | None = None,
        mode: str | None = None,
        terrain: str | None = None,
        road: str | None = None,
        distance: Range[float, 0.1, 100_000.0] | None = None,
        days: Range[float, 0.1, 3_650.0] | None = None,
        hours: Range[float, 0.1, 24.0] | None = None,
        pace: str | None = None,
        encumbrance: Range[int, 0, 100_000] | None = None,
        load: str | None = None,
        mount_load: Range[int, 0, 10_000] | None = None,
        forage: bool | None = None,
        guide: bool | None = None,
        river: bool | None = None,
        ship_speed: Range[float, 0.1, 1_000.0] | None = None,
        sea: bool | None = None,
        weather: bool | None = None,
        lost_check: bool | None = None,
        outdoors: bool | None = None,
        constitution: Range[int, 3, 25] | None = None,
        exerting: bool | None = None,
        ruleset: str | None = None,
        secret: bool | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "travel",
            {
                "speed": speed,
                "mode": mode,
                "terrain": terrain,
                "road": road,
                "distance": distance,
                "days": days,
                "hours": hours,
                "pace": pace,
                "encumbrance": encumbrance,
                "load": load,
                "mount_load": mount_load,
                "forage": forage,
                "guide": guide,
                "river": river,
                "ship_speed": ship_speed,
                "sea": sea,
                "weather": weather,
                "lost_check": lost_check,
                "outdoors": outdoors,
                "constitution": constitution,
                "exerting": exerting,
                "ruleset": ruleset,
                "secret": secret,
            },
        )

    @travel.autocomplete("mode")
    async def _mode(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await travel_choices(interaction, current, "mode")

    @travel.autocomplete("terrain")
    async def _terrain(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await travel_choices(interaction, current, "terrain")

    @travel.autocomplete("pace")
    async def _pace(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await travel_choices(interaction, current, "pace")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Travel())
