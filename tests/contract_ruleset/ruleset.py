"""Toy Grid on a grid: every square 5 ft (difficult terrain 10 ft), a move gives the
speed and a dash twice it, an ally's square may be crossed and an enemy's not. It
fills the contract with its own parts and the defaults (``Ruleset.__init__``): no
reach beyond a square, no threat, no flanking. Made up for the tests; no seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, StepContext, check_mode, hostile
from bot.rules.engine.moves import (
    MoveRequest,
    TokenFields,
    TokenMovement,
    TokenSpec,
    plain_token_fields,
    plain_token_movement,
)
from bot.rules.engine.steps import ProvokeRule
from bot.rules.identity import Identity
from bot.rules.parts.economy import ActionEconomy
from bot.rules.parts.sheet import Sheet
from bot.rules.parts.space import SpaceRule
from bot.rules.parts.steps import StepRule
from bot.rules.ruleset import Ruleset
from tests.contract_ruleset import IDENTITY
from tests.contract_ruleset.calculators import DOCUMENT, ToyCalculators

ACTIONS = Vocabulary("action", {"move": ("walk",), "dash": ("sprint",)})


class ToyEconomy(ActionEconomy):
    """A move: the speed; a dash: twice it. One of them a turn."""

    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "dash"

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = request.action or MoveAction.MOVE
        mode = check_mode(movement, token, request.mode)
        speed = movement.speeds_ft[mode] * (2 if action == MoveAction.DASH else 1)
        activity = token.activity
        budget = max(activity.budget_ft, float(speed))
        taken = tuple(dict.fromkeys((*activity.actions, action)))
        new = replace(activity, budget_ft=budget, actions=taken)
        return Allowance(action, mode, new.left_ft, new, ("Moving",))


class ToySheet(Sheet):
    """Speeds in feet, as every ruleset reads them plainly."""

    def token_movement(self, token: Token) -> TokenMovement:
        return plain_token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return plain_token_fields(spec)


class ToySteps(StepRule):
    """5 ft a square, 10 ft into difficult terrain (flying over it: 5 ft)."""

    def step_cost(
        self, ctx: StepContext, frm: Cell, to: Cell, diagonals: int, spent: float, squeezing: bool
    ) -> Edge | str:
        rough = ctx.allowance.mode != "fly" and any(
            ctx.board.terrain(c) is Terrain.DIFFICULT for c in ctx.board.cells(to)
        )
        cost = 10.0 if rough or squeezing else 5.0
        diagonal = frm.col != to.col and frm.row != to.row
        why = "difficult ×2" if rough else "squeezing ×2" if squeezing else ""
        return Edge(to, cost, diagonals + int(diagonal), why, hampered=cost > 5)


class ToySpace(SpaceRule):
    """An ally's square may be crossed, not ended in; an enemy's blocks."""

    def pass_creature(self, board: Board, other: Token) -> Passing:
        if hostile(board.mover, other):
            return Passing(False, "an enemy's square blocks the way (Toy Grid › Moving)")
        return Passing(True)


class ToyGrid(Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = ("tests/contract_ruleset",)
    sizes: ClassVar[tuple[Size, ...]] = (Size.SMALL, Size.MEDIUM, Size.LARGE)
    footprint_squares: ClassVar[Mapping[Size, int]] = {
        Size.SMALL: 1,
        Size.MEDIUM: 1,
        Size.LARGE: 2,
    }
    provoke_rule: ClassVar[ProvokeRule] = "never"

    def __init__(self) -> None:
        super().__init__()
        self.calculators = ToyCalculators()
        self.economy = ToyEconomy(self)
        self.sheet = ToySheet(self)
        self.steps = ToySteps(self)
        self.space = ToySpace(self)
