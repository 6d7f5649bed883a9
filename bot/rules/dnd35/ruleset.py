"""3.5: the SRD's "Movement, Position, and Distance" (seed 001) and "All About
Movement" (seed 002).

Neither seed has falling, jumping or overland travel, so those borrow the 3.5
SRD rules the seeds come from, and every reply says so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.names import Vocabulary
from bot.rules.d20.falling import D20FallRules, d20_fall
from bot.rules.d20.grid import ACTIONS, Action, D20Ruleset, armor, load
from bot.rules.d20.jumping import SkillJumpRules, skill_jump
from bot.rules.d20.overland import overland_travel
from bot.rules.d20.srd35_overland import SRD35_OVERLAND
from bot.rules.dnd35 import IDENTITY
from bot.rules.dnd35.tables import FOOTPRINTS, REACH_LONG_FT, REACH_TALL_FT, SQUARE_SHARE
from bot.rules.dnd35.tokens import (
    ACTION_TERMS,
    helpless,
    token_fields,
    token_movement,
)
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, hostile
from bot.rules.engine.kinds import (
    BullRushRule,
    GrappleRule,
    HeavyRule,
    MountControl,
    MountRule,
    ReactionRule,
    ThroughRule,
    VerticalRule,
)
from bot.rules.engine.moves import (
    MoveRequest,
    TokenFields,
    TokenMovement,
    TokenSpec,
    parse_plain_speed,
)
from bot.rules.engine.traits import has_trait
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Source,
    TravelRequest,
    TravelResult,
    borrowed,
)

SEED = "001_4b6f19466d0b9c61.txt"
SEED_ACTIONS = "002_212d8eb547f4c056.txt"

SEED_FILES = (SEED, SEED_ACTIONS)
DOCUMENT = "SRD"
GRID_DOCUMENT = "SRD: Movement, Position, and Distance"

FALL_RULES = D20FallRules(
    max_dice=20,
    check_name="Jump or Tumble",
    dive_check_name="Swim or Jump",
)
JUMP_RULES = SkillJumpRules(
    skill="Jump",
    run_up_ft=20,
    bonus_per_10_ft_above=4,
    penalty_per_10_ft_below=6,
    edge_grab=True,
)


def _srd_source(document: str, *sections: str, why: str) -> Source:
    return Source("3.5", document, sections, seed_file=SEED, borrowed=f"3.5 SRD ({why})")


class Dnd35(D20Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    # 002 Grapple: grapplers share a space; moving a grapple is the 3.5 SRD's (borrowed)
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="half-speed",
        shares_space=True,
        drag_text=(
            "moving a grapple: half its speed, after winning an opposed grapple check, the "
            "held creature in its space (3.5 SRD › Grapple › Move, borrowed; Rules of the "
            "Game › Grapple)"
        ),
        ends_text="3.5 SRD › Grapple, borrowed",
    )
    # 002 Bull Rush (the opposed check's modifiers are the 3.5 SRD's, borrowed)
    bull_rush: ClassVar[BullRushRule | None] = BullRushRule(
        check="the opposed Strength check (+4 per size larger, -4 per size smaller, +2 "
        "charging; the 3.5 SRD's, borrowed)",
        cite="Rules of the Game › Bull Rush",
    )
    actions: ClassVar[tuple[str, ...]] = (*ACTIONS.names, "bull-rush")
    # the seeds give no climbing or diving rates: the 3.5 SRD's average flyer (borrowed)
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "half-up-double-down",
        "longer-and-half",
        "up at half speed, down at double speed: the 3.5 SRD's flight, borrowed",
    )
    # 001 Fly: maneuverability classes (their rates the 3.5 SRD's, borrowed)
    traits: ClassVar[Mapping[str, str]] = {
        f"fly-{m}": text
        for m, text in (
            (
                "perfect",
                "Perfect maneuverability: climbs at full speed (SRD › Movement Modes › Fly).",
            ),
            ("good", "Good maneuverability: climbs at half speed, dives at double."),
            (
                "average",
                "Average maneuverability (the default): climbs at half speed, dives at double.",
            ),
            ("poor", "Poor maneuverability: climbs at half speed, dives at double."),
            ("clumsy", "Clumsy maneuverability: climbs at half speed, dives at double."),
        )
    } | {
        "not-trained-for-war": "A mount not trained for war: in battle its rider controls "
        "it with a DC 20 Ride check, a move action that provokes (Rules of the Game › "
        "Control a Frightened Mount).",
    }
    exclusive_traits: ClassVar[Mapping[str, str]] = {
        name: "fly" for name in traits if name.startswith("fly-")
    }
    dive_rule: ClassVar[str | None] = "SRD › Movement Modes › Fly"

    def climb_cost_ft(self, token: Token, squares: int, up_ft: int) -> float:
        if up_ft > 0 and has_trait(token, "fly-perfect"):
            return float(up_ft)  # perfect maneuverability climbs at full speed
        return super().climb_cost_ft(token, squares, up_ft)

    heavy_rule: ClassVar[HeavyRule | None] = HeavyRule(
        cite="Rules of the Game › Move a Heavy Object"
    )
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "move-action",
        "a move action: Rules of the Game › Mount or Dismount a Steed",
        control=MountControl(
            trait="not-trained-for-war",
            dc=20,
            check="a DC 20 Ride check (the 3.5 SRD's Ride, control mount in battle, borrowed)",
            cite="Rules of the Game › Control a Frightened Mount",
        ),
    )
    # 001 Overrun, Tumbling; 002 Overrun (the checks' numbers from the 3.5 SRD, borrowed)
    moving_through: ClassVar[tuple[ThroughRule, ...]] = (
        ThroughRule(
            kind="overrun",
            check="an overrun each: an opposed Strength (or Dexterity) check, the 3.5 SRD's "
            "(Rules of the Game › Overrun; SRD › Overrun, borrowed)",
            larger_by_at_most=1,
            provokes_each=True,
            fails="is stopped and moves back to the square before its space",
            note="A standard action that moves up to its speed, not part of a charge (Rules "
            "of the Game › Overrun). A defender may simply step aside: then no check.",
        ),
        ThroughRule(
            kind="tumble",
            check="a DC 25 Tumble check each (SRD › Tumble, borrowed; SRD › Tumbling)",
            # 001 Movement in Combat: tumbling is moving, so a double move may tumble
            actions=("move", "double"),
            half_speed=True,
            fails="stops before its space and provokes it",
            note="Tumbling is at half speed. A DC 15 Tumble check also spares it the "
            "attacks of opportunity for moving out of threatened squares (SRD › Tumble, "
            "borrowed); the bot still lists them.",
            dc=25,
            avoid_attacks_dc=15,
        ),
    )
    # the seeds have no readied action: the 3.5 SRD's (docs/RULINGS.md)
    readied_move: ClassVar[str | None] = (
        "A readied move action, taken out of its turn when its trigger comes: one move, up "
        "to its speed, in one go (3.5 SRD › Special Initiative Actions › Ready, borrowed)."
    )
    # the seeds count attacks of opportunity per mover (one per enemy per move); how
    # many an enemy makes a round is the 3.5 SRD's: one (Combat Reflexes: more). A
    # readied action is the round's action, not an attack of opportunity.
    reaction_rule: ClassVar[ReactionRule | None] = ReactionRule(
        1,
        "attack of opportunity",
        False,
        "3.5 SRD › Attacks of Opportunity, borrowed",
    )
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = (
        Size.FINE,
        Size.DIMINUTIVE,
        Size.TINY,
        Size.SMALL,
        Size.MEDIUM,
        Size.LARGE,
        Size.HUGE,
        Size.GARGANTUAN,
        Size.COLOSSAL,
    )
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    travel_names: ClassVar[Mapping[str, Vocabulary]] = SRD35_OVERLAND.travel_names

    # ------------------------------------------------------------- on a grid

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = _srd_source(
            "SRD Falling", "Falling Damage", why="the 3.5 movement chapters have no falling rule"
        )
        result = d20_fall(request, rng, FALL_RULES, source)
        return borrowed(
            result,
            "3.5's movement chapters have no falling rule: this is the 3.5 "
            "SRD's (1d6 per 10 ft, "
            "at most 20d6).",
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = _srd_source(
            "SRD Jump skill", "Jump", why="the 3.5 movement chapters have no jump rule"
        )
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "3.5's movement chapters have no jump rule: this is the SRD's "
            "Jump skill (long jump DC = "
            "distance with a 20 ft run-up, high jump DC = 4 × height).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = _srd_source(
            "SRD Overland Movement",
            "Overland Movement",
            why="the 3.5 movement chapters have no overland travel",
        )
        result = overland_travel(request, rng, tables=SRD35_OVERLAND, source=source)
        return borrowed(
            result,
            "3.5's movement chapters have no overland rules: these are the "
            "3.5 SRD's tables, "
            "including its Mounts and Vehicles table.",
        )

    # ------------------------------------------------------------ on a grid

    sharing_rule: ClassVar[str] = (
        "only a Tiny or smaller creature shares a square, with another such or an "
        "opponent, and anyone may stand over a helpless one (SRD › Moving through a Square)"
    )
    reach_tall_ft: ClassVar[Mapping[Size, int]] = REACH_TALL_FT
    reach_long_ft: ClassVar[Mapping[Size, int]] = REACH_LONG_FT
    one_two_diagonals: ClassVar[bool] = True
    doublings_stack: ClassVar[bool] = True
    darkness_doubles: ClassVar[bool] = True
    impeded_full_round: ClassVar[bool] = False
    threatens_own_space: ClassVar[bool] = False
    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = False  # 002 Stand Up from Prone
    step_rule: ClassVar[str] = "Rules of the Game › Take a 5-Foot Step"

    squeezes_past_opponents: ClassVar[bool] = True  # 001 Squeezing

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

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

    def over_low_walls(self, edge: Edge, count: int) -> Edge:
        # 001 Obstacles: an obstacle between squares counts as 2 squares, paid to cross
        # it "in addition to the cost to move into the square on the other side"
        extra = 2 * self.square_ft * count
        return replace(
            edge,
            cost_ft=edge.cost_ft + extra,
            why=", ".join(w for w in (edge.why, f"over a low wall +{extra} ft") if w),
            hampered=True,
        )

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
