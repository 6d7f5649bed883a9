"""The one contract every ruleset fulfils: its identity, its grid as data, and its
parts, each a small object it holds (``bot/rules/parts/``): ``calculators`` (/fall,
/jump, /travel), ``economy`` (actions and what each allows), ``sheet`` (a token's
speeds and fields), ``steps`` (each square's cost, jumps), ``space`` (creatures in
each other's way), ``reach`` (reach, threat, distance), ``conditions`` and ``flanking``.

A ruleset is one class deriving from ``Ruleset`` in its own package under
``bot/rules/<id>/`` (or, registered with ``bot.rules.register``, anywhere); it builds
its parts in ``__init__`` (``reach``, ``conditions`` and ``flanking`` have defaults).
A part it must supply (calculators, economy, sheet, steps, space) has abstract methods,
so a missing one is an instantiation error, not a surprise at run time. What a ruleset
may leave out is data: ``jumps_on_grid``, ``square_ft``, ``group_moves``... The /move
engine (``bot.rules.engine``) asks the ruleset's methods below, most of which hand the
question to the part that answers it, and never asks which ruleset it serves. Pure: no
Discord, no database, no images.
"""

from __future__ import annotations

import random
from abc import ABC
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, StepContext
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
)
from bot.rules.engine.steps import ProvokeRule, Stepper
from bot.rules.identity import Identity
from bot.rules.options import OptionSpec
from bot.rules.parts.conditions import ConditionRule
from bot.rules.parts.economy import ActionEconomy
from bot.rules.parts.flanking import FlankRule
from bot.rules.parts.reach import ReachRule
from bot.rules.parts.sheet import Sheet
from bot.rules.parts.space import SpaceRule
from bot.rules.parts.steps import StepRule
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
    from bot.rules.calculators import Calculators
    from bot.rules.engine.plan import PlanContext, Route


# The parts every ruleset holds (``load_ruleset`` refuses one that builds too few)
PARTS = ("calculators", "economy", "sheet", "steps", "space", "reach", "conditions", "flanking")


class Ruleset(ABC):
    """One ruleset, read from its seed document(s): its identity, its grid as data, and
    its parts (docs/ARCHITECTURE.md, "What a ruleset provides")."""

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
    diagonal_parity: bool = False  # does a step's cost depend on the diagonal count?
    in_units: bool = False  # are distances shown in Units of 5 ft (an encounter option)?
    provoke_rule: ClassVar[ProvokeRule]
    # The extra actions a GM may grant on a /move (extra_action:), each with what it gives
    # (the SRDs' Action Surge, Haste); none: the option is refused
    granted_actions: ClassVar[Mapping[str, str]] = {}
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

    # ---- its rule kinds, each a small object (bot.rules.engine.kinds) or None
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
    # Where an opportunity attack needs the attacker to see the mover (the SRDs' "a hostile
    # creature that you can see"): the rule's cite; None: sight changes nothing
    sight_rule: ClassVar[str | None] = None
    # Traits it reads (/token trait), each with what it does; one of a group at a time
    traits: ClassVar[Mapping[str, str]] = {}
    exclusive_traits: ClassVar[Mapping[str, str]] = {}
    # A flyer's dive (a charge down): its rule's words, None where the rules have none
    dive_rule: ClassVar[str | None] = None
    # The section a flyer's fall cites (``ConditionRule.grounded``)
    falling_section: ClassVar[str] = "Fly › Falling While Flying"

    # ---- the parts (built in ``__init__``; see bot/rules/parts/)
    calculators: Calculators  # /fall, /jump, /travel (bot.rules.calculators)
    economy: ActionEconomy
    sheet: Sheet
    steps: StepRule
    space: SpaceRule
    reach: ReachRule
    conditions: ConditionRule
    flanking: FlankRule

    def __init__(self) -> None:
        """The parts every ruleset may leave as they are; a ruleset's own ``__init__``
        calls this, then builds the rest (and any of these it answers its own way)."""
        self.reach = ReachRule(self)
        self.conditions = ConditionRule(self)
        self.flanking = FlankRule(self)

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

    # ---- the ruleset's own hooks

    def for_encounter(self, encounter: Encounter | None) -> Ruleset:
        """This ruleset with ``encounter``'s options applied (None: the defaults)."""
        return self

    def move(self, encounter: Encounter, request: MoveRequest) -> MoveResult:
        """One /move: a legal result, or an ``IllegalMove`` saying what stops it
        (``bot/rules/engine/pipeline.py``: the kind of move that claims the request plans
        it, and one stage folds its consequences into the board)."""
        from bot.rules.engine.pipeline import move

        return move(self, encounter, request)

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

    def source(self, *sections: str) -> Source:
        """Where a /move ruling comes from: the grid document's ``sections``."""
        return Source(self.id, self.grid_document, sections, seed_file=self.seed_files[0])

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

    def jumps_here(self) -> bool:
        """Whether a token may jump on the way here (the mover's Jump button): a /move
        may jump (``jumps_on_grid``) and /jump has a rule to ask (becmi's says it has
        none). A ruleset whose numbers ask more of the jumper (the SRDs' Strength score)
        has one: it states the rule (``JumpResult.stated``) where the numbers are missing."""
        if not self.jumps_on_grid:
            return False
        try:
            ruling = self.jump(JumpRequest(size="medium", distance_ft=5), random.Random(0))
        except RulingError:
            return True
        return ruling.max_horizontal_ft is not None or ruling.dc is not None or bool(ruling.stated)

    def through_rule(self, kind: str) -> ThroughRule | None:
        return next((r for r in self.moving_through if r.kind == kind), None)

    def stepper(self, ctx: StepContext) -> Stepper:
        return Stepper(self, ctx)

    def end_problem(self, ctx: StepContext, anchor: Cell) -> str:
        """Why the move may not end with the token at ``anchor`` ("" when it may). Only a
        square another creature stands on may say no: the bands ask about those alone
        (``engine.overview.may_end_on``; a property test holds every ruleset to it)."""
        return self.space.sharing_problem(ctx.board, anchor)

    def standing_problem(self, encounter: Encounter, token: Token) -> str:
        """Why ``token`` may not stand where it is among ``encounter``'s other creatures
        ("" when it may): the rule that ends a /move (``sharing_problem``), asked for a
        token being placed (/token add, an import's board, a board read back)."""
        board = Board.of(encounter, token, self.footprint_squares)
        return self.space.sharing_problem(board, token.cell)

    # ---- what the callers ask, answered by the part that holds the rule (the names
    # the engine, handlers and encounter changes have always called)

    # calculators (bot.rules.calculators.Calculators)
    @property
    def travel_names(self) -> Mapping[str, Vocabulary]:
        return self.calculators.travel_names

    @property
    def travel_min_miles(self) -> float:
        return self.calculators.travel_min_miles

    @property
    def jump_uses_strength(self) -> bool:
        return self.calculators.jump_uses_strength

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        return self.calculators.fall(request, rng)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        return self.calculators.jump(request, rng)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        return self.calculators.travel(request, rng)

    def travel_speed_ft(self, text: str) -> int:
        return self.calculators.travel_speed_ft(text)

    # economy (parts/economy.py)
    @property
    def action_words(self) -> Vocabulary:
        return self.economy.action_words

    @property
    def actions(self) -> tuple[str, ...]:
        return self.economy.actions

    @property
    def bonus_actions(self) -> tuple[str, ...]:
        return self.economy.bonus_actions

    @property
    def band_action(self) -> str:
        return self.economy.band_action

    def read_action(self, word: str | None) -> MoveAction | None:
        return self.economy.read_action(word)

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        return self.economy.allowance(encounter, token, request, movement)

    def start_turn(self, token: Token) -> Token:
        return self.economy.start_turn(token)

    def done_for_the_turn(self, activity: Activity) -> bool:
        return self.economy.done_for_the_turn(activity)

    def full_round_minimum(self, token: Token, allowance: Allowance) -> Allowance | None:
        return self.economy.full_round_minimum(token, allowance)

    def spend_move_action(self, token: Token, doing: str, *, ends_turn: bool = False) -> Token:
        return self.economy.spend_move_action(token, doing, ends_turn=ends_turn)

    def door_action(self, token: Token) -> tuple[Token, Note]:
        return self.economy.door_action(token)

    def withdraw_spares(self, enemy: Token) -> bool:
        return self.economy.withdraw_spares(enemy)

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        return self.economy.arrival(ctx, token, goal)

    # sheet (parts/sheet.py)
    def token_movement(self, token: Token) -> TokenMovement:
        return self.sheet.token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return self.sheet.token_fields(spec)

    def speed_notes(self, token: Token) -> tuple[Note, ...]:
        return self.sheet.speed_notes(token)

    def token_words(self, token: Token) -> tuple[str, ...]:
        return self.sheet.token_words(token)

    # steps (parts/steps.py)
    def step_cost(
        self, ctx: StepContext, frm: Cell, to: Cell, diagonals: int, spent: float, squeezing: bool
    ) -> Edge | str:
        return self.steps.step_cost(ctx, frm, to, diagonals, spent, squeezing)

    def min_step_ft(self, ctx: StepContext) -> float:
        return self.steps.min_step_ft(ctx)

    def avoids_obstacles(self, token: Token, mode: str) -> bool:
        return self.steps.avoids_obstacles(token, mode)

    def over_low_walls(self, edge: Edge, count: int) -> Edge:
        return self.steps.over_low_walls(edge, count)

    def climb_cost_ft(self, token: Token, squares: int, up_ft: int) -> float:
        return self.steps.climb_cost_ft(token, squares, up_ft)

    def jump_problem(self, ctx: StepContext) -> str:
        return self.steps.jump_problem(ctx)

    def jump_asked(self, ctx: StepContext, request: JumpRequest) -> JumpRequest:
        return self.steps.jump_asked(ctx, request)

    def jump_cost_ft(
        self, ctx: StepContext, length_ft: float, takeoff: Cell, landing: Cell
    ) -> tuple[float, str]:
        return self.steps.jump_cost_ft(ctx, length_ft, takeoff, landing)

    def landing_notes(self, board: Board, landing: Cell) -> tuple[Note, ...]:
        return self.steps.landing_notes(board, landing)

    def pit_fall(self, board: Board, pit: Cell) -> tuple[Note, ...]:
        return self.steps.pit_fall(board, pit)

    def after_path(
        self, ctx: StepContext, token: Token, cells: list[Cell]
    ) -> tuple[tuple[tuple[str, bool], ...], tuple[Note, ...]]:
        return self.steps.after_path(ctx, token, cells)

    def moved_as(self, board: Board, token: Token, anchor: Cell, mode: str) -> Token:
        return self.steps.moved_as(board, token, anchor, mode)

    # space (parts/space.py)
    def pass_creature(self, board: Board, other: Token) -> Passing:
        return self.space.pass_creature(board, other)

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        return self.space.sharing_problem(board, anchor)

    def share_space(
        self, ctx: StepContext, route: Route, sharing: list[str], *, jumped: bool
    ) -> tuple[Route, tuple[Note, ...]]:
        return self.space.share_space(ctx, route, sharing, jumped=jumped)

    def squeeze_width(self, side: int) -> int:
        return self.space.squeeze_width(side)

    def forced_over(self, board: Board, other: Token) -> bool:
        return self.space.forced_over(board, other)

    def entering_provokes(
        self, board: Board, token: Token, enemy: Token, cells: list[Cell]
    ) -> Cell | None:
        return self.space.entering_provokes(board, token, enemy, cells)

    # reach (parts/reach.py)
    def reach_ft(self, token: Token) -> int:
        return self.reach.reach_ft(token)

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        return self.reach.threatened(board, enemy)

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        return self.reach.threatens(board, enemy, cell)

    def distance_ft(self, a: Cell, b: Cell) -> float:
        return self.reach.distance_ft(a, b)

    def measure_ft(self, a: Cell, b: Cell) -> float:
        return self.reach.measure_ft(a, b)

    # conditions (parts/conditions.py)
    def condition_refused(self, token: Token, condition: Condition) -> str:
        return self.conditions.condition_refused(token, condition)

    def conditions_changed(self, before: Token, after: Token) -> tuple[Token, tuple[Note, ...]]:
        return self.conditions.conditions_changed(before, after)

    def condition_notes(self, before: Token, after: Token) -> list[Note]:
        return self.conditions.condition_notes(before, after)

    def grounded(self, token: Token) -> tuple[str, ...]:
        return self.conditions.grounded(token)

    def forced_notes(self, token: Token) -> tuple[Note, ...]:
        return self.conditions.forced_notes(token)

    # flanking (parts/flanking.py)
    def flank(self, encounter: Encounter, a: Token, b: Token, target: Token) -> Flank | None:
        return self.flanking.flank(encounter, a, b, target)

    def board_flanks(self, encounter: Encounter) -> BoardFlanks | None:
        return self.flanking.board_flanks(encounter)

    def after_move_notes(self, encounter: Encounter, mover: Token) -> tuple[Note, ...]:
        return self.flanking.after_move_notes(encounter, mover)
