"""The conditions part of a ruleset: what gaining or losing a condition does at once,
what it refuses, what keeps a flyer up, and what forced movement offers a creature.
Pure.
"""

from __future__ import annotations

from bot.encounter import Condition, Token
from bot.rules.parts import Part
from bot.rules.rulings import Note


class ConditionRule(Part):
    """Conditions as events; by default they change only their flags."""

    def condition_refused(self, token: Token, condition: Condition) -> str:
        """Why ``token`` can't gain ``condition`` now ("" when it can)."""
        return ""

    def conditions_changed(self, before: Token, after: Token) -> tuple[Token, tuple[Note, ...]]:
        """What gaining or losing conditions does at once, beyond the flags (5e-alt:
        becoming Immobilized loses all remaining Movement; falling Unconscious drops
        Prone): the token as it then is, and why."""
        return after, ()

    def condition_notes(self, before: Token, after: Token) -> list[Note]:
        """What a change of conditions does to how the token is moving (5e-alt: a
        climber or flyer that can't go on falls)."""
        return []

    def grounded(self, token: Token) -> tuple[str, ...]:
        """Why a flyer aloft can't stay up, each in a word or two ("prone"); a new one
        makes it fall unless it hovers (``falls_from_the_air``). By default Prone,
        Immobilized and Incapacitated (000 Fly › Falling While Flying)."""
        from bot.rules.engine.altitude import grounding

        return grounding(token)

    def forced_notes(self, token: Token) -> tuple[Note, ...]:
        """What the reply to a push, pull or slide of ``token`` adds (epic-path: it may
        fall prone to end it, or ignore it while prone by choice)."""
        return ()
