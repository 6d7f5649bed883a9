"""/token add, edit, remove, condition, trait, place, stats and reaction on Discord: one group, each
built from its spec in ``bot.handlers.tokens``.

``owner`` is a Discord user; dispatch hands the handlers its id. /token add and
/token edit take the shared options plus every ruleset's token options, declared
once by the rulesets.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.autocomplete import suggesting, token_choices
from bot.discord.options import slash_command
from bot.handlers.reactions import REACTION
from bot.handlers.token_stats import STATS
from bot.handlers.tokens import ADD, CONDITION, EDIT, PLACE, REMOVE, TRAIT


class Token(commands.GroupCog, group_name="token", group_description="The tokens on the map"):
    add = slash_command(ADD, "add", "Token")
    edit = slash_command(EDIT, "edit", "Token")
    remove = slash_command(REMOVE, "remove", "Token")
    condition = slash_command(CONDITION, "condition", "Token")
    trait = slash_command(TRAIT, "trait", "Token")
    place = slash_command(PLACE, "place", "Token")
    stats = slash_command(STATS, "stats", "Token")
    reaction = slash_command(REACTION, "reaction", "Token")

    # what the channel's ruleset offers as the user types: its sizes, races, armor and
    # loads; the conditions the rules know (and the token's own, to remove); traits
    for _option in ("size", "race", "armor", "load"):
        add.autocomplete(_option)(suggesting("token add", _option))
        edit.autocomplete(_option)(suggesting("token edit", _option))
    del _option
    condition.autocomplete("add")(suggesting("token condition", "add"))
    condition.autocomplete("remove")(suggesting("token condition", "remove"))
    condition.autocomplete("by")(suggesting("token condition", "by"))
    trait.autocomplete("add")(suggesting("token trait", "add"))
    trait.autocomplete("remove")(suggesting("token trait", "remove"))

    @edit.autocomplete("token")
    @place.autocomplete("token")
    @stats.autocomplete("token")
    @place.autocomplete("mount")
    @remove.autocomplete("token")
    @condition.autocomplete("token")
    @trait.autocomplete("token")
    @reaction.autocomplete("token")
    async def _token(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await token_choices(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Token())
