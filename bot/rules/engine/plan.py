"""One /move while it is being planned: the request, the action's allowance, the
path found so far and the notes the reply will carry; and what the pipeline lends a
kind of move (``engine/specials/``): ``PlanContext``.
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.paths import Edge, Found
from bot.rules.engine.board import Allowance, Board, StepContext
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.engine.displacement import Planned
    from bot.rules.engine.jump import JumpRule
    from bot.rules.ruleset import Ruleset


@dataclass
class Route:
    """The squares a move crosses (its start first), the steps, their cost."""

    cells: list[Cell] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    cost: float = 0.0
    diagonals: int = 0

    @classmethod
    def of(cls, found: Found) -> Route:
        return cls(list(found.cells), list(found.edges), found.cost_ft, found.diagonals)

    def extend(self, found: Found) -> None:
        self.cells.extend(found.cells[1:])
        self.edges.extend(found.edges)
        self.cost += found.cost_ft
        self.diagonals = found.diagonals

    @property
    def end(self) -> Cell:
        return self.cells[-1]


@dataclass
class MovePlan:
    """What every stage of one /move reads, and the notes the stages add."""

    rules: Ruleset
    ctx: StepContext
    token: Token
    request: MoveRequest
    targets: list[Cell]  # the waypoints, then where the move ends
    notes: list[Note] = field(default_factory=list)
    # searched only to explain a refusal: a smaller cap, and giving up is no error
    diagnosing: bool = False
    climb_ft: float = 0.0  # what the change of altitude costs (kept off the path's budget)

    @property
    def allowance(self) -> Allowance:
        return self.ctx.allowance

    @property
    def board(self) -> Board:
        return self.ctx.board

    @property
    def goal(self) -> Cell:
        return self.targets[-1]

    @property
    def stand_cost(self) -> float:
        return self.allowance.stance.stand_cost_ft

    @property
    def budget(self) -> float:
        """What the path itself may spend (standing up comes first)."""
        return self.allowance.available_ft - self.stand_cost - self.climb_ft

    def with_allowance(self, allowance: Allowance) -> MovePlan:
        return replace(self, ctx=replace(self.ctx, allowance=allowance))

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


class PlainMove(Protocol):
    """The pipeline's move for a request (any special part already taken off):
    ``budget_cap_ft`` caps what it may spend, ``dragging`` names a grappled creature
    pulled along at the ruleset's cost."""

    def __call__(
        self,
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult: ...


class KindPlan(Protocol):
    """The pipeline's planning of any request by the kind that claims it, before the
    consequences stage (a readied move plans the move it readies this way)."""

    def __call__(self, encounter: Encounter, request: MoveRequest) -> Planned: ...


@dataclass(frozen=True)
class PlanContext:
    """What the pipeline lends a kind of move that plans moves of its own (a special
    move, a group moving together, a readied move): the ruleset (its rules for this
    encounter), the ruleset's /jump for a jump on the way, the pipeline's own plain
    move and its planning of any request, so the kind never imports the pipeline."""

    rules: Ruleset
    jump_rule: JumpRule | None
    plain: PlainMove
    kind_plan: KindPlan

    def move(
        self,
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult:
        """A move of the pipeline's own on ``encounter`` (the approach to a foe, the
        mover's path while it drags or carries something)."""
        return self.plain(encounter, request, budget_cap_ft=budget_cap_ft, dragging=dragging)

    def plan(self, encounter: Encounter, request: MoveRequest) -> Planned:
        """``request`` planned by the kind of move that claims it (no consequences yet:
        the stage folds them in once, for the whole move)."""
        return self.kind_plan(encounter, request)
