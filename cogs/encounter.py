"""/encounter on Discord: start, show, end, delete, export, import, the saved scenes,
and gm add|remove|give; each built from its spec in ``bot.handlers``."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.discord.options import slash_command
from bot.handlers.encounter import DELETE, END, SHOW, START
from bot.handlers.scenes import DELETE_SCENE, LOAD, SAVE, SCENES
from bot.handlers.settings import GM_ADD, GM_GIVE, GM_REMOVE
from bot.handlers.transfer import EXPORT, IMPORT


class Encounter(
    commands.GroupCog, group_name="encounter", group_description="This channel's encounter"
):
    # /encounter start offers every ruleset's encounter options (declared by the rulesets)
    start = slash_command(START, "start", "Encounter")
    show = slash_command(SHOW, "show", "Encounter")
    end = slash_command(END, "end", "Encounter")
    delete = slash_command(DELETE, "delete", "Encounter")
    export = slash_command(EXPORT, "export", "Encounter")
    import_ = slash_command(IMPORT, "import", "Encounter")
    save = slash_command(SAVE, "save", "Encounter")
    load = slash_command(LOAD, "load", "Encounter")
    scenes = slash_command(SCENES, "scenes", "Encounter")

    # /encounter scene delete name:...
    scene = app_commands.Group(name="scene", description="This channel's saved scenes")
    scene.add_command(slash_command(DELETE_SCENE, "delete", "Encounter"))

    # /encounter gm add|remove|give user:@someone
    gm = app_commands.Group(name="gm", description="This encounter's GMs: co-GMs, handing over")
    gm.add_command(slash_command(GM_ADD, "add", "Encounter"))
    gm.add_command(slash_command(GM_REMOVE, "remove", "Encounter"))
    gm.add_command(slash_command(GM_GIVE, "give", "Encounter"))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Encounter())
