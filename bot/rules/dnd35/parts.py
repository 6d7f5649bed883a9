"""3.5's parts beyond the d20 family's: its actions' data and a tired creature's
limits (``Dnd35Economy``), low walls and a perfect flyer's climb (``Dnd35Steps``), and
who may pass, share and stand over whom (``Dnd35Space``: seed 001 › Moving through a
Square, Tiny, Diminutive, and Fine Creatures). Pure: no Discord, no database."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.names import Vocabulary
from bot.rules.d20.actions import D20Economy
from bot.rules.d20.grid import ACTIONS, Action, D20Steps, armor, load
from bot.rules.dnd35.tables import SQUARE_SHARE
from bot.rules.dnd35.tokens import ACTION_TERMS, helpless, token_fields, token_movement
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, hostile
from bot.rules.engine.moves import MoveRequest, TokenFields, TokenMovement, TokenSpec
from bot.rules.engine.traits import has_trait
from bot.rules.parts.sheet import Sheet
from bot.rules.parts.space import SpaceRule


class Dnd35Economy(D20Economy):
    """3.5's actions (002), a bull rush among them, and the tired creature's limits."""

    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = (*ACTIONS.names, "bull-rush")
    band_action: ClassVar[str] = "double"
    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = False  # 002 Stand Up from Prone

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        """A tired creature (the 3.5 SRD's conditions, borrowed: the seeds name them
        without defining them): fatigued or exhausted can't run or charge; exhausted moves
        at half speed, and a creature reduced to half speed can't run, charge or take a
        5-foot step (002 Run, Charge, Take a 5-Foot Step)."""
        action = request.action or MoveAction.MOVE
        tired = next((c for c in (Condition.EXHAUSTED, Condition.FATIGUED) if token.has(c)), None)
        if tired is not None and action in ("run", "charge"):
            raise IllegalMove(
                f"{token.name} is {tired.value}: {'an' if tired is Condition.EXHAUSTED else 'a'} "
                f"{tired.value} creature can't run or charge "
                f"(3.5 SRD › Conditions › {tired.value.capitalize()}, borrowed)."
            )
        if tired is Condition.EXHAUSTED and action == "5ft-step":
            raise IllegalMove(
                f"{token.name} is exhausted, so it moves at half speed, and a creature "
                "reduced to half speed can't take a 5-foot step (Rules of the Game › Take a "
                "5-Foot Step; 3.5 SRD › Conditions › Exhausted, borrowed)."
            )
        return super().allowance(encounter, token, request, movement)

    def run_multiple(self, token: Token) -> tuple[int, str]:
        if armor(token) == "heavy" or load(token) == "heavy":
            why = "heavy armor" if armor(token) == "heavy" else "a heavy load"
            return 3, f"×3 speed in {why} (Rules of the Game › Run)"
        return 4, "×4 speed in a straight line (Rules of the Game › Run)"


class Dnd35Sheet(Sheet):
    """A token's speeds under 3.5 (its armor, load and race: dnd35/tokens.py)."""

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)


class Dnd35Steps(D20Steps):
    """The d20 squares with 3.5's low walls (001 Obstacles) and a perfect flyer's climb."""

    def climb_cost_ft(self, token: Token, squares: int, up_ft: int) -> float:
        if up_ft > 0 and has_trait(token, "fly-perfect"):
            return float(up_ft)  # perfect maneuverability climbs at full speed
        return super().climb_cost_ft(token, squares, up_ft)

    def over_low_walls(self, edge: Edge, count: int) -> Edge:
        # 001 Obstacles: an obstacle between squares counts as 2 squares, paid to cross
        # it "in addition to the cost to move into the square on the other side"
        extra = 2 * self.rules.square_ft * count
        return replace(
            edge,
            cost_ft=edge.cost_ft + extra,
            why=", ".join(w for w in (edge.why, f"over a low wall +{extra} ft") if w),
            hampered=True,
        )


class Dnd35Space(SpaceRule):
    """Who may pass and share whose square (001 Moving through a Square)."""

    def squeeze_width(self, side: int) -> int:
        # 001 Squeezing: into a space at least half as wide as its normal space
        return max(1, (side + 1) // 2)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if helpless(other):
            return Passing(True, may_end=True)
        if mover.size <= Size.TINY:
            # 001 Very Small Creature; Tiny, Diminutive, and Fine Creatures: "They must
            # enter an opponent's square to attack in melee"
            return Passing(True, may_end=other.size <= Size.TINY or hostile(mover, other))
        if not hostile(mover, other):
            return Passing(True, may_end=other.size <= Size.TINY and mover.size <= Size.TINY)
        if abs(other.size - mover.size) >= 3:
            return Passing(True)
        return Passing(
            False,
            "an opponent's square blocks the way unless it is helpless (SRD › Moving through a "
            "Square; overrun or tumble are the GM's call)",
        )

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        """001 Tiny, Diminutive, and Fine Creatures: "four [Tiny creatures] can fit into a
        single square. Twenty-five Diminutive creatures or 100 Fine creatures"."""
        problem = super().sharing_problem(board, anchor)
        if problem or board.mover.size > Size.TINY:
            return problem
        for cell in board.cells(anchor):
            small = [o for o in board.occupants.get(cell, ()) if o.size <= Size.TINY]
            used = sum(SQUARE_SHARE[o.size] for o in small) + SQUARE_SHARE[board.mover.size]
            if used > 1:
                return (
                    f"{cell} is full: four Tiny, 25 Diminutive or 100 Fine creatures fit in "
                    "a square (SRD › Tiny, Diminutive, and Fine Creatures)"
                )
        return ""

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        # 001 Opponent: a very large helpless creature counts as 2 squares
        return helpless(other) and other.size >= Size.LARGE and hostile(mover, other)

    def entering_provokes(
        self, board: Board, token: Token, enemy: Token, cells: list[Cell]
    ) -> Cell | None:
        # 001 Very Small Creature: moving into an occupied square provokes
        if token.size > Size.TINY:
            return None
        space = set(board.footprint_of(enemy))
        return next((c for c in cells[1:] if c in space), None)
