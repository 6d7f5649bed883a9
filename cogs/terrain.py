"""/terrain set and /terrain clear on Discord: one group, two subcommands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import suggesting
from bot.discord.dispatch import dispatch
from bot.discord.options import choices_for, descriptions_for
from bot.handlers import COMMANDS

SET = COMMANDS["terrain set"]
CLEAR = COMMANDS["terrain clear"]
LIGHT = COMMANDS["terrain light"]
EDGE = COMMANDS["terrain edge"]


class Terrain(commands.GroupCog, group_name="terrain", group_description="The map's terrain (GM)"):
    @app_commands.command(name="set", description=SET.description)
    @app_commands.describe(**descriptions_for(SET))
    async def set_(self, interaction: discord.Interaction[Any], cells: str, kind: str) -> None:
        await dispatch(interaction, "terrain set", {"cells": cells, "kind": kind})

    set_.autocomplete("kind")(suggesting("terrain set", "kind"))  # lava → hazard...

    @app_commands.command(name="clear", description=CLEAR.description)
    @app_commands.describe(**descriptions_for(CLEAR))
    async def clear(self, interaction: discord.Interaction[Any], cells: str | None = None) -> None:
        await dispatch(interaction, "terrain clear", {"cells": cells})

    @app_commands.command(name="edge", description=EDGE.description)
    @app_commands.describe(**descriptions_for(EDGE))
    @app_commands.choices(**choices_for(EDGE))
    async def edge(
        self,
        interaction: discord.Interaction[Any],
        cells: str,
        kind: str,
        side: str | None = None,
        hidden: bool | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "terrain edge",
            {"cells": cells, "kind": kind, "side": side, "hidden": hidden},
        )

    @app_commands.command(name="light", description=LIGHT.description)
    @app_commands.describe(**descriptions_for(LIGHT))
    async def light(
        self, interaction: discord.Interaction[Any], cells: str, dark: bool | None = None
    ) -> None:
        await dispatch(interaction, "terrain light", {"cells": cells, "dark": dark})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Terrain())
