"""The space part of a ruleset: who may enter, pass and end in another creature's
space, squeezing, and what sharing a space costs. Pure.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.rules.engine.board import Board, Passing, StepContext, at
from bot.rules.parts import Part
from bot.rules.rulings import Note

if TYPE_CHECKING:  # the plan's types: a calculator's cold start never loads the planner
    from bot.rules.engine.plan import Route


class SpaceRule(Part, ABC):
    """Creatures in each other's way; ``pass_creature`` is the one a ruleset must give."""

    @abstractmethod
    def pass_creature(self, board: Board, other: Token) -> Passing:
        """Whether ``board.mover`` may enter, and stay in, a square ``other`` holds."""

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        """Why ``board.mover`` may not stand with its top-left square at ``anchor``
        among the other creatures ("" when it may). A move's end and a token's
        placement both ask this, so the two never disagree."""
        for other in board.others_in(board.cells(anchor)):
            if not self.pass_creature(board, other).may_end:
                return f"{at(board, other)}: {self.rules.sharing_rule}"
        return ""

    def share_space(
        self, ctx: StepContext, route: Route, sharing: list[str], *, jumped: bool
    ) -> tuple[Route, tuple[Note, ...]]:
        """A move ending in the space of the creatures named ``sharing`` (where
        ``pass_creature`` says ending there squeezes): the route as it then costs,
        and what the reply says. ``jumped``: its last step is a jump's landing.
        Refuses with ``IllegalMove`` where it can't."""
        return route, ()

    def squeeze_width(self, side: int) -> int:
        """How narrow a space a creature of ``side`` squares can squeeze into."""
        return side

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        """Whether ``other``'s space hampers ``mover`` passing through it."""
        return False

    def forced_over(self, board: Board, other: Token) -> bool:
        """Whether a push, pull or slide may carry ``board.mover`` over ``other`` rather
        than stopping before it (004 Stepover); no by default."""
        return False

    def entering_provokes(
        self, board: Board, token: Token, enemy: Token, cells: list[Cell]
    ) -> Cell | None:
        """Where entering ``enemy``'s space provokes it (3.5's very small creatures)."""
        return None
