"""5e-alt's smaller parts: a token's Speed from its stat block (``AltSheet``), who may
pass whom (``AltSpace``: 000 Moving Around Other Creatures), and reach and the table's
diagonal rule (``AltReach``: 000 Optional Rule: Units of Distance). Pure."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, squares_one_two
from bot.grid.sizes import Size
from bot.rules.engine.board import Board, Passing, hostile, in_reach, within_reach
from bot.rules.engine.moves import TokenFields, TokenMovement, TokenSpec, moving_as
from bot.rules.five_e_alt.tokens import DEFAULT_REACH_FT, speed_notes, token_fields, token_movement
from bot.rules.parts.reach import ReachRule
from bot.rules.parts.sheet import Sheet
from bot.rules.parts.space import SpaceRule
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


class AltSheet(Sheet):
    """A token's one Speed from its stat block's several (speeds.py), and how it moves."""

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def speed_notes(self, token: Token) -> tuple[Note, ...]:
        return speed_notes(token)

    def token_words(self, token: Token) -> tuple[str, ...]:
        return moving_as(token)


class AltSpace(SpaceRule):
    """Who may pass whom, and squeezing (000 Moving Around Other Creatures)."""

    def squeeze_width(self, side: int) -> int:
        # an opening sized for a creature one Size smaller (000 Difficult Terrain)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        hampers = other.size != Size.TINY
        if other.has(Condition.INCAPACITATED) or not hostile(mover, other):
            return Passing(True, hampers=hampers)
        if abs(other.size - mover.size) >= 2 or other.size == Size.TINY:
            return Passing(True, hampers=hampers)
        return Passing(
            False,
            "a hostile creature within one size of the mover blocks its space "
            "(Alternate Movement › Moving Around Other Creatures)",
        )


class AltReach(ReachRule):
    """Reach (5 ft unless the token has its own) and the encounter's diagonal rule."""

    def __init__(self, rules: Ruleset, diagonal_rule: str) -> None:
        super().__init__(rules)
        self.diagonal_rule = diagonal_rule

    def measure_ft(self, a: Cell, b: Cell) -> float:
        """000's diagonals as the encounter chose them: 5 ft each, 5-10-5 alternating,
        or euclidean (5 ft × √2 each diagonal square, as a move counts them)."""
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        if self.diagonal_rule == "5-10-5":
            return float(squares_one_two(dx, dy) * 5)
        if self.diagonal_rule == "euclidean":
            diagonal = min(dx, dy)
            return round((max(dx, dy) - diagonal) * 5.0 + diagonal * 5.0 * math.sqrt(2), 1)
        return float(chebyshev(a, b) * 5)

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        return within_reach(board, enemy, reach, self.rules.square_ft)

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        return in_reach(board, enemy, reach, self.rules.square_ft, cell)
