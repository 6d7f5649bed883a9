"""Grapples on the board: who holds whom, a grappler dragging its victim along, and the
grapple ending when the two are parted (000 Grappled; the SRDs' Grappled condition; 002
grapple movement). The mechanism for every ruleset; a ruleset with grappling rules
supplies a ``GrappleRule`` with its drag cost and its words. Pure: no Discord, no
database.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.rules.engine.kinds import GrappleRule
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def grapplers_of(token: Token) -> tuple[str, ...]:
    """The keys of the tokens grappling ``token`` (an order kept: first grappler first)."""
    return token.grappled_by


def with_grapplers(token: Token, keys: tuple[str, ...]) -> Token:
    """``token`` held by ``keys`` (none: the grapple link is gone; the Grappled
    condition goes with the last one only when the link was its cause)."""
    return replace(token, grappled_by=tuple(dict.fromkeys(keys)))


def light_load(grappler: Token, held: Token) -> bool:
    """000 and the SRDs: dragging is free of its cost when the held creature is Tiny or
    two sizes smaller (or less)."""
    return held.size <= Size.TINY or held.size <= grappler.size - 2


def parted(
    rules: Ruleset, encounter: Encounter, moved: Collection[str], *, pushed: Collection[str]
) -> tuple[Encounter, tuple[Note, ...]]:
    """Grapples that end because a move parted the two (the held creature out of its
    grappler's reach): the link and, with the last grapple, the Grappled condition go.
    ``moved``: the keys of the tokens that moved; ``pushed``: those of them moved by a
    push, pull or slide (000 Ending the Grappled Condition › Forced Movement)."""
    rule = rules.grapple_rule
    # without grappling rules of its own (becmi) a grapple the GM recorded still ends
    # when the two are parted: nobody holds what it can't reach
    ends = f" ({rule.ends_text})" if rule is not None else ""
    notes: list[Note] = []
    tokens = dict(encounter.tokens)
    for key, token in encounter.tokens.items():
        holders = grapplers_of(token)
        if not holders or not (key in moved or any(h in moved for h in holders)):
            continue
        kept = []
        for holder_key in holders:
            holder = tokens.get(holder_key)
            if holder is not None and _within_reach(rules, holder, token):
                kept.append(holder_key)
                continue
            name = holder.name if holder is not None else holder_key
            forced = key in pushed or holder_key in pushed
            why = (
                f"{token.name} was moved out of {name}'s reach"
                if forced
                else f"{name} and {token.name} are out of reach of each other ({name} let go)"
            )
            notes.append(Note("Grapple ends", f"{why}: the grapple ends{ends}."))
        if len(kept) != len(holders):
            released = with_grapplers(token, tuple(kept))
            if not kept:
                released = replace(
                    released, conditions=released.conditions - {Condition.GRAPPLED.value}
                )
            tokens[key] = released
    if not notes:
        return encounter, ()
    return replace(encounter, tokens=tokens), tuple(notes)


def let_go(encounter: Encounter, holder: Token, why: str) -> tuple[Encounter, tuple[Note, ...]]:
    """Every grapple ``holder`` keeps ends (it is incapacitated, or leaves the board)."""
    notes: list[Note] = []
    tokens = dict(encounter.tokens)
    for key, token in encounter.tokens.items():
        holders = grapplers_of(token)
        if holder.key not in holders:
            continue
        kept = tuple(h for h in holders if h != holder.key)
        released = with_grapplers(token, kept)
        if not kept:
            released = replace(
                released, conditions=released.conditions - {Condition.GRAPPLED.value}
            )
        tokens[key] = released
        notes.append(Note("Grapple ends", f"{holder.name} {why}: {token.name} is free of it."))
    if not notes:
        return encounter, ()
    return replace(encounter, tokens=tokens), tuple(notes)


def _within_reach(rules: Ruleset, holder: Token, held: Token) -> bool:
    """Whether any square of ``held`` is within ``holder``'s reach (5 ft, or its own)."""
    side = rules.footprint_squares
    reach_squares = max(1, int((holder.reach_ft or rules.square_ft) // rules.square_ft))
    mine = footprint(holder.cell, side.get(holder.size, 1))
    theirs = footprint(held.cell, side.get(held.size, 1))
    return any(
        max(abs(a.col - b.col), abs(a.row - b.row)) <= reach_squares for a in mine for b in theirs
    )


__all__ = [
    "GrappleRule",
    "grapplers_of",
    "let_go",
    "light_load",
    "parted",
    "with_grapplers",
]
