"""Reactions spent between a creature's turns (issue 29): an opportunity attack taken,
a readied move. A token keeps how many it has spent (``Token.reactions_used``) until its
next turn starts (``moves.fresh_turn``); one with none left provokes no opportunity
attack and takes no readied move that needs one. Pure: no Discord, no database."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Token
from bot.limits import MAX_REACTIONS
from bot.rules.engine.kinds import ReactionRule


def reactions_left(rule: ReactionRule | None, token: Token) -> int:
    """How many reactions ``token`` may still take before its turn (0: none, or the
    rules have no reactions)."""
    if rule is None:
        return 0
    return max(0, rule.per_round - token.reactions_used)


def has_reaction(rule: ReactionRule | None, token: Token) -> bool:
    """Whether ``token`` has a reaction left (True where the rules count none: a ruleset
    without reactions never takes one away)."""
    return rule is None or reactions_left(rule, token) > 0


def spend_reaction(token: Token) -> Token:
    """``token`` with one more reaction spent."""
    return replace(token, reactions_used=min(MAX_REACTIONS, token.reactions_used + 1))


def regain_reaction(token: Token) -> Token:
    """``token`` with one spent reaction back (the GM's correction, Combat Reflexes)."""
    return replace(token, reactions_used=max(0, token.reactions_used - 1))


def spent_words(rule: ReactionRule) -> str:
    """``its reaction`` or ``its attack of opportunity this round``, for a note."""
    if rule.word == "reaction":
        return "its reaction"
    return f"its {rule.word} this round"
