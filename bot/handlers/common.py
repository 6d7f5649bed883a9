"""Pieces every handler shares: which ruleset answers, and how dice read.

The pure parts (the order a ruleset is chosen in, notes and dice as fields, units) are
``calc_common.py``'s, re-exported here; this module adds what reads the store."""

from __future__ import annotations

from bot.context import Context
from bot.handlers.calc_common import (
    RULESET_CHOICES,
    RulesetChoice,
    choice_of,
    default_notice,
    feet_or_dash,
    note_fields,
    note_json,
    roll_json,
    running_known,
    shown_in_units,
)
from bot.reply import Field, Reply
from bot.rules.ruleset import Ruleset

__all__ = [
    "RULESET_CHOICES",
    "RulesetChoice",
    "choose_ruleset",
    "feet_or_dash",
    "in_channel_units",
    "note_fields",
    "note_json",
    "roll_json",
    "ruleset_for",
]


async def choose_ruleset(ctx: Context, override: str | None) -> RulesetChoice:
    """The ruleset ``choice_of`` picks, reading only as far as needed: an explicit
    ``ruleset:``, the running encounter's, the channel's, the server's, the default."""
    if override:
        return choice_of(override, None, None, None)
    running = await ctx.store.active_ruleset(ctx.channel_id)
    if running_known(running):
        return choice_of(None, running, None, None)
    stored = await ctx.store.channel_ruleset(ctx.channel_id)
    server = None
    if stored is None and ctx.guild_id is not None:
        server = (await ctx.store.guild_settings(ctx.guild_id)).ruleset
    return choice_of(None, None, stored, server)


async def ruleset_for(ctx: Context, override: str | None) -> tuple[Ruleset, list[Field]]:
    """The ruleset a command uses, plus a one-time notice when the channel has none.

    See ``choose_ruleset`` for the order; the first reply in a channel that falls
    back to the default says so and how to change it.
    """
    choice = await choose_ruleset(ctx, override)
    if not choice.is_default:
        return choice.ruleset, []
    _, notice_shown = await ctx.store.channel_rules_state(ctx.channel_id)
    # one read per command; the write happens once the command has succeeded (run())
    if notice_shown:
        return choice.ruleset, []
    ctx.default_notice_pending = True
    return choice.ruleset, [default_notice()]


async def in_channel_units(ctx: Context, reply: Reply, units: str) -> Reply:
    """``reply`` with its distances in metres or squares (the channel's ruleset's square
    for squares); the JSON keeps its feet and says which units the text uses."""
    square_ft = (await choose_ruleset(ctx, None)).ruleset.square_ft if units == "squares" else 5
    return shown_in_units(reply, units, square_ft)
