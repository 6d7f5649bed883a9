"""The reach part of a ruleset: how far a creature reaches, the squares it threatens,
and how far apart two squares are. Pure.
"""

from __future__ import annotations

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.rules.engine.board import Board
from bot.rules.parts import Part


class ReachRule(Part):
    """Reach, threat and distance; by default one square's reach, no threatened squares
    and every diagonal one square."""

    def reach_ft(self, token: Token) -> int:
        """How far it reaches (its own reach, else one square)."""
        return token.reach_ft or self.rules.square_ft

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        """Squares ``enemy`` threatens (or, for leave-reach rulesets, its reach)."""
        return frozenset()

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        """Whether ``cell`` is one of ``threatened``: a ruleset answers it without working
        out the rest where it can (a long reach covers a whole map)."""
        return cell in self.threatened(board, enemy)

    def distance_ft(self, a: Cell, b: Cell) -> float:
        """The shortest distance between two squares, ignoring terrain (a charge must
        take it, 002 "Charge")."""
        return float(chebyshev(a, b) * self.rules.square_ft)

    def measure_ft(self, a: Cell, b: Cell) -> float:
        """The distance /distance shows between two squares: counted as a move counts
        squares on open ground, under the table's diagonal rule (5e's optional 5-10-5,
        5e-alt's euclidean diagonals). Where the ruleset has one diagonal rule it is
        ``distance_ft``."""
        return self.distance_ft(a, b)
