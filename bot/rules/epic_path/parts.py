"""epic-path's smaller parts: a token's speeds (``EpicSheet``), the d20 squares with
a pit a walker may step into (``EpicSteps``: 004 Hazardous Terrain), and prone as a
defence against forced movement (``EpicConditions``: 004 Forced Movement). Pure."""

from __future__ import annotations

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.rules.d20.grid import D20Steps
from bot.rules.engine.board import Board
from bot.rules.engine.moves import TokenFields, TokenMovement, TokenSpec
from bot.rules.epic_path.calculators import FALL_RULES
from bot.rules.epic_path.tokens import token_fields, token_movement
from bot.rules.parts.conditions import ConditionRule
from bot.rules.parts.sheet import Sheet
from bot.rules.rulings import Note


class EpicSheet(Sheet):
    """A token's speeds under epic-path (armor and load: epic_path/tokens.py)."""

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)


class EpicSteps(D20Steps):
    """The d20 squares, and a pit a walker may step into."""

    def pit_fall(self, board: Board, pit: Cell) -> tuple[Note, ...]:
        """004 Hazardous Terrain: a pit opening may be moved into freely; 004 Falling
        says what the fall does."""
        name = board.mover.name
        return (
            Note(
                "Falls",
                f"{name} moves into the pit at {pit}, hazardous terrain a character may "
                "freely enter (Epic Path › Hazardous Terrain), and falls: 1d6 per 10 ft fallen, "
                f"at most {FALL_RULES.max_dice}d6 (Epic Path › Falling). How deep is the GM's: "
                "/fall height:<feet> ruleset:epic-path gives the damage. Jumping in on "
                "purpose makes the first 1d6 nonlethal, and a DC 15 Acrobatics check "
                "avoids the first 10 ft (/fall intentional:true check:<total>).",
            ),
        )


class EpicConditions(ConditionRule):
    """A creature that dropped prone by choice (or has had the chance to stand) may
    ignore forced movement (004 Forced Movement)."""

    def conditions_changed(self, before: Token, after: Token) -> tuple[Token, tuple[Note, ...]]:
        """Prone put on or taken off by the GM (/token condition) is not the creature's own
        choice: no resistance to forced movement until its turn comes (004)."""
        after, notes = super().conditions_changed(before, after)
        if before.has(Condition.PRONE) != after.has(Condition.PRONE):
            after = after.with_state(prone_resists=None)
        return after, notes

    def forced_notes(self, token: Token) -> tuple[Note, ...]:
        """004 Forced Movement: the creature may fall prone at any point to end it; while
        prone by choice (or since its turn came) it may ignore it altogether."""
        if token.has(Condition.PRONE) and token.state.get("prone_resists"):
            return (
                Note(
                    "Prone",
                    f"{token.name} may ignore this forced movement while it stays prone: it "
                    "dropped prone by choice or has had the chance to stand up since (Epic "
                    "Path › Forced Movement). If it does, /undo.",
                ),
            )
        return (
            Note(
                "Fall prone",
                f"{token.name} may fall prone at any square of it, its start included, ending "
                "it there (Epic Path › Forced Movement).",
            ),
        )
