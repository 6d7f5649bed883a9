"""Pieces every handler shares: which ruleset answers, and how dice read."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.context import Context
from bot.dice import Roll
from bot.reply import Field, Reply
from bot.rules import DEFAULT_RULESET, get_ruleset, identities, load_ruleset
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note
from bot.units import feet, in_units

RULESET_CHOICES = tuple(identities())


@dataclass(frozen=True)
class RulesetChoice:
    """Which ruleset a channel's command uses, and why (for /ruleset show)."""

    ruleset: Ruleset
    why: str  # "given with ruleset:", "this channel's encounter", "set for this channel"...
    is_default: bool = False


async def choose_ruleset(ctx: Context, override: str | None) -> RulesetChoice:
    """An explicit ``ruleset:`` wins; then the running encounter's (a fight started with
    ruleset:3.5 rules its channel's /fall, /jump and /travel too); then the channel's;
    then the default."""
    if override:
        return RulesetChoice(get_ruleset(override), "given with ruleset:")
    running = await ctx.store.active_ruleset(ctx.channel_id)
    if running is not None and running in identities():
        return RulesetChoice(load_ruleset(running), "the ruleset of this channel's encounter")
    stored = await ctx.store.channel_ruleset(ctx.channel_id)
    if stored is not None:
        return RulesetChoice(load_ruleset(stored), "set for this channel")
    if ctx.guild_id is not None:
        server = (await ctx.store.guild_settings(ctx.guild_id)).ruleset
        if server is not None and server in identities():
            return RulesetChoice(load_ruleset(server), "the server's default")
    return RulesetChoice(
        load_ruleset(DEFAULT_RULESET), "the default: no ruleset set here yet", is_default=True
    )


async def ruleset_for(ctx: Context, override: str | None) -> tuple[Ruleset, list[Field]]:
    """The ruleset a command uses, plus a one-time notice when the channel has none.

    See ``choose_ruleset`` for the order; the first reply in a channel that falls
    back to the default says so and how to change it.
    """
    choice = await choose_ruleset(ctx, override)
    if not choice.is_default:
        return choice.ruleset, []
    _, notice_shown = await ctx.store.channel_rules_state(ctx.channel_id)
    notice: list[Field] = []
    # one read per command; the write happens once the command has succeeded (run())
    if not notice_shown:
        ctx.default_notice_pending = True
        notice.append(
            Field(
                "Ruleset",
                f"This channel has no ruleset set, so this used {DEFAULT_RULESET} (the default). "
                f"Change it with /ruleset set system:<{'|'.join(identities())}>, or add "
                "ruleset: to one command.",
            )
        )
    return choice.ruleset, notice


def note_fields(notes: tuple[Note, ...], *, explain: bool = False) -> list[Field]:
    """The notes as reply fields; ``explain`` gives each its whole working."""
    return [Field(n.label, n.detail if explain and n.detail else n.text) for n in notes]


def note_json(note: Note) -> dict[str, str]:
    return {
        "label": note.label,
        "text": note.text,
        **({"detail": note.detail} if note.detail else {}),
    }


def roll_json(r: Roll) -> dict[str, Any]:
    return {"expression": r.expression, "faces": list(r.faces), "total": r.total}


def feet_or_dash(value: float | None) -> str:
    return "—" if value is None else feet(value)


async def in_channel_units(ctx: Context, reply: Reply, units: str) -> Reply:
    """``reply`` with its distances in metres or squares (the channel's ruleset's square
    for squares); the JSON keeps its feet and says which units the text uses."""
    square_ft = (await choose_ruleset(ctx, None)).ruleset.square_ft if units == "squares" else 5

    def shown(text: str) -> str:
        return in_units(text, units, square_ft)

    return replace(
        reply,
        title=shown(reply.title),
        description=shown(reply.description),
        footer=shown(reply.footer),
        fields=tuple(replace(f, value=shown(f.value)) for f in reply.fields),
        private_fields=tuple(replace(f, value=shown(f.value)) for f in reply.private_fields),
        result={**reply.result, "units": units},
    )
