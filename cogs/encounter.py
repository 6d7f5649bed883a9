"""/encounter on Discord: start, show, end, export, import, and gm add|remove|give."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for, slash_command
from bot.handlers import COMMANDS

START = COMMANDS["encounter start"]
SHOW = COMMANDS["encounter show"]
END = COMMANDS["encounter end"]
DELETE = COMMANDS["encounter delete"]
EXPORT = COMMANDS["encounter export"]
IMPORT = COMMANDS["encounter import"]
SAVE = COMMANDS["encounter save"]
LOAD = COMMANDS["encounter load"]
SCENES = COMMANDS["encounter scenes"]
DELETE_SCENE = COMMANDS["encounter scene delete"]
GM_ADD = COMMANDS["encounter gm add"]
GM_REMOVE = COMMANDS["encounter gm remove"]
GM_GIVE = COMMANDS["encounter gm give"]


class Encounter(
    commands.GroupCog, group_name="encounter", group_description="This channel's encounter"
):
    # Built from the spec: /encounter start offers every ruleset's encounter options.
    start = slash_command(START, "start", "Encounter")

    @app_commands.command(name="show", description=SHOW.description)
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "encounter show", {})

    @app_commands.command(name="end", description=END.description)
    @app_commands.describe(**descriptions_for(END))
    async def end(self, interaction: discord.Interaction[Any], confirm: bool | None = None) -> None:
        await dispatch(interaction, "encounter end", {"confirm": confirm})

    @app_commands.command(name="delete", description=DELETE.description)
    @app_commands.describe(**descriptions_for(DELETE))
    async def delete(
        self, interaction: discord.Interaction[Any], confirm: bool | None = None
    ) -> None:
        await dispatch(interaction, "encounter delete", {"confirm": confirm})

    @app_commands.command(name="export", description=EXPORT.description)
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "encounter export", {})

    # Built from the spec: text, an attachment, replace, ruleset.
    import_ = slash_command(IMPORT, "import", "Encounter")

    save = slash_command(SAVE, "save", "Encounter")
    load = slash_command(LOAD, "load", "Encounter")

    @app_commands.command(name="scenes", description=SCENES.description)
    async def scenes(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, "encounter scenes", {})

    # /encounter scene delete name:...
    scene = app_commands.Group(name="scene", description="This channel's saved scenes")

    @scene.command(name="delete", description=DELETE_SCENE.description)
    @app_commands.describe(**descriptions_for(DELETE_SCENE))
    async def scene_delete(
        self, interaction: discord.Interaction[Any], name: app_commands.Range[str, 1, 40]
    ) -> None:
        await dispatch(interaction, "encounter scene delete", {"name": name})

    # /encounter gm add|remove|give user:@someone
    gm = app_commands.Group(name="gm", description="This encounter's GMs: co-GMs, handing over")

    @gm.command(name="add", description=GM_ADD.description)
    @app_commands.describe(**descriptions_for(GM_ADD))
    async def gm_add(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        await dispatch(interaction, "encounter gm add", {"user": user})

    @gm.command(name="remove", description=GM_REMOVE.description)
    @app_commands.describe(**descriptions_for(GM_REMOVE))
    async def gm_remove(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        await dispatch(interaction, "encounter gm remove", {"user": user})

    @gm.command(name="give", description=GM_GIVE.description)
    @app_commands.describe(**descriptions_for(GM_GIVE))
    async def gm_give(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        await dispatch(interaction, "encounter gm give", {"user": user})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Encounter())
