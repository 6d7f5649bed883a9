"""/token add, edit, remove and condition on Discord: one group, four subcommands.

``owner`` is a Discord user; the glue hands the handlers its id. /token add and
/token edit are built from their specs (``slash_command``): their options are
the shared ones plus every ruleset's token options, declared once by the rulesets.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_glue import (
    descriptions_for,
    dispatch,
    option_choices,
    slash_command,
    token_choices,
)
from bot.handlers import COMMANDS

ADD = COMMANDS["token add"]
EDIT = COMMANDS["token edit"]
REMOVE = COMMANDS["token remove"]
CONDITION = COMMANDS["token condition"]


class Token(commands.GroupCog, group_name="token", group_description="The tokens on the map"):
    # Built from the specs: /token add and edit take every ruleset's token options.
    add = slash_command(ADD, "add", "Token")
    edit = slash_command(EDIT, "edit", "Token")

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

    # the channel's ruleset's own sizes, races, armor and loads, as the user types
    @add.autocomplete("size")
    @add.autocomplete("race")
    @add.autocomplete("armor")
    @add.autocomplete("load")
    async def _add_option(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        option = _focused(interaction)
        return await option_choices(interaction, current, "token add", option)

    @edit.autocomplete("size")
    @edit.autocomplete("race")
    @edit.autocomplete("armor")
    @edit.autocomplete("load")
    async def _edit_option(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        option = _focused(interaction)
        return await option_choices(interaction, current, "token edit", option)

    @condition.autocomplete("add")
    async def _condition_add(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await option_choices(interaction, current, "token condition", "add")

    @condition.autocomplete("remove")
    async def _condition_remove(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await option_choices(interaction, current, "token condition", "remove")

    @edit.autocomplete("token")
    @remove.autocomplete("token")
    @condition.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


def _focused(interaction: discord.Interaction[Any]) -> str:
    """The option being typed (one autocomplete serves several)."""
    data: Any = interaction.data or {}
    for option in data.get("options", []):
        for sub in option.get("options", []):
            if sub.get("focused"):
                return str(sub["name"])
    return ""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Token())
