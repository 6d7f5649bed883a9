"""The one contract every ruleset fulfils: its identity, its calculators (/fall,
/jump, /travel) and its movement on a grid (/move and the encounter commands).

A ruleset is one class deriving from ``Ruleset`` in its own package under
``bot/rules/<id>/``; a hook it must supply is abstract here, so a missing one is
a type error (and an instantiation error), not a surprise at run time. What a
ruleset may leave out is data: ``jumps_on_grid``, ``square_ft``,
``group_moves``... The /move engine (``bot.rules.engine``) asks these hooks and
never asks which ruleset it serves. Pure: no Discord, no database, no images.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, StepContext, at, join
from bot.rules.engine.kinds import (
    BullRushRule,
    GrappleRule,
    HeavyRule,
    MountRule,
    ReactionRule,
    ThroughRule,
    VerticalRule,
)
from bot.rules.engine.moves import (
    MODES,
    MoveRequest,
    MoveResult,
    TokenFields,
    TokenMovement,
    TokenSpec,
    fresh_turn,
)
from bot.rules.engine.steps import ProvokeRule, Stepper
from bot.rules.identity import Identity
from bot.rules.options import OptionSpec
from bot.rules.rulings import (
    BoardFlanks,
    FallRequest,
    FallResult,
    Flank,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
)

if TYPE_CHECKING:  # the plan's types: a calculator's cold start never loads the planner
    from bot.rules.engine.plan import PlanContext, Route


class Ruleset(ABC):
    """One ruleset, read from its seed document(s)."""

    # ---- identity, stated once (in the package's ``__init__``; see bot.rules.identity)
    identity: ClassVar[Identity]
    id: ClassVar[str]  # identity.id
    name: ClassVar[str]  # identity.name
    # The seed document as calculator replies and encounter footers name it.
    document: ClassVar[str]
    # The document /move's rulings cite (its grid-movement chapter).
    grid_document: ClassVar[str]
    # The seed files the rules come from (tests and docs cite them; replies don't).
    seed_files: ClassVar[tuple[str, ...]]

    # ---- the grid, as data
    square_ft: ClassVar[int] = 5
    # where a circle's point of origin sits: an intersection of grid lines (the top-left
    # corner of the square named), or the square's centre (docs/RULINGS.md)
    circle_from_corner: ClassVar[bool] = False
    # a square or cube template centred on the square named (an even side: on its
    # top-left corner), or running right and down from it (docs/RULINGS.md)
    squares_centred: ClassVar[bool] = False
    # The sizes a token may have under this ruleset, smallest first.
    sizes: ClassVar[tuple[Size, ...]]
    # Squares on a side a token of each size covers.
    footprint_squares: ClassVar[Mapping[Size, int]]
    # The options it reads (from ``identity``): /encounter start's, kept in
    # ``Encounter.options`` and applied by ``for_encounter``; /token add|edit's,
    # checked by ``token_fields`` and kept in ``Token.state``.
    encounter_options: ClassVar[tuple[OptionSpec, ...]] = ()
    token_options: ClassVar[tuple[OptionSpec, ...]] = ()
    token_hint: ClassVar[str] = ""
    # The names /travel's free-text options (mode, terrain, pace) accept.
    travel_names: ClassVar[Mapping[str, Vocabulary]]
    # The shortest /travel distance its overland rules answer (miles); becmi answers
    # shorter ones in exploration turns (issue 28), so it takes any.
    travel_min_miles: ClassVar[float] = 0.1
    diagonal_parity: bool = False  # does a step's cost depend on the diagonal count?
    in_units: bool = False  # are distances shown in Units of 5 ft (an encounter option)?
    provoke_rule: ClassVar[ProvokeRule]
    # The words /move's action: accepts, each read once into a ``MoveAction``
    # (``read_action``); ``actions`` are what it suggests (a bull rush too, where it has one).
    action_words: ClassVar[Vocabulary]
    actions: ClassVar[tuple[str, ...]]
    # The bonus actions /move's bonus: may take (the SRDs' Dash and Disengage: Cunning
    # Action, Nimble Escape); none where the rules have no bonus actions.
    bonus_actions: ClassVar[tuple[str, ...]] = ()
    # The action a token's speed band shows beyond this one (dash, double move, run).
    band_action: ClassVar[str] = "move"
    # Whether a group moves together at its slowest member's rate (003).
    group_moves: ClassVar[bool] = False
    # The ways a token may move here (/move mode:), as suggested to users.
    move_modes: ClassVar[tuple[str, ...]] = MODES
    # conditions the bot knows that change nothing about movement under this ruleset:
    # kept on the token with a reminder saying so
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset({Condition.INVISIBLE})
    # The modes whose speed of 0 is kept on a token, meaning it can't move that way
    # (5e-alt's climb and swim, which otherwise follow its walk); elsewhere 0 removes a mode.
    zero_speed_modes: ClassVar[frozenset[str]] = frozenset()
    # Whether a walker may move into a pit (004 Hazardous Terrain: pit openings are
    # hazardous terrain, which "a character can freely move into"): the move ends there,
    # falling, and ``pit_fall`` says what follows. Elsewhere a pit stops a walker.
    pits_enterable: ClassVar[bool] = False
    # The terrain whose corner a diagonal step may not cut past (terrain.solid_corner:
    # a wall or packed earth; SRD 5.2 adds anything that fills its square).
    solid_corners: ClassVar[frozenset[Terrain]] = frozenset(t for t in Terrain if t.solid_corner)
    # Whether a walker with a fly speed takes to the air within one move where that
    # serves (004 Combining Movement Types): over a pit, over water it can't swim, past
    # its walking share. Each square's cost comes off every mode; the ruleset's
    # ``step_cost`` picks the mode per square.
    combines_flight: ClassVar[bool] = False
    # Whether a big creature may squeeze past an opponent's space as past a narrow
    # opening, though not end there (001 Squeezing).
    squeezes_past_opponents: ClassVar[bool] = False
    # Whether a /move may jump on the way (the ruleset has a jump rule to ask).
    jumps_on_grid: ClassVar[bool] = True
    # Whether /jump reads a Strength score (the SRD rulesets) rather than a check.
    jump_uses_strength: ClassVar[bool] = False
    # How a diagonal may count, per encounter (the choices of its ``diagonals`` option);
    # the first is the default. Empty: the ruleset has one rule and no such option.
    diagonal_rules: ClassVar[tuple[str, ...]] = ()
    # The 5-foot step's seed and section, for replies (the d20 rulesets have one).
    step_rule: ClassVar[str] = "5-foot step"
    # Where the ruleset's charge and run (the straight-line actions) come from, for
    # replies: the d20 rulesets name their document and section, borrowed or not.
    charge_rule: ClassVar[str] = "Charge"
    run_rule: ClassVar[str] = "Run"
    # When creatures may share a space, as a refusal says it (pass_creature decides).
    sharing_rule: ClassVar[str] = "nobody ends a move in another creature's space"

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        identity = cls.__dict__.get("identity")
        if identity is not None:
            cls.id, cls.name = identity.id, identity.name
            cls.encounter_options = identity.encounter_options
            cls.token_options = identity.token_options
            cls.token_hint = identity.token_hint
            cls.diagonal_rules = next(
                (o.choices for o in identity.encounter_options if o.name == "diagonals"), ()
            )

    def for_encounter(self, encounter: Encounter | None) -> Ruleset:
        """This ruleset with ``encounter``'s options applied (None: the defaults)."""
        return self

    def read_action(self, word: str | None) -> MoveAction | None:
        """/move's ``action:`` as the user gave it, read in this ruleset's words (None:
        not given, a move); an unknown word is an ``InvalidInput`` listing the accepted."""
        return MoveAction(self.action_words.match(word)) if word else None

    # ---- the calculators

    @abstractmethod
    def fall(self, request: FallRequest, rng: random.Random) -> FallResult: ...

    @abstractmethod
    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult: ...

    @abstractmethod
    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult: ...

    @abstractmethod
    def travel_speed_ft(self, text: str) -> int:
        """One party member's speed as /travel's ``speed:`` writes it (``30``, becmi's
        ``120' (40')``), in feet; anything else is an ``InvalidInput``."""

    # ---- on a grid

    def start_turn(self, token: Token) -> Token:
        """The token as its turn (or, outside a turn order, the round) begins."""
        return fresh_turn(token)

    # A readied move out of the token's turn (/move ready:true): what the rule says, for
    # the reply's note (its section cited in it); None where the rules have none (becmi)
    readied_move: ClassVar[str | None] = None
    # Reactions between its turns (an opportunity attack, a readied move): how many and
    # what they are called; None where the rules have none (becmi)
    reaction_rule: ClassVar[ReactionRule | None] = None
    # Grappling on the board (/move drag:, grapples ending when parted); None: the
    # rules have none (becmi)
    grapple_rule: ClassVar[GrappleRule | None] = None
    # Ways through an opponent's space (/move through:overrun|tumble); none by default
    moving_through: ClassVar[tuple[ThroughRule, ...]] = ()
    # A bull rush on the board (/move action:bull-rush target:); None: not in the rules
    bull_rush: ClassVar[BullRushRule | None] = None
    # Mounting, riding and dismounting (/move mount:, dismount:); None: no mounts
    mount_rule: ClassVar[MountRule | None] = None
    # Moving a heavy object (/move heavy:); None: no speeds for it in the rules
    heavy_rule: ClassVar[HeavyRule | None] = None
    # Altitude: what going up and down costs, and how far apart heights are
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "feet", "straight", "every foot up or down spent as a foot"
    )

    # What a burrower digs through of what blocks everyone else: loose material, never
    # rock (001 Burrow: "tunnel through dirt, but not through rock"; 000 Burrow)
    burrows_through: ClassVar[frozenset[Terrain]] = frozenset({Terrain.EARTH})

    # Traits it reads (/token trait), each with what it does; one of a group at a time
    traits: ClassVar[Mapping[str, str]] = {}
    exclusive_traits: ClassVar[Mapping[str, str]] = {}

    def climb_cost_ft(self, token: Token, squares: int, up_ft: int) -> float:
        """What going ``up_ft`` (negative: down) costs on a move of ``squares``."""
        from bot.rules.engine.altitude import climb_cost_ft  # loaded with the first climb

        return climb_cost_ft(self.vertical, self.square_ft, squares, up_ft)

    # A flyer's dive (a charge down): its rule's words, None where the rules have none
    dive_rule: ClassVar[str | None] = None

    def reach_ft(self, token: Token) -> int:
        """How far it reaches (its own reach, else one square)."""
        return token.reach_ft or self.square_ft

    def through_rule(self, kind: str) -> ThroughRule | None:
        return next((r for r in self.moving_through if r.kind == kind), None)

    def move(self, encounter: Encounter, request: MoveRequest) -> MoveResult:
        """One /move: a legal result, or an ``IllegalMove`` saying what stops it
        (``bot/rules/ruled_move.py``: the pipeline, a readied move, a bonus action's checks)."""
        from bot.rules.ruled_move import ruled_move

        return ruled_move(self, encounter, request)

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

    def stepper(self, ctx: StepContext) -> Stepper:
        return Stepper(self, ctx)

    # ---- hooks

    @abstractmethod
    def token_movement(self, token: Token) -> TokenMovement: ...

    @abstractmethod
    def token_fields(self, spec: TokenSpec) -> TokenFields:
        """Check what a user gave for a token's movement; the values to store."""

    def speed_notes(self, token: Token) -> tuple[Note, ...]:
        """What a changed speed means for the token as it now stands (all its speeds,
        not only the ones just given)."""
        return ()

    @abstractmethod
    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance: ...

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

    @abstractmethod
    def pass_creature(self, board: Board, other: Token) -> Passing:
        """Whether ``board.mover`` may enter, and stay in, a square ``other`` holds."""

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

    def end_problem(self, ctx: StepContext, anchor: Cell) -> str:
        """Why the move may not end with the token at ``anchor`` ("" when it may). Only a
        square another creature stands on may say no: the bands ask about those alone
        (``engine.overview.may_end_on``; a property test holds every ruleset to it)."""
        return self.sharing_problem(ctx.board, anchor)

    def standing_problem(self, encounter: Encounter, token: Token) -> str:
        """Why ``token`` may not stand where it is among ``encounter``'s other creatures
        ("" when it may): the rule that ends a /move (``sharing_problem``), asked for a
        token being placed (/token add, an import's board, a board read back)."""
        board = Board.of(encounter, token, self.footprint_squares)
        return self.sharing_problem(board, token.cell)

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        """Why ``board.mover`` may not stand with its top-left square at ``anchor``
        among the other creatures ("" when it may). A move's end and a token's
        placement both ask this, so the two never disagree."""
        for other in board.others_in(board.cells(anchor)):
            if not self.pass_creature(board, other).may_end:
                return f"{at(board, other)}: {self.sharing_rule}"
        return ""
