"""Pieces every handler shares: which ruleset answers, and how dice read."""

from __future__ import annotations

from typing import Any

from bot.context import Context
from bot.dice import Roll
from bot.reply import Field
from bot.rules import DEFAULT_RULESET, get_ruleset, identities, rulesets
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note
from bot.units import feet

RULESET_CHOICES = tuple(identities())


async def ruleset_for(ctx: Context, override: str | None) -> tuple[Ruleset, list[Field]]:
    """The ruleset a command uses, plus a one-time notice when the channel has none.

    An explicit ``ruleset:`` wins; then the channel's; then the default, and
    the first reply in such a channel says so and how to change it.
    """
    if override:
        return get_ruleset(override), []
    stored, notice_shown = await ctx.store.channel_rules_state(ctx.channel_id)
    if stored is not None:
        return rulesets()[stored], []
    notice: list[Field] = []
    # one read per command; the write (and its commit) happens once per channel
    if not notice_shown and await ctx.store.take_default_notice(ctx.channel_id):
        notice.append(
            Field(
                "Ruleset",
                f"This channel has no ruleset set, so this used {DEFAULT_RULESET} (the default). "
                "Change it with /ruleset set system:<5e-alt|3.5|becmi|epic-path>, or add "
                "ruleset: to one command.",
            )
        )
    return rulesets()[DEFAULT_RULESET], notice


def note_fields(notes: tuple[Note, ...]) -> list[Field]:
    return [Field(n.label, n.text) for n in notes]


def roll_json(r: Roll) -> dict[str, Any]:
    return {"expression": r.expression, "faces": list(r.faces), "total": r.total}


def feet_or_dash(value: float | None) -> str:
    return "—" if value is None else feet(value)
