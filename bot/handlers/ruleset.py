"""/ruleset set and /ruleset show: the channel's ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers.common import RULESET_CHOICES, choose_ruleset
from bot.reply import Field, Reply
from bot.rules import DEFAULT_RULESET, get_ruleset, identities
from bot.rules.ruleset import Ruleset


def _describe_all() -> str:
    """One line per ruleset: its id and what it is."""
    return "\n".join(f"`{i.id}` — {i.summary}" for i in identities().values())


def _diagonal_text(ruleset: Ruleset, diagonals: str | None) -> str:
    if not ruleset.diagonal_rules:
        return ""
    rule = diagonals or ruleset.diagonal_rules[0]
    return f"; diagonals {rule} in the encounters started here"


async def handle_set(ctx: Context, options: Mapping[str, Any]) -> Reply:
    if options.get("scope", "channel") == "server":
        return await _set_for_server(ctx, options)
    if not ctx.is_gm:
        raise NotAllowed(
            "Only the GM can change this channel's ruleset (anyone with Manage Channels, "
            "or the server's GM role). Any command can still take ruleset: for itself."
        )
    ruleset = get_ruleset(options["system"])
    diagonals = options.get("diagonals")
    if diagonals is not None and diagonals not in ruleset.diagonal_rules:
        counts = " or ".join(ruleset.diagonal_rules) or "one way only"
        raise InvalidInput(f"diagonals: {ruleset.id} counts a diagonal {counts}, not {diagonals}.")
    before = await ctx.store.channel_ruleset(ctx.channel_id)
    await ctx.store.set_channel_ruleset(ctx.channel_id, ruleset.id, ctx.user_id, ctx.guild_id)
    await ctx.store.set_channel_diagonals(ctx.channel_id, diagonals)
    was = before or f"{DEFAULT_RULESET} (default)"
    return Reply(
        title=f"This channel now rules with {ruleset.id}",
        fields=(
            Field("Ruleset", f"{ruleset.name} — {ruleset.document}"),
            Field("Before", was),
            Field("Grid", f"{ruleset.square_ft} ft squares" + _diagonal_text(ruleset, diagonals)),
            Field("All rulesets", _describe_all()),
        ),
        footer="Every command also takes ruleset: to override it once.",
        result={
            "ruleset": ruleset.id,
            "previous": before,
            "square_ft": ruleset.square_ft,
            "diagonals": diagonals,
        },
    )


async def _set_for_server(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """/ruleset set scope:server: every channel of the server that sets none of its own."""
    if ctx.guild_id is None:
        raise InvalidInput("scope:server needs a server: this is a direct message.")
    if not (ctx.manages_server or await ctx.holds_gm_role()):
        raise NotAllowed(
            "Only someone with Manage Channels or Manage Server across the server (from "
            "their roles, not granted in one channel), or the server's GM role, sets the "
            "server's ruleset. scope:channel sets this channel's."
        )
    if options.get("diagonals") is not None:
        raise InvalidInput(
            "diagonals: is a channel's setting; set it with scope:channel in that channel."
        )
    ruleset = get_ruleset(options["system"])
    before = (await ctx.store.guild_settings(ctx.guild_id)).ruleset
    await ctx.store.set_guild_ruleset(ctx.guild_id, ruleset.id, ctx.user_id)
    here = await ctx.store.channel_ruleset(ctx.channel_id)
    fields = [
        Field("Ruleset", f"{ruleset.name} — {ruleset.document}"),
        Field("Before", before or f"{DEFAULT_RULESET} (the bot's default)"),
        Field(
            "Channels",
            "Every channel of this server without a ruleset of its own uses it; a channel's "
            "own /ruleset set wins." + (f" This channel has its own: {here}." if here else ""),
        ),
    ]
    return Reply(
        title=f"This server now rules with {ruleset.id}",
        fields=tuple(fields),
        footer="Every command also takes ruleset: to override it once.",
        result={"ruleset": ruleset.id, "previous": before, "scope": "server"},
    )


async def handle_show(ctx: Context, options: Mapping[str, Any]) -> Reply:
    choice = await choose_ruleset(ctx, None)
    current = choice.ruleset
    stored = await ctx.store.channel_ruleset(ctx.channel_id)
    return Reply(
        title=f"This channel rules with {current.id}",
        fields=(
            Field("Ruleset", f"{current.name} — {current.document} ({choice.why})"),
            Field("Available", _describe_all()),
        ),
        footer="Change it with /ruleset set system:<name>.",
        result={
            "ruleset": current.id,
            "is_default": choice.is_default,
            "why": choice.why,
            "channel_ruleset": stored,
            "server_ruleset": (
                (await ctx.store.guild_settings(ctx.guild_id)).ruleset if ctx.guild_id else None
            ),
            "available": list(identities()),
        },
    )


SET = Command(
    "ruleset set",
    "Set this channel's ruleset, or the server's default (GM)",
    (
        Option("system", "string", "The ruleset", required=True, choices=RULESET_CHOICES),
        Option(
            "diagonals",
            "string",
            "5e and 5e-alt: how a diagonal counts in encounters started here (5 or 5-10-5)",
            choices=("5", "5-10-5", "euclidean"),
        ),
        Option(
            "scope",
            "string",
            "This channel (the default) or the whole server's default",
            choices=("channel", "server"),
        ),
    ),
    handle_set,
    changes_state=True,
)
SHOW = Command("ruleset show", "Show this channel's ruleset", (), handle_show)
