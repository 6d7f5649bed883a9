"""epic-path: "Types of Movement" from Epic Path, a Pathfinder variant (seed 004).

Falling, falling objects, collisions and overland travel are the seed's own.
The seed has no jump rule, so /jump borrows Pathfinder's Acrobatics.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.search import EPSILON
from bot.grid.sight import clear_line
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.d20.falling import D20FallRules, d20_fall
from bot.rules.d20.grid import Action, D20Ruleset, armor, load
from bot.rules.d20.jumping import SkillJumpRules, skill_jump
from bot.rules.d20.overland import overland_travel
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.altitude import altitude, within_reach_up
from bot.rules.engine.board import Allowance, Board, Limits, Passing, StepContext, hostile, join
from bot.rules.engine.kinds import GrappleRule, MountRule, ThroughRule, VerticalRule
from bot.rules.engine.moves import (
    MOVE_MODES,
    MoveRequest,
    TokenFields,
    TokenMovement,
    TokenSpec,
    parse_plain_speed,
)
from bot.rules.engine.plan import Route
from bot.rules.engine.teleport import nearest_space, open_space, teleport_allowance
from bot.rules.epic_path import IDENTITY
from bot.rules.epic_path.flank_board import board_flanks
from bot.rules.epic_path.flanking import Creature, Space, flank_between
from bot.rules.epic_path.overland_tables import EPIC_PATH_OVERLAND
from bot.rules.epic_path.tables import (
    FOOTPRINTS,
    OBJECT_DICE,
    REACH_FT,
    RUN_STEP_DOWN,
    SURFACE_PER_DIE,
)
from bot.rules.epic_path.tokens import (
    ACTION_TERMS,
    ENCUMBERED_RUN_BASE,
    MAX_PER_SQUARE,
    RUN_MULTIPLE,
    token_fields,
    token_movement,
)
from bot.rules.identity import Identity
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
    borrowed,
)
from bot.units import feet

SEED = "004_15d51e0af34ca221.txt"
SEED_FILES = (SEED,)
DOCUMENT = "Epic Path › Types of Movement"
GRID_DOCUMENT = "Epic Path: Types of Movement"


FALL_RULES = D20FallRules(
    max_dice=20,  # "In normal air, on the Prime Material, a maximum of 20d6 is recommended."
    check_name="Acrobatics",
    dive_check_name="Swim or Acrobatics",
    surface_per_die=SURFACE_PER_DIE,
    yielding_surfaces=frozenset({"soft"}),
    object_dice=OBJECT_DICE,
    collisions=True,
    lethal_damage_lands_prone=True,
)
JUMP_RULES = SkillJumpRules(
    skill="Acrobatics",
    run_up_ft=10,
    bonus_per_10_ft_above=4,
    penalty_per_10_ft_below=4,
    edge_grab=False,
)


class EpicPath(D20Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    # 004 Blocked Terrain: "impossible to move into without ... burrowing, earth glide";
    # its examples are "solid walls, natural stone or dirt", pillars and statues
    burrows_through: ClassVar[frozenset[Terrain]] = frozenset(
        {Terrain.EARTH, Terrain.WALL, Terrain.PILLAR}
    )
    # 004 Three Dimensional Movement: cubes, counted 1 for 1; Forced Movement In 3-D
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "cubes",
        "longer",
        "cubes counted 1 for 1: Epic Path › Three Dimensional Movement",
        forced_in_air=True,
    )
    # the seed has no mounting rule: Pathfinder's (a move action), borrowed
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "move-action", "a move action: Pathfinder SRD › Ride, borrowed"
    )
    # the seed has no grappling: Pathfinder's (the held creature is placed beside it)
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="half-speed",
        shares_space=False,
        drag_text=(
            "moving a grapple: half its speed, after a successful combat maneuver check "
            "(Pathfinder SRD › Grapple › Move, borrowed)"
        ),
        ends_text="Pathfinder SRD › Grapple, borrowed",
    )
    # 004 Overrun; tumbling is Pathfinder's Acrobatics (borrowed: the seed only names it)
    moving_through: ClassVar[tuple[ThroughRule, ...]] = (
        ThroughRule(
            kind="overrun",
            check="a combat maneuver (Maneuver Offense) check each (Epic Path › Overrun)",
            larger_by_at_most=1,
            penalty_per_extra=3,
            provokes_each=True,
            fails="is stopped in the space directly in front of it (shunted back along "
            "its path to the first open space if that one is taken)",
            note="As a standard action it moves up to its speed; as part of a move action "
            "only one creature, and no damage. A target may let it pass: then no check. "
            "With Improved Overrun, the targets get no attack of opportunity.",
            actions=("move", "charge"),
            charge_note="Charging through: a straight line at up to twice its speed. If a "
            "check fails, the charge attack is made only if the charge's target is still "
            "in reach; if every foe lets it pass, the charge goes on as normal (Epic Path "
            "› Overrun).",
        ),
        ThroughRule(
            kind="tumble",
            check="an Acrobatics check each against 5 + the opponent's CMD (Pathfinder SRD "
            "› Acrobatics, borrowed)",
            half_speed=True,
            fails="stops before its space and provokes it",
            note="Tumbling is at half speed. An Acrobatics check against the opponent's CMD "
            "also spares it the attack for moving out of that enemy's threatened squares "
            "(Pathfinder SRD › Acrobatics, borrowed); the bot still lists them.",
        ),
    )
    # the seed has no readied action: Pathfinder's, which 3.5's is too (docs/RULINGS.md)
    readied_move: ClassVar[str | None] = (
        "A readied move action, taken out of its turn when its trigger comes: one move, up "
        "to its speed, in one go (Pathfinder SRD › Special Initiative Actions › Ready, "
        "borrowed)."
    )
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = tuple(Size)
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    travel_names: ClassVar[Mapping[str, Vocabulary]] = EPIC_PATH_OVERLAND.travel_names
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (004 Blocked Terrain)
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset()  # 004 Withdraw: invisible

    # ------------------------------------------------------------- on a grid

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = Source("epic-path", DOCUMENT, ("Falling",), seed_file=SEED)
        return d20_fall(request, rng, FALL_RULES, source)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = Source(
            "epic-path",
            "Pathfinder Acrobatics",
            ("Jumping",),
            seed_file=SEED,
            borrowed="Pathfinder Acrobatics (Epic Path has no jump rule)",
        )
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "Epic Path's Types of Movement has no jump rule: this is Pathfinder's Acrobatics "
            "(long jump DC = "
            "distance, high jump DC = 4 × height, doubled without a 10 ft run-up).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = Source("epic-path", DOCUMENT, ("Overland Travel",), seed_file=SEED)
        return overland_travel(request, rng, tables=EPIC_PATH_OVERLAND, source=source)

    # ------------------------------------------------------------ on a grid

    def forced_source(self, *sections: str) -> Source:
        """Forced movement is this seed's own rule (004 Forced Movement)."""
        return self.source(*sections)

    sharing_rule: ClassVar[str] = "a hostile creature's space is not shared (Epic Path › Squeezing)"
    reach_tall_ft: ClassVar[Mapping[Size, int]] = REACH_FT
    reach_long_ft: ClassVar[Mapping[Size, int]] = REACH_FT
    one_two_diagonals: ClassVar[bool] = False
    doublings_stack: ClassVar[bool] = False
    darkness_doubles: ClassVar[bool] = False
    impeded_full_round: ClassVar[bool] = True
    threatens_own_space: ClassVar[bool] = True
    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = True  # 004 5-Foot Step
    step_rule: ClassVar[str] = "Epic Path › 5-Foot Step"
    withdraw_rule: ClassVar[str] = "Epic Path › Withdraw"
    # 004 only names the charge: 3.5's reading of it, borrowed (docs/RULINGS.md)
    charge_rule: ClassVar[str] = "Rules of the Game › Charge, borrowed"
    run_rule: ClassVar[str] = "Epic Path › Run"
    minimum_sections: ClassVar[tuple[str, ...]] = ("Impeded Terrain",)

    pits_enterable: ClassVar[bool] = True  # 004 Hazardous Terrain
    combines_flight: ClassVar[bool] = True  # 004 Combining Movement Types

    def pit_fall(self, board: Board, pit: Cell) -> tuple[Note, ...]:
        """004 Hazardous Terrain: a pit opening may be moved into freely; 004 Falling
        says what the fall does."""
        name = board.mover.name
        return (
            Note(
                "Falls",
                f"{name} moves into the pit at {pit}, hazardous terrain a character may "
                "freely enter (Epic Path › Hazardous Terrain), and falls: 1d6 per 10 ft fallen, "
                f"at most {FALL_RULES.max_dice}d6 (Epic Path › Falling). How deep is the GM's: "
                "/fall height:<feet> ruleset:epic-path gives the damage. Jumping in on "
                "purpose makes the first 1d6 nonlethal, and a DC 15 Acrobatics check "
                "avoids the first 10 ft (/fall intentional:true check:<total>).",
            ),
        )

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def run_multiple(self, token: Token) -> tuple[int, str]:
        """004 Run's ×4 (×3 in heavy armor), and 004 Encumbrance's ×5 less one for a
        medium and two for a heavy load or armor, stacking: the lower of the two."""
        steps = 0
        why = []
        for what, value in (("armor", armor(token)), ("load", load(token))):
            step = RUN_STEP_DOWN.get((what, value or ""), 0)
            if step:
                steps += step
                why.append(f"{value} {what} −{step}")
        multiple = max(1, min(RUN_MULTIPLE, ENCUMBERED_RUN_BASE - steps))
        text = f"×{multiple} speed in a straight line (Epic Path › Run"
        text += f"; Encumbrance: ×{ENCUMBERED_RUN_BASE} {', '.join(why)})" if why else ")"
        return multiple, text

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        """Each action's allowance, keeping 004 Forced Movement's record of a creature
        that dropped prone by choice (it may ignore forced movement while prone)."""
        allowance = self._allowance(encounter, token, request, movement)
        before = allowance.after
        chose = allowance.action == "drop-prone"

        def after(moved: Token) -> Token:
            moved = before(moved) if before is not None else moved
            if chose:
                return moved.with_state(prone_resists=True)
            if not moved.has(Condition.PRONE):
                return moved.with_state(prone_resists=None)
            return moved

        return replace(allowance, after=after)

    def run_endurance(self, name: str, rounds: int) -> Note:
        """004 Run: Constitution-score rounds, then DC 10 Constitution checks rising by 1;
        a failure stops the run, and a creature that ran to its limit is Fatigued."""
        return Note(
            "Running",
            f"Round {rounds} running in a row. {name} may run for as many rounds as its "
            "Constitution score, then makes a DC 10 Constitution check each round to go on "
            "(+1 to the DC per earlier check); on a failure it stops and is fatigued "
            "(/token condition add:fatigued) (Epic Path › Run).",
        )

    def start_turn(self, token: Token) -> Token:
        """004 Forced Movement: a creature knocked prone resists forced movement once it
        "has had an opportunity to stand up": from the start of its turn (a ruling)."""
        token = super().start_turn(token)
        if token.has(Condition.PRONE):
            return token.with_state(prone_resists=True)
        return token

    def conditions_changed(self, before: Token, after: Token) -> tuple[Token, tuple[Note, ...]]:
        """Prone put on or taken off by the GM (/token condition) is not the creature's own
        choice: no resistance to forced movement until its turn comes (004)."""
        after, notes = super().conditions_changed(before, after)
        if before.has(Condition.PRONE) != after.has(Condition.PRONE):
            after = after.with_state(prone_resists=None)
        return after, notes

    def forced_notes(self, token: Token) -> tuple[Note, ...]:
        """004 Forced Movement: the creature may fall prone at any point to end it; while
        prone by choice (or since its turn came) it may ignore it altogether."""
        if token.has(Condition.PRONE) and token.state.get("prone_resists"):
            return (
                Note(
                    "Prone",
                    f"{token.name} may ignore this forced movement while it stays prone: it "
                    "dropped prone by choice or has had the chance to stand up since (Epic "
                    "Path › Forced Movement). If it does, /undo.",
                ),
            )
        return (
            Note(
                "Fall prone",
                f"{token.name} may fall prone at any square of it, its start included, ending "
                "it there (Epic Path › Forced Movement).",
            ),
        )

    def _allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        if (request.mode or "walk") == "teleport":
            return _teleport(token, request)
        action = request.action or MoveAction.MOVE
        if action in ("run", "charge"):
            tired = next(
                (c for c in (Condition.EXHAUSTED, Condition.FATIGUED) if token.has(c)), None
            )
            if tired is not None:
                raise IllegalMove(
                    f"{token.name} is {tired.value}: a fatigued creature can't run or charge "
                    "(Epic Path › Overland Travel › Hustle)."
                )
        walk = movement.speeds_ft.get("walk", 0)
        encumbered = walk == 0 and token.speed_ft > 0 and (armor(token) or load(token))
        if encumbered and (request.mode or "walk") == "walk" and action != "drop-prone":
            return self._standard_five_feet(token, request, action)
        walked = self._walking(token)
        if walked is not None and action == "move":
            return self._walk_on(encounter, token, request, movement, walked)
        if walked is not None and action == "double":
            return self._declare_double(encounter, token, request, movement, walked)
        return super().allowance(encounter, token, request, movement)

    @staticmethod
    def _walking(token: Token) -> int | None:
        """Where in its actions the token's walk this turn is, if walking is the last
        thing it did (a drop prone, free, doesn't end it)."""
        taken = token.activity.actions
        for index in range(len(taken) - 1, -1, -1):
            if taken[index] == "drop-prone":
                continue
            return index if taken[index] == "move" else None
        return None

    def _walk_on(
        self,
        encounter: Encounter,
        token: Token,
        request: MoveRequest,
        movement: TokenMovement,
        walked: int,
    ) -> Allowance:
        """004 General Movement Rules: "When you have moved a distance equal to your
        movement rate ... you must stop moving for this round, or declare a double move".
        A second /move after a walk goes on with the same walk (a move action, up to its
        speed in all), not a second walk with a fresh speed."""
        activity = token.activity
        taken = activity.actions
        probe = replace(token, activity=replace(activity, actions=taken[:walked]))
        allowance = super().allowance(encounter, probe, request, movement)
        kept = replace(allowance.activity, budget_ft=activity.budget_ft, actions=taken)
        return replace(
            allowance,
            available_ft=kept.left_ft,
            activity=kept,
            notes=(
                *allowance.notes,
                Note(
                    "Walk",
                    f"Goes on with this turn's walk, which had {feet(kept.left_ft)} left. A walk "
                    "stops at its speed unless a double move is declared (action:double) "
                    "(Epic Path › General Movement Rules).",
                ),
            ),
        )

    def _declare_double(
        self,
        encounter: Encounter,
        token: Token,
        request: MoveRequest,
        movement: TokenMovement,
        walked: int,
    ) -> Allowance:
        """004 General Movement Rules: at the end of its walk a creature may "declare a
        double move" (004 Double Move: twice its speed, one action): the walk so far
        becomes part of the double move."""
        activity = token.activity
        taken = activity.actions
        if any(a not in ("move", "drop-prone") for a in taken):
            return super().allowance(encounter, token, request, movement)
        probe = replace(
            token,
            activity=replace(
                activity, budget_ft=0.0, actions=tuple(a for a in taken if a != "move")
            ),
        )
        allowance = super().allowance(encounter, probe, request, movement)
        return replace(
            allowance,
            notes=(
                *allowance.notes,
                Note(
                    "Double move",
                    f"Its walk this turn ({feet(activity.spent_ft)}) becomes a double move "
                    "(Epic Path › General Movement Rules; Double Move).",
                ),
            ),
        )

    def withdraw_spares(self, enemy: Token) -> bool:
        """004 Withdraw: the first square "is not considered threatened by any opponent
        you can see ... Invisible enemies still get attacks of opportunity against you"."""
        return not enemy.has(Condition.INVISIBLE)

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        """004 Blocked Terrain: "teleport can move through blocked terrain as long as line
        of sight and line of effect rules are satisfied"; walls, pillars, wall edges and
        closed doors block both. An occupied or blocked square: the nearest space the
        teleporter can see and reach takes its place (a ruling, docs/RULINGS.md)."""
        board = ctx.board
        encounter = board.encounter
        start = board.footprint_of(token)
        walls = [edge for edge, barrier in encounter.edges.items() if barrier.blocks]

        def in_sight(anchor: Cell) -> bool:
            return clear_line(start, board.cells(anchor), lambda c: board.terrain(c).blocks, walls)

        if open_space(board, goal):
            if not in_sight(goal):
                raise IllegalMove(
                    f"{token.name} has no line of effect to {goal}: a wall, pillar or closed "
                    "door stands between, and a teleport needs line of sight and line of "
                    "effect (Epic Path › Blocked Terrain)."
                )
            return goal, ()
        best = nearest_space(
            board, token, goal, lambda anchor: open_space(board, anchor) and in_sight(anchor)
        )
        if best is None or best == token.cell:
            raise IllegalMove(
                f"{goal} is occupied or blocked, and no open space {token.name} can see is "
                "near it to teleport into (Epic Path › Blocked Terrain)."
            )
        return best, (
            Note(
                "Teleport",
                f"{goal} is occupied or blocked: {token.name} lands in the nearest open space "
                f"in sight, {best} (Epic Path › Blocked Terrain).",
            ),
        )

    def _standard_five_feet(self, token: Token, request: MoveRequest, action: str) -> Allowance:
        """004 Encumbrance: "If these penalties reduce your base move to zero ... You must
        now use a standard action to move five feet, and can move no more than five feet
        per round"."""
        activity = token.activity
        if action != "move":
            raise IllegalMove(
                f"{token.name}'s armor and load take its speed to 0: a standard action "
                "moving 5 ft is all it can do (Epic Path › Encumbrance). Use action:move."
            )
        if "standard-5ft" in activity.actions or activity.spent_ft > 0:
            raise IllegalMove(
                f"{token.name}'s armor and load take its speed to 0: it moves no more than "
                "5 ft a round (Epic Path › Encumbrance). /turn next starts the next turn."
            )
        if token.has(Condition.PRONE):
            raise IllegalMove(f"{token.name} is prone: stand up first (action:stand).")
        return Allowance(
            "move",
            "walk",
            5.0,
            replace(
                activity,
                budget_ft=activity.budget_ft + 5.0,
                actions=(*activity.actions, "standard-5ft"),
            ),
            ("Encumbrance",),
            limits=Limits(one_square=True),
            notes=(
                Note(
                    "Speed 0",
                    "Armor and load take its speed to 0: a standard action moves it 5 ft, "
                    "no more this round (Epic Path › Encumbrance).",
                ),
            ),
        )

    def squeeze_width(self, side: int) -> int:
        # a space designed for creatures one size category smaller (004 Squeezing)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if mover.size - other.size >= 2:
            return Passing(True, may_end=True)  # 004 Stepover: neither is squeezing
        if other.size - mover.size >= 2 and set(board.cells(mover.cell)) & set(
            board.footprint_of(other)
        ):
            # 004 Stepover: the smaller creatures "may also move out of the occupied space
            # (provoking as per normal movement rules)"; stopping inside takes Might
            return Passing(True, "moving out from under it (Epic Path › Stepover)")
        return self._pass_other(board, other)

    def forced_over(self, board: Board, other: Token) -> bool:
        """004 Stepover: "If the larger creature is subjected to forced movement, it is
        possible to make the larger creature stepover legally sized (smaller) creatures
        as part of that movement"."""
        return board.mover.size - other.size >= 2

    def _pass_other(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if other.has(Condition.DEAD):
            return Passing(True, may_end=True)  # 004 Squeezing: rough terrain
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            # 004 Squeezing: both squeeze when each normally takes up the full space;
            # Internal Flanking: not two or more sizes apart
            squeezing = (
                mover.size >= Size.SMALL
                and other.size >= Size.SMALL
                and abs(mover.size - other.size) < 2
            )
            return Passing(True, may_end=True, squeezing=squeezing)
        return Passing(
            False,
            "a hostile creature's space takes an Overrun, or Might to clamber in "
            "(Epic Path › Walk, Stepover)",
        )

    def share_space(
        self, ctx: StepContext, route: Route, sharing: list[str], *, jumped: bool
    ) -> tuple[Route, tuple[Note, ...]]:
        """004 Squeezing: "Entering a square which requires squeezing is treated as
        difficult terrain" — the last step, into the shared space, costs double (once:
        difficult terrain doesn't stack). Passing through a friend's space is not
        squeezing; only ending there is. Refused where the action can't afford it or
        can't be hampered (run, charge, 5-foot step)."""
        note = Note(
            "Squeezing",
            f"Shares {', '.join(sharing)}'s space: both are squeezing (−4 on attacks and AC).",
        )
        if jumped or not route.edges or route.edges[-1].hampered:
            return route, (note,)  # a landing is its own length; difficult doesn't double
        allowance, last = ctx.allowance, route.edges[-1]
        name, end = ctx.board.mover.name, route.end
        where = f"squeezing into {', '.join(sharing)}'s space counts as difficult terrain"
        if allowance.limits.unhampered or allowance.limits.free_square_ft is not None:
            what = (
                "a 5-foot step"
                if allowance.limits.free_square_ft is not None
                else f"a {allowance.action}"
            )
            raise IllegalMove(
                f"{name} can't end at {end}: {where} (Epic Path › Squeezing), and {what} can't "
                "be hampered."
            )
        cost = route.cost + last.cost_ft
        total = cost + allowance.stance.stand_cost_ft
        if total > allowance.available_ft + EPSILON:
            raise IllegalMove(
                f"{name} can't end at {end}: {where} (Epic Path › Squeezing), so the move costs "
                f"{feet(total)} and {allowance.action} allows {feet(allowance.available_ft)}."
            )
        doubled = replace(
            last, cost_ft=2 * last.cost_ft, why=join(last.why, "squeezing ×2"), hampered=True
        )
        return replace(route, edges=[*route.edges[:-1], doubled], cost=cost), (note,)

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        problem = super().sharing_problem(board, anchor)
        if problem:
            return problem
        for cell in board.cells(anchor):
            if len(board.occupants.get(cell, ())) >= MAX_PER_SQUARE:
                return (
                    f"{cell} already holds {MAX_PER_SQUARE} creatures, the most a square "
                    "may (Epic Path › Space)"
                )
        return ""

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        # 004 Squeezing: a dead creature is treated as rough terrain
        return other.has(Condition.DEAD) and mover.size - other.size < 2

    # ------------------------------------------------------------- flanking

    def flank(self, encounter: Encounter, a: Token, b: Token, target: Token) -> Flank:
        """004 Flanking, Reach and Flanking, Internal Flanking: two allies who both
        threaten an enemy flank it when a line between them passes through opposite
        sides or opposite corners of its space, or when one is inside the other's
        space two or more sizes apart."""
        board = Board.of(encounter, target, self.footprint_squares)
        sections = ["Flanking"]
        for one in (a, b):
            if not hostile(one, target):
                return Flank(
                    False,
                    f"{one.name} isn't {target.name}'s enemy ({one.team} and {target.team}): "
                    "only allies who both threaten an enemy flank it",
                    self.source(*sections),
                )
        if a.team != b.team:  # pragma: no cover - hostile() leaves one enemy side
            return Flank(False, f"{a.name} and {b.name} aren't allies", self.source(*sections))
        for one in (a, b):
            if (altitude(one) or altitude(target)) and not within_reach_up(
                self, one, target, self.reach_ft(one)
            ):
                # 004 Three Dimensional Movement: reach counts cubes, up as across
                return Flank(
                    False,
                    f"{one.name} is too far above or below {target.name} to threaten it",
                    self.source(*sections, "Three Dimensional Movement"),
                )
        verdict = flank_between(
            self._flanker(board, a, target),
            self._flanker(board, b, target),
            self._flanker(board, target, target),
        )
        if verdict.internal:
            sections.append("Internal Flanking")
        elif verdict.line is not None and any(
            x.denominator == 1 for point in verdict.line for x in point
        ):
            sections.append("Reach and Flanking")
        line = (
            None if verdict.line is None else tuple((float(x), float(y)) for x, y in verdict.line)
        )
        return Flank(
            verdict.flanks,
            verdict.why,
            self.source(*sections),
            line=(line[0], line[1]) if line is not None else None,
            internal=verdict.internal,
        )

    def board_flanks(self, encounter: Encounter) -> BoardFlanks:
        """004 Flanking: every creature two of its foes flank (/map flanks:true), worked
        out for the whole board at once and bounded (``flank_board``)."""
        return board_flanks(self, encounter)

    def _flanker(self, board: Board, token: Token, target: Token) -> Creature:
        side = board.sides.get(token.key, self.footprint_squares.get(token.size, 1))
        threatens = not token.has(Condition.INCAPACITATED) and any(
            self.threatens(board, token, cell) for cell in board.footprint_of(target)
        )
        return Creature(
            token.name,
            Space(token.cell, side),
            int(token.size),
            self.natural_reach_ft(token) > self.square_ft or token.reach_weapon,
            threatens,
        )

    def after_move_notes(self, encounter: Encounter, mover: Token) -> tuple[Note, ...]:
        """004 Flanking, said after each move: the enemies the mover now flanks, and
        with whom (+2 on melee attacks against it, for both)."""
        if mover.has(Condition.INCAPACITATED):
            return ()
        flanked = board_flanks(self, encounter, mover=mover).flanked  # bounded
        if not flanked:
            return ()
        parts = "; ".join(f"{f.target} with {', '.join(ally for _, ally in f.by)}" for f in flanked)
        return (
            Note(
                "Flanking",
                f"{mover.name} now flanks {parts}: +2 on melee attacks against a flanked "
                "foe, for both flankers (Epic Path › Flanking).",
            ),
        )


def _teleport(token: Token, request: MoveRequest) -> Allowance:
    """004 Blocked Terrain: a teleport (a spell or power the GM allows)."""
    return teleport_allowance(
        token,
        request,
        ("Blocked Terrain",),
        Note(
            "Teleport",
            "An effect that allows it (its range and action are the spell's or power's): "
            "no movement spent, no attacks of opportunity, and blocked terrain in between "
            "doesn't stop it where line of sight and line of effect reach "
            "(Epic Path › Blocked Terrain).",
        ),
    )
