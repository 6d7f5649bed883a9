"""The hooks of the ruleset contract that have an answer by default: what a move's
reply adds, the events on the way (jumps, pits, forced movement, teleports), threats
and reach, distances, conditions, and what the ruleset remembers of a move.

``Ruleset`` (``bot/rules/ruleset.py``) derives from ``RulesetDefaults``; a ruleset
overrides a default where its rules say otherwise, and never derives from this class
itself. What a ruleset must answer (its calculators, token speeds, allowance, step
cost, passing a creature) stays abstract on ``Ruleset``. Pure: no Discord, no
database, no images.
"""

from __future__ import annotations

from abc import ABC
from typing import TYPE_CHECKING, ClassVar

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.rules.engine.board import Allowance, Board, StepContext
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.rulings import BoardFlanks, Flank, JumpRequest, Note, Source

if TYPE_CHECKING:  # the plan's types: a calculator's cold start never loads the planner
    from bot.rules.engine.plan import PlanContext, Route


class RulesetDefaults(ABC):
    """The default answers of ``Ruleset``'s optional hooks (see ``Ruleset``)."""

    # What the defaults read: declared, with their values, on ``Ruleset``
    id: ClassVar[str]
    grid_document: ClassVar[str]
    seed_files: ClassVar[tuple[str, ...]]
    square_ft: ClassVar[int]

    def after_move_notes(self, encounter: Encounter, mover: Token) -> tuple[Note, ...]:
        """What a move's reply adds once the token stands where it ended (004: the
        enemies it now flanks, and with whom); nothing by default."""
        return ()

    def flank(self, encounter: Encounter, a: Token, b: Token, target: Token) -> Flank | None:
        """Whether ``a`` and ``b`` flank ``target`` where they stand; None where the
        ruleset's seeds have no flanking rule."""
        return None

    def board_flanks(self, encounter: Encounter) -> BoardFlanks | None:
        """Every creature two of its foes flank, the whole board at once (bounded work);
        None where the ruleset's seeds have no flanking rule."""
        return None

    def group_move(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest
    ) -> MoveResult:
        """Several tokens moving together (``request.group``), each planned with
        ``ctx.move``; most rulesets have no such rule (becmi's 003 does: see
        ``bot.rules.engine.group``)."""
        raise InvalidInput(
            "group: moving together at the slowest member's rate is becmi's rule (Rules "
            "Cyclopedia); "
            "under this ruleset move each token on its own."
        )

    def forced_notes(self, token: Token) -> tuple[Note, ...]:
        """What the reply to a push, pull or slide of ``token`` adds (epic-path: it may
        fall prone to end it, or ignore it while prone by choice)."""
        return ()

    def withdraw_spares(self, enemy: Token) -> bool:
        """Whether a withdraw's first square is safe from ``enemy`` (002 Withdraw: "the
        first square you leave is not considered threatened")."""
        return True

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        """Where a move that crosses no squares (``Allowance.crosses`` off: a teleport)
        puts the token when it asks for ``goal``, and what the reply says about it."""
        return goal, ()

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

    def forced_over(self, board: Board, other: Token) -> bool:
        """Whether a push, pull or slide may carry ``board.mover`` over ``other`` rather
        than stopping before it (004 Stepover); no by default."""
        return False

    def pit_fall(self, board: Board, pit: Cell) -> tuple[Note, ...]:
        """What a move that ends by stepping into the pit at ``pit`` hands over to the
        fall (only where ``pits_enterable``)."""
        return ()

    def landing_notes(self, board: Board, landing: Cell) -> tuple[Note, ...]:
        """What landing a jump at ``landing`` may take beyond the jump itself."""
        return ()

    def share_space(
        self, ctx: StepContext, route: Route, sharing: list[str], *, jumped: bool
    ) -> tuple[Route, tuple[Note, ...]]:
        """A move ending in the space of the creatures named ``sharing`` (where
        ``pass_creature`` says ending there squeezes): the route as it then costs,
        and what the reply says. ``jumped``: its last step is a jump's landing.
        Refuses with ``IllegalMove`` where it can't."""
        return route, ()

    def forced_source(self, *sections: str) -> Source:
        """Where push, pull and slide come from: seed 004's Forced Movement, borrowed
        by every ruleset whose own seeds have no such rule."""
        return Source(
            self.id,
            "Epic Path",
            sections,
            seed_file="004_15d51e0af34ca221.txt",
            borrowed="Epic Path's forced movement: this ruleset has none",
        )

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        """Squares ``enemy`` threatens (or, for leave-reach rulesets, its reach)."""
        return frozenset()

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        """Whether ``cell`` is one of ``threatened``: a ruleset answers it without working
        out the rest where it can (a long reach covers a whole map)."""
        return cell in self.threatened(board, enemy)

    def after_path(
        self, ctx: StepContext, token: Token, cells: list[Cell]
    ) -> tuple[tuple[tuple[str, bool], ...], tuple[Note, ...]]:
        """Conditions the path itself changes (5e-alt: swimming ends Prone), and why."""
        return (), ()

    def entering_provokes(
        self, board: Board, token: Token, enemy: Token, cells: list[Cell]
    ) -> Cell | None:
        """Where entering ``enemy``'s space provokes it (3.5's very small creatures)."""
        return None

    def min_step_ft(self, ctx: StepContext) -> float:
        return float(self.square_ft)

    def squeeze_width(self, side: int) -> int:
        """How narrow a space a creature of ``side`` squares can squeeze into."""
        return side

    def distance_ft(self, a: Cell, b: Cell) -> float:
        """The shortest distance between two squares, ignoring terrain (a charge must
        take it, 002 "Charge")."""
        return float(chebyshev(a, b) * self.square_ft)

    def measure_ft(self, a: Cell, b: Cell) -> float:
        """The distance /distance shows between two squares: counted as a move counts
        squares on open ground, under the table's diagonal rule (5e's optional 5-10-5,
        5e-alt's euclidean diagonals). Where the ruleset has one diagonal rule it is
        ``distance_ft``."""
        return self.distance_ft(a, b)

    def source(self, *sections: str) -> Source:
        return Source(self.id, self.grid_document, sections, seed_file=self.seed_files[0])

    def full_round_minimum(self, token: Token, allowance: Allowance) -> Allowance | None:
        """Moving one square as a full-round action when nothing else reaches it
        (001 "Minimum Movement"); None where the ruleset has no such rule."""
        return None

    def done_for_the_turn(self, activity: Activity) -> bool:
        """Whether no action left this turn could move the token further (so what is
        left of its allowance is lost, not 'left')."""
        return False

    def moved_as(self, board: Board, token: Token, anchor: Cell, mode: str) -> Token:
        """``token`` after a move in ``mode`` ended at ``anchor``: what the ruleset
        remembers of it (Continuity of Movement: how it last moved)."""
        return token

    def token_words(self, token: Token) -> tuple[str, ...]:
        """What a token line adds for this ruleset's state ("exhaustion 2", "swimming")."""
        return ()

    def condition_refused(self, token: Token, condition: Condition) -> str:
        """Why ``token`` can't gain ``condition`` now ("" when it can)."""
        return ""

    def conditions_changed(self, before: Token, after: Token) -> tuple[Token, tuple[Note, ...]]:
        """What gaining or losing conditions does at once, beyond the flags (5e-alt:
        becoming Immobilized loses all remaining Movement; falling Unconscious drops
        Prone): the token as it then is, and why."""
        return after, ()

    def condition_notes(self, before: Token, after: Token) -> list[Note]:
        """What a change of conditions does to how the token is moving (5e-alt: a
        climber or flyer that can't go on falls)."""
        return []

    # The section a flyer's fall cites (``grounded``)
    falling_section: ClassVar[str] = "Fly › Falling While Flying"

    def grounded(self, token: Token) -> tuple[str, ...]:
        """Why a flyer aloft can't stay up, each in a word or two ("prone"); a new one
        makes it fall unless it hovers (``falls_from_the_air``). By default Prone,
        Immobilized and Incapacitated (000 Fly › Falling While Flying)."""
        from bot.rules.engine.altitude import grounding

        return grounding(token)

    def spend_move_action(self, token: Token, doing: str, *, ends_turn: bool = False) -> Token:
        """``token`` after spending a move action on ``doing`` (not movement: controlling
        a mount, 002); refused when it has none left. ``ends_turn``: nothing else this
        turn either. Rulesets without move actions change nothing."""
        return token

    def door_action(self, token: Token) -> tuple[Token, Note]:
        """What opening or closing a door costs ``token`` (the seed may be silent)."""
        return token, Note(
            "Action",
            "This ruleset's movement rules give opening or closing a door no cost: it costs "
            "nothing here.",
        )
