"""Traits a token's rules read that have no option of their own (/token trait): Ice Walk,
Spider Climb, a creature with no free hand (000 Climb, Ice Walk), a flyer's
maneuverability (001 Fly). Kept on the token as its state; each ruleset names the ones
it reads. Pure: no Discord, no database.
"""

from __future__ import annotations

from bot.encounter import Token
from bot.state import text

TRAITS = "traits"  # a token's state: its traits, comma-separated


def traits_of(token: Token) -> tuple[str, ...]:
    held = text(token.state, TRAITS)
    return tuple(t for t in held.split(",") if t) if held else ()


def has_trait(token: Token, name: str) -> bool:
    return name in traits_of(token)


def with_traits(token: Token, names: tuple[str, ...]) -> Token:
    return token.with_state(**{TRAITS: ",".join(sorted(set(names))) or None})
