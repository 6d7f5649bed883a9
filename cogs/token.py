"""/token add, edit, remove and condition on Discord: one group, four subcommands.

``owner`` is a Discord user; the glue hands the handlers its id.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from bot.discord_glue import choices_for, descriptions_for, dispatch, given, token_choices
from bot.handlers import COMMANDS

ADD = COMMANDS["token add"]
EDIT = COMMANDS["token edit"]
REMOVE = COMMANDS["token remove"]
CONDITION = COMMANDS["token condition"]


class Token(commands.GroupCog, group_name="token", group_description="The tokens on the map"):
    @app_commands.command(name="add", description=ADD.description)
    @app_commands.describe(**descriptions_for(ADD))
    @app_commands.choices(**choices_for(ADD))
    async def add(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        size: str | None = None,
        speed: str | None = None,
        fly: Range[int, 0, 1_000] | None = None,
        swim: Range[int, 0, 1_000] | None = None,
        climb: Range[int, 0, 1_000] | None = None,
        burrow: Range[int, 0, 1_000] | None = None,
        hover: bool | None = None,
        at: str | None = None,
        team: str | None = None,
        owner: discord.User | None = None,
        race: str | None = None,
        armor: str | None = None,
        load: str | None = None,
        reach: Range[int, 0, 100] | None = None,
        reach_weapon: bool | None = None,
        body: str | None = None,
        speed_bonus: Range[int, -1_000, 1_000] | None = None,
        bonuses: str | None = None,
        init: Range[int, -30, 30] | None = None,
        exhaustion: Range[int, 0, 6] | None = None,
    ) -> None:
        await dispatch(interaction, "token add", given(ADD, locals()))

    @app_commands.command(name="edit", description=EDIT.description)
    @app_commands.describe(**descriptions_for(EDIT))
    @app_commands.choices(**choices_for(EDIT))
    async def edit(
        self,
        interaction: discord.Interaction[Any],
        token: str,
        size: str | None = None,
        speed: str | None = None,
        fly: Range[int, 0, 1_000] | None = None,
        swim: Range[int, 0, 1_000] | None = None,
        climb: Range[int, 0, 1_000] | None = None,
        burrow: Range[int, 0, 1_000] | None = None,
        hover: bool | None = None,
        at: str | None = None,
        team: str | None = None,
        owner: discord.User | None = None,
        race: str | None = None,
        armor: str | None = None,
        load: str | None = None,
        reach: Range[int, 0, 100] | None = None,
        reach_weapon: bool | None = None,
        body: str | None = None,
        speed_bonus: Range[int, -1_000, 1_000] | None = None,
        bonuses: str | None = None,
        init: Range[int, -30, 30] | None = None,
        exhaustion: Range[int, 0, 6] | None = None,
        rename: str | None = None,
    ) -> None:
        await dispatch(interaction, "token edit", given(EDIT, locals()))

    @app_commands.command(name="remove", description=REMOVE.description)
    @app_commands.describe(**descriptions_for(REMOVE))
    async def remove(self, interaction: discord.Interaction[Any], token: str) -> None:
        await dispatch(interaction, "token remove", {"token": token})

    @app_commands.command(name="condition", description=CONDITION.description)
    @app_commands.describe(**descriptions_for(CONDITION))
    async def condition(
        self,
        interaction: discord.Interaction[Any],
        token: str,
        add: str | None = None,
        remove: str | None = None,
    ) -> None:
        await dispatch(
            interaction, "token condition", {"token": token, "add": add, "remove": remove}
        )

    @edit.autocomplete("token")
    @remove.autocomplete("token")
    @condition.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Token())
