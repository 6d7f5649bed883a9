"""/token add, edit, remove, condition, trait and place on Discord: one group.

``owner`` is a Discord user; the glue hands the handlers its id. /token add and
/token edit are built from their specs (``slash_command``): their options are
the shared ones plus every ruleset's token options, declared once by the rulesets.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import suggesting, token_choices
from bot.discord.dispatch import dispatch
from bot.discord.options import descriptions_for, slash_command
from bot.handlers import COMMANDS

ADD = COMMANDS["token add"]
EDIT = COMMANDS["token edit"]
REMOVE = COMMANDS["token remove"]
TRAIT = COMMANDS["token trait"]
PLACE = COMMANDS["token place"]
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
        by: str | None = None,
    ) -> None:
        await dispatch(
            interaction,
            "token condition",
            {"token": token, "add": add, "remove": remove, "by": by},
        )

    # what the channel's ruleset offers as the user types: its sizes, races, armor and
    # loads; the conditions the rules know (and the token's own, to remove)
    for _option in ("size", "race", "armor", "load"):
        add.autocomplete(_option)(suggesting("token add", _option))
        edit.autocomplete(_option)(suggesting("token edit", _option))
    del _option
    condition.autocomplete("add")(suggesting("token condition", "add"))
    condition.autocomplete("remove")(suggesting("token condition", "remove"))
    condition.autocomplete("by")(suggesting("token condition", "by"))

    @app_commands.command(name="trait", description=TRAIT.description)
    @app_commands.describe(**descriptions_for(TRAIT))
    async def trait(
        self,
        interaction: discord.Interaction[Any],
        token: str,
        add: str | None = None,
        remove: str | None = None,
    ) -> None:
        await dispatch(interaction, "token trait", {"token": token, "add": add, "remove": remove})

    trait.autocomplete("add")(suggesting("token trait", "add"))
    trait.autocomplete("remove")(suggesting("token trait", "remove"))

    place = slash_command(PLACE, "place", "Token")

    @edit.autocomplete("token")
    @place.autocomplete("token")
    @place.autocomplete("mount")
    @remove.autocomplete("token")
    @condition.autocomplete("token")
    @trait.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Token())
