"""BECMI / Rules Cyclopedia movement (seed 003_3444ce13aba82e1a.txt).

The chapter rules overland travel by the day: miles per day are the slowest
normal speed divided by 5, changed by terrain. It has no falling and no
jumping rule; falling is borrowed from the 3.5 SRD and says so. Every choice
the seed leaves open is in docs/RULINGS.md; the tables live in
``bot.rules.becmi.tables``, overland travel in ``bot.rules.becmi.travel``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar, Literal

from bot.dice import no_dice, roll
from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON, Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.becmi import IDENTITY, travel
from bot.rules.becmi import tables as t
from bot.rules.becmi.tokens import (
    ACTIONS,
    FOOTPRINTS,
    GRID_DOCUMENT,
    MAX_RUNNING_ROUNDS,
    ROUGH,
    SQUARE_FT,
    SWIM_FRACTION,
    YARDS,
    coins_carried,
    full_speed_load,
    normal_speed,
    parse_rate,
    token_fields,
    token_movement,
)
from bot.rules.becmi.travel import MAX_TRAVEL_SPEED_FT
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, StepContext, check_mode, hostile
from bot.rules.engine.group import move_together
from bot.rules.engine.kinds import MountRule, VerticalRule
from bot.rules.engine.moves import MoveRequest, MoveResult, TokenFields, TokenMovement, TokenSpec
from bot.rules.engine.plan import PlanContext
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
)
from bot.state import flag, number
from bot.units import feet

FALL_BORROWED = "3.5 SRD falling damage (the Rules Cyclopedia has no falling rule)"
FALL_MAX_DICE = 20
FALL_FT_PER_DIE = 10


class Becmi(Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = "Rules Cyclopedia"
    grid_document: ClassVar[str] = GRID_DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = (t.SEED_FILE,)
    square_ft: ClassVar[int] = t.SQUARE_FT
    # The chapter has no size categories; nothing here depends on size.
    sizes: ClassVar[tuple[Size, ...]] = ()
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    # 003 Character Movement Rates, Feet vs. Yards: short distances go in turns
    travel_min_miles: ClassVar[float] = 0.0
    travel_names: ClassVar[Mapping[str, Vocabulary]] = {
        "mode": t.MODE_NAMES,
        "terrain": t.TERRAIN_NAMES,
        "pace": t.PACE_NAMES,
    }

    # ------------------------------------------------------------- on a grid

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        if request.height_ft < 0:
            raise InvalidInput(f"A fall height cannot be negative (got {request.height_ft} ft).")
        if request.collision_speed_ft is not None and request.height_ft == 0:
            return self._no_collision_rule(request)
        counted_ft = min(request.height_ft, FALL_MAX_DICE * FALL_FT_PER_DIE)
        counted_ft -= counted_ft % FALL_FT_PER_DIE
        lethal = roll(counted_ft // FALL_FT_PER_DIE, 6, rng)
        notes = [
            Note(
                "Falling damage (borrowed)",
                "The Rules Cyclopedia movement chapter has no falling rule, so the bot uses "
                "the 3.5 SRD's: 1d6 per full 10 ft fallen, at most 20d6."
                + (" Under 10 ft: no damage." if counted_ft == 0 else ""),
            ),
            *_fall_refinements_ignored(request),
        ]
        return FallResult(
            height_ft=request.height_ft,
            counted_ft=counted_ft,
            lethal=lethal,
            nonlethal=no_dice(),
            damage=lethal.total,
            nonlethal_damage=0,
            source=Source(
                self.id, self.document, (), seed_file=t.SEED_FILE, borrowed=FALL_BORROWED
            ),
            headline=f"Falls {feet(request.height_ft)}",
            notes=tuple(notes),
        )

    def _no_collision_rule(self, request: FallRequest) -> FallResult:
        """A collision alone: BECMI has no rule for it, and the borrowed 3.5 SRD falling
        rule has none either, so nothing is rolled (docs/RULINGS.md › /fall › becmi)."""
        return FallResult(
            height_ft=0,
            counted_ft=0,
            lethal=no_dice(),
            nonlethal=no_dice(),
            damage=0,
            nonlethal_damage=0,
            source=Source(self.id, self.document, ("Movement",), seed_file=t.SEED_FILE),
            headline="BECMI has no collision rule",
            notes=(
                Note(
                    "No collision rule",
                    f"A collision at {request.collision_speed_ft} ft speed: the Rules Cyclopedia "
                    "movement chapter has no collision rule, and the 3.5 SRD the bot borrows "
                    "for falls has none either, so nothing is rolled. The GM decides; "
                    "ruleset:epic-path has a collision rule.",
                ),
            ),
            extra={"collision_speed_ft": request.collision_speed_ft, "nothing_rolled": True},
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        return JumpResult(
            max_horizontal_ft=None,
            max_vertical_ft=None,
            dc=None,
            source=Source(self.id, self.document, ("Movement",), seed_file=t.SEED_FILE),
            notes=(
                Note(
                    "No jumping rule",
                    "The Rules Cyclopedia movement chapter has no jumping rule: the GM decides, "
                    "for example with a Strength or Dexterity ability check.",
                ),
            ),
        )

    def travel_speed_ft(self, text: str) -> int:
        """Read as /token add reads a becmi speed (003 "Normal, Encounter, and Running
        Speeds"): the normal speed, its encounter speed in brackets a third of it."""
        speed = parse_rate(text)
        if speed > MAX_TRAVEL_SPEED_FT:
            raise InvalidInput(f"speed: {speed}' is more than {MAX_TRAVEL_SPEED_FT}' per turn.")
        return speed

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        return travel.travel(request, rng, self.id, self.document)

    # ------------------------------------------------------------ on a grid

    sharing_rule: ClassVar[str] = (
        "creatures don't share a square (the Rules Cyclopedia has no rule for sharing one)"
    )
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "never"
    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "feet", "straight", "measured with a ruler: Rules Cyclopedia › Miniature Figures"
    )
    # the Rules Cyclopedia prices no mounting on the board
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "free", "the Rules Cyclopedia puts no price on it: the GM's call"
    )
    band_action: ClassVar[str] = "run"
    group_moves: ClassVar[bool] = True  # 003 Character Movement Rates: the slowest's rate

    def __init__(self, outdoors: bool = False) -> None:
        self.outdoors = outdoors
        self.scale = YARDS if outdoors else 1

    def for_encounter(self, encounter: Encounter | None) -> Becmi:
        """Outdoors, speeds read in yards (003 Feet vs. Yards)."""
        outdoors = flag(encounter.options, "outdoors") if encounter else False
        return self if outdoors == self.outdoors else Becmi(outdoors)

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = request.action or MoveAction.MOVE
        if request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        if token.has(Condition.IMMOBILIZED) or token.has(Condition.INCAPACITATED):
            raise IllegalMove(f"{token.name} can't move now. The GM can move it with forced:.")
        coins = coins_carried(token)
        if (request.mode or "walk") == "walk" and coins and normal_speed(token) == 0:
            capacity = full_speed_load(token)
            raise IllegalMove(
                f"{token.name} carries {coins:,} cn: more than twice its full-speed load "
                f"({capacity:,} cn), it can't move (Rules Cyclopedia › Monster Movement Rates)."
                if capacity
                else f"{token.name} carries {coins:,} cn: with more than 2,400 cn "
                "it can't move (Rules Cyclopedia › Character Movement Rates and Encumbrance Table)."
            )
        mode = check_mode(movement, token, request.mode)
        activity = token.activity
        normal = normal_speed(token) if mode == "walk" else token.speeds_ft.get(mode, 0)
        per_round = (normal if action == "run" else normal // 3) * self.scale
        notes: list[Note] = []
        sections = ["Normal, Encounter, and Running Speeds"]
        running_rounds = number(token.state, "running_rounds")  # rounds run in a row
        conditions: list[tuple[str, bool]] = []
        if action == MoveAction.RUN:
            running_rounds = self._run(token, normal, running_rounds, notes, conditions)
            sections.append("Exhaustion")
        if self.scale != 1:
            sections.append("Feet vs. Yards")
            notes.append(Note("Outdoors", "Speeds are read in yards: three times the feet."))
        budget = max(activity.budget_ft, float(per_round))
        actions = tuple(dict.fromkeys((*activity.actions, action)))
        new_activity = replace(activity, budget_ft=budget, actions=actions)
        allowance = Allowance(
            action,
            mode,
            new_activity.left_ft,
            new_activity,
            tuple(sections),
            notes=tuple(notes),
            condition_changes=tuple(conditions),
            after=lambda moved: moved.with_state(running_rounds=running_rounds),
        )
        return allowance

    def _run(
        self,
        token: Token,
        normal: int,
        running_rounds: int,
        notes: list[Note],
        conditions: list[tuple[str, bool]],
    ) -> int:
        """003 Exhaustion: the rounds run in a row, this one counted, and the token
        exhausted after the last it may run; refused while exhausted."""
        activity = token.activity
        rested = not token.has(Condition.EXHAUSTED) and running_rounds >= MAX_RUNNING_ROUNDS
        if rested:
            running_rounds = 0
        # the round that exhausts it may go on running (split over several /move)
        finishing = "run" in activity.actions and running_rounds >= MAX_RUNNING_ROUNDS
        if token.has(Condition.EXHAUSTED) and not finishing:
            raise IllegalMove(
                f"{token.name} is exhausted: no running until it rests 3 turns; it moves "
                f"at encounter speed ({normal // 3 * self.scale} ft) (Rules Cyclopedia › "
                "Exhaustion)."
            )
        if "run" not in activity.actions:
            running_rounds += 1
        notes.append(Note("Running", f"Round {running_rounds} of at most {MAX_RUNNING_ROUNDS}."))
        if running_rounds >= MAX_RUNNING_ROUNDS:
            conditions.append((Condition.EXHAUSTED.value, True))
            notes.append(
                Note(
                    "Exhausted",
                    f"After {MAX_RUNNING_ROUNDS} rounds of running {token.name} is "
                    "exhausted: rest 3 turns before running or fighting (Rules Cyclopedia › "
                    "Exhaustion).",
                )
            )
        return running_rounds

    def group_move(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest
    ) -> MoveResult:
        """003 "Character Movement Rates": "Groups of characters, if they intend to stay
        together, move at the rate of the slowest character." """
        return move_together(
            ctx, encounter, request, cite="Rules Cyclopedia › Character Movement Rates"
        )

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        board, allowance = ctx.board, ctx.allowance
        cells = board.cells(to)
        cost = float(SQUARE_FT)
        why: list[str] = []
        if allowance.mode != "fly":
            rough = {board.terrain(c) for c in cells} & ROUGH
            if rough or squeezing:
                cost *= 2
                why.append("squeezing ×2")
            if all(board.terrain(c) is Terrain.WATER for c in cells):
                carried = coins_carried(board.mover)
                if carried > t.SWIM_MAX_ENCUMBRANCE_CN:
                    return (
                        f"{to} is water and {board.mover.name} carries {carried:,} cn: more "
                        f"than {t.SWIM_MAX_ENCUMBRANCE_CN} cn drags a swimmer down, so it sinks "
                        "(Rules Cyclopedia › By Swimming)"
                    )
                # a swim speed from the stat block is a normal speed like any other
                swim = board.mover.speeds_ft.get("swim", 0)
                if swim:
                    limit = (swim if allowance.action == "run" else swim // 3) * self.scale
                else:
                    limit = normal_speed(board.mover) // SWIM_FRACTION * self.scale
                # the limit is per round: count what earlier /move calls this round spent
                if allowance.activity.spent_ft + spent + cost > limit + EPSILON:
                    return (
                        f"{to} is water: swimming covers {feet(limit)} a round "
                        "(Rules Cyclopedia › By Swimming: 1/5 of the running speed)"
                    )
                why.append("swimming")
        return Edge(
            to,
            cost,
            diagonals + int(frm.col != to.col and frm.row != to.row),
            ", ".join(why),
            hampered=cost > SQUARE_FT,
        )

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            return Passing(True)
        return Passing(False, "an enemy's square blocks the way")

    def min_step_ft(self, ctx: StepContext) -> float:
        return float(SQUARE_FT)


def _fall_refinements_ignored(request: FallRequest) -> list[Note]:
    ignored: list[str] = []
    if request.into == "water" or request.water_depth_ft is not None:
        ignored.append(
            "Falling into water: the Rules Cyclopedia has no rule, so the same dice apply; the "
            "GM may "
            "reduce them."
        )
    if request.into == "creature" or request.size is not None or request.save is not None:
        ignored.append(
            "Landing on a creature: the Rules Cyclopedia has no rule; the faller takes the dice."
        )
    if request.intentional or request.jumped_down_ft:
        ignored.append("A deliberate jump: BECMI has no Jump or Tumble skill to soften it.")
    if request.check is not None:
        ignored.append("A check: BECMI has no check that reduces falling damage.")
    if request.surface != "normal" or request.difficult_terrain:
        ignored.append("The landing surface: BECMI has no such refinement.")
    if request.faller_size is not None:
        ignored.append("The faller's size: BECMI has no size categories.")
    if request.object_size is not None or request.object_light:
        ignored.append(
            "A falling object: the Rules Cyclopedia has no rule for objects falling on creatures."
        )
    if request.collision_speed_ft is not None:
        ignored.append("A collision: the Rules Cyclopedia has no collision rule.")
    if not ignored:
        return []
    return [Note("No such refinement in BECMI", " ".join(ignored))]
