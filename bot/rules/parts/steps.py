"""The steps part of a ruleset: what each square of a move costs, climbing low walls
and heights, jumping on the way, and what a move leaves behind on the token. Pure.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import replace

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.grid.paths import Edge
from bot.rules.engine.board import Board, StepContext, join
from bot.rules.parts import Part
from bot.rules.rulings import JumpRequest, Note


class StepRule(Part, ABC):
    """A step's cost (``step_cost``, the one a ruleset must give) and the events on the
    way: low walls, climbing, jumps, pits, what the path itself changes."""

    @abstractmethod
    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        """The step's cost, or why it is illegal (after the shared checks passed).

        ``spent`` is what this command has spent before the step; ``squeezing``
        says the token squeezes into ``to``.
        """

    def min_step_ft(self, ctx: StepContext) -> float:
        """The least a step can cost (the searches' floor)."""
        return float(self.rules.square_ft)

    def avoids_obstacles(self, token: Token, mode: str) -> bool:
        """Whether ``token`` moving in ``mode`` passes low walls without climbing them
        (a flyer; the d20 rulesets add incorporeal creatures, 001 Obstacles)."""
        return mode == "fly"

    def over_low_walls(self, edge: Edge, count: int) -> Edge:
        """A step that climbs ``count`` low walls: like difficult terrain by default."""
        if edge.hampered:
            return replace(edge, why=join(edge.why, "over a low wall"))
        return replace(
            edge, cost_ft=edge.cost_ft * 2, why=join(edge.why, "low wall ×2"), hampered=True
        )

    def climb_cost_ft(self, token: Token, squares: int, up_ft: int) -> float:
        """What going ``up_ft`` (negative: down) costs on a move of ``squares``."""
        from bot.rules.engine.altitude import climb_cost_ft  # loaded with the first climb

        return climb_cost_ft(self.rules.vertical, self.rules.square_ft, squares, up_ft)

    def jump_problem(self, ctx: StepContext) -> str:
        """Why ``ctx.board.mover`` can't jump in this move ("" when it can)."""
        return ""

    def jump_asked(self, ctx: StepContext, request: JumpRequest) -> JumpRequest:
        """The /jump a jump on the way asks, with what the mover brings to it (the SRDs:
        its Strength score); as built by default."""
        return request

    def jump_cost_ft(
        self, ctx: StepContext, length_ft: float, takeoff: Cell, landing: Cell
    ) -> tuple[float, str]:
        """The movement a jump of ``length_ft`` from ``takeoff`` to ``landing`` spends, and
        why it isn't the length (by default each foot jumped costs a foot)."""
        return length_ft, ""

    def landing_notes(self, board: Board, landing: Cell) -> tuple[Note, ...]:
        """What landing a jump at ``landing`` may take beyond the jump itself."""
        return ()

    def pit_fall(self, board: Board, pit: Cell) -> tuple[Note, ...]:
        """What a move that ends by stepping into the pit at ``pit`` hands over to the
        fall (only where ``pits_enterable``)."""
        return ()

    def after_path(
        self, ctx: StepContext, token: Token, cells: list[Cell]
    ) -> tuple[tuple[tuple[str, bool], ...], tuple[Note, ...]]:
        """Conditions the path itself changes (5e-alt: swimming ends Prone), and why."""
        return (), ()

    def moved_as(self, board: Board, token: Token, anchor: Cell, mode: str) -> Token:
        """``token`` after a move in ``mode`` ended at ``anchor``: what the ruleset
        remembers of it (Continuity of Movement: how it last moved)."""
        return token
