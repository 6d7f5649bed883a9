"""The sheet part of a ruleset: what it reads off a token (its speeds, the options it
keeps in ``Token.state``), checked when a user gives them. Pure.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from bot.encounter import Token
from bot.rules.engine.moves import TokenFields, TokenMovement, TokenSpec
from bot.rules.parts import Part
from bot.rules.rulings import Note


class Sheet(Part, ABC):
    """A token's movement as the ruleset reads it, and the fields a user may give."""

    @abstractmethod
    def token_movement(self, token: Token) -> TokenMovement:
        """The token's speeds (and what changed them) as the rules read them now."""

    @abstractmethod
    def token_fields(self, spec: TokenSpec) -> TokenFields:
        """Check what a user gave for a token's movement; the values to store."""

    def speed_notes(self, token: Token) -> tuple[Note, ...]:
        """What a changed speed means for the token as it now stands (all its speeds,
        not only the ones just given)."""
        return ()

    def token_words(self, token: Token) -> tuple[str, ...]:
        """What a token line adds for this ruleset's state ("exhaustion 2", "swimming")."""
        return ()
