"""The one contract every ruleset fulfils: its identity, its calculators (/fall,
/jump, /travel) and its movement on a grid (/move and the encounter commands).

A ruleset is one class deriving from ``Ruleset`` in its own package under
``bot/rules/<id>/``; a hook it must supply is abstract here, so a missing one is
a type error (and an instantiation error), not a surprise at run time. What a
ruleset may leave out is data: ``jumps_on_grid``, ``square_ft``,
``group_moves``... The /move engine (``bot.rules.engine``) asks these hooks and
never asks which ruleset it serves. The hooks with an answer by default (notes after a
move, jumps, forced movement, threats, distances, conditions) are its parent's,
``RulesetDefaults`` (``ruleset_defaults.py``). Pure: no Discord, no database, no images.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
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
from bot.rules.ruleset_defaults import RulesetDefaults
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    TravelRequest,
    TravelResult,
)


class Ruleset(RulesetDefaults):
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
    # The extra actions a GM may grant on a /move (extra_action:), each with what it gives
    # (the SRDs' Action Surge, Haste); none: the option is refused
    granted_actions: ClassVar[Mapping[str, str]] = {}
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

    # Where an opportunity attack needs the attacker to see the mover (the SRDs' "a hostile
    # creature that you can see"): the rule's cite; None: sight changes nothing
    sight_rule: ClassVar[str | None] = None
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
        (``bot/rules/engine/pipeline.py``: the kind of move that claims the request plans
        it, and one stage folds its consequences into the board)."""
        from bot.rules.engine.pipeline import move

        return move(self, encounter, request)

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
