"""The flanking part of a ruleset: who flanks whom, for two creatures and a third
(/flank), the whole board (/map flanks:true), and after a move. None by default. Pure.
"""

from __future__ import annotations

from bot.encounter import Encounter, Token
from bot.rules.parts import Part
from bot.rules.rulings import BoardFlanks, Flank, Note


class FlankRule(Part):
    """No flanking rule: the seeds of most rulesets have none."""

    def flank(self, encounter: Encounter, a: Token, b: Token, target: Token) -> Flank | None:
        """Whether ``a`` and ``b`` flank ``target`` where they stand; None where the
        ruleset's seeds have no flanking rule."""
        return None

    def board_flanks(self, encounter: Encounter) -> BoardFlanks | None:
        """Every creature two of its foes flank, the whole board at once (bounded work);
        None where the ruleset's seeds have no flanking rule."""
        return None

    def after_move_notes(self, encounter: Encounter, mover: Token) -> tuple[Note, ...]:
        """What a move's reply adds once the token stands where it ended (004: the
        enemies it now flanks, and with whom); nothing by default."""
        return ()
