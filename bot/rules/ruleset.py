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
engine (``bot.rules.engine``), the handlers and the encounter changes ask the part that
holds the rule (``rules.economy.allowance(...)``, ``rules.steps.step_cost(...)``), and
never which ruleset they serve. Pure: no
Discord, no database, no images.
"""

from __future__ import annotations

import random
from abc import ABC
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.engine.board import Board, StepContext
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
    JumpRequest,
    Source,
)

if TYPE_CHECKING:  # the plan's types: a calculator's cold start never loads the planner
    from bot.rules.calculators import Calculators
    from bot.rules.engine.plan import PlanContext


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
            ruling = self.calculators.jump(
                JumpRequest(size="medium", distance_ft=5), random.Random(0)
            )
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
