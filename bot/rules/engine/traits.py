"""Traits a token's rules read that have no option of their own (/token trait): Ice Walk,
Spider Climb, a creature with no free hand (000 Climb, Ice Walk), a flyer's
maneuverability (001 Fly). Kept on the token (``Token.traits``); each ruleset names the
ones it reads. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Token


def traits_of(token: Token) -> tuple[str, ...]:
    return token.traits


def has_trait(token: Token, name: str) -> bool:
    return name in traits_of(token)


def with_traits(token: Token, names: tuple[str, ...]) -> Token:
    return replace(token, traits=tuple(sorted(set(names))))
