"""Tactical movement shared by the d20 rulesets (3.5 and epic-path).

Both spend movement by actions (move, double move, run, withdraw, charge,
5-foot step, crawl, stand up), threaten squares by reach and provoke on
leaving a threatened square. What differs is data and a few hooks: how
diagonals count (1-2-1-2 in 3.5, 1-for-1 in epic-path), whether doublings
stack (3.5: ×2, ×4, ×8), impeded terrain, who may pass whom, and the reach
and space tables. ``bot.rules.dnd35`` and ``bot.rules.epic_path``
fill them in.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell, cell_row
from bot.grid.geometry import gap, squares_one_two
from bot.grid.search import EPSILON, Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import (
    Allowance,
    Board,
    Limits,
    Stance,
    StepContext,
    around,
    check_mode,
)
from bot.rules.engine.moves import MoveRequest, TokenMovement, TokenSpec
from bot.rules.engine.steps import flies_where_needed
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note
from bot.state import StateValue, number, text

ACTIONS = Vocabulary(
    "action",
    {
        "move": ("walk", "move-action", "normal"),
        "double": ("double-move", "double move", "doublemove"),
        "run": ("running", "sprint"),
        "withdraw": ("retreat", "withdrawal"),
        "charge": ("charging",),
        "5ft-step": ("5-foot-step", "five-foot-step", "step", "5ft", "5-ft-step", "shift"),
        "crawl": ("crawling",),
        "stand": ("stand-up", "get-up", "standup"),
        "drop-prone": ("prone", "drop", "go-prone"),
        "accelerated-climb": ("accelerated", "fast-climb", "quick-climb"),
    },
)
# Armor and load categories, as both rulesets' tables name them.
ARMOR_NAMES = Vocabulary(
    "armor", {"none": ("no", "unarmored"), "light": (), "medium": (), "heavy": ()}
)
LOAD_NAMES = Vocabulary("load", {"light": (), "medium": (), "heavy": ()})


def armor(token: Token) -> str | None:
    """The armor it wears (none, light, medium, heavy; None: not given)."""
    return text(token.state, "armor")


def load(token: Token) -> str | None:
    """The load it carries (light, medium, heavy; None: not given)."""
    return text(token.state, "load")


def d20_token_state(spec: TokenSpec) -> dict[str, StateValue | None]:
    """The armor, load and body given, checked (tall, the default, is not stored)."""
    given, state = spec.options, dict[str, StateValue | None]()
    if "armor" in given:
        state["armor"] = ARMOR_NAMES.match(given["armor"])
    if "load" in given:
        state["load"] = LOAD_NAMES.match(given["load"])
    if "body" in given:
        state["body"] = None if given["body"] == "tall" else str(given["body"])
    return state


MOVE_ACTIONS = frozenset({"move", "stand", "crawl", "door", "accelerated-climb", "control-mount"})
# "turn-ended": a failed check that ends the turn (002 Control a Frightened Mount)
FULL_ROUND = frozenset({"double", "run", "withdraw", "charge", "minimum", "turn-ended"})
# Terrain that hampers a walker (001 "Difficult Terrain", "Obstacles").
HAMPERING = frozenset({Terrain.DIFFICULT, Terrain.OBSTACLE, Terrain.SLOPE, Terrain.ICE})
NO_MOVE = (Condition.IMMOBILIZED, Condition.HELPLESS, Condition.PARALYZED, Condition.STUNNED)


@dataclass(frozen=True)
class Action:
    """One action's terms: how many times the speed, and what it requires."""

    speed_multiple: int
    sections: tuple[str, ...]
    full_round: bool = False
    straight: bool = False
    unhampered: bool = False
    no_creatures: bool = False
    shortest_path: bool = False
    min_ft: float = 0.0
    one_square: bool = False
    safe_start: bool = False
    provokes: bool = True


# a square a walking flyer only crosses in the air (a pit; water it can't swim)
CROSSED_FLYING = "crossed flying"


def blind_step_cause(mover: Token) -> str:
    """What keeps the mover from seeing its way: blindness, or the dark."""
    return "blinded" if mover.has(Condition.BLINDED) else "darkness"


class D20Ruleset(Ruleset):
    """The d20 family's grid movement; subclasses give the data."""

    reach_tall_ft: ClassVar[Mapping[Size, int]]
    reach_long_ft: ClassVar[Mapping[Size, int]]
    one_two_diagonals: ClassVar[bool]
    doublings_stack: ClassVar[bool]
    impeded_full_round: ClassVar[bool]
    darkness_doubles: ClassVar[bool]  # 3.5's poor visibility costs double; epic-path's not
    threatens_own_space: ClassVar[bool]
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "leave-threatened"
    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "double"
    action_terms: ClassVar[Mapping[str, Action]]
    # Does standing up count as movement (no 5-foot step after it)? 3.5: no (002
    # "Stand Up from Prone"); epic-path: yes (004 "5-Foot Step").
    standing_is_movement: ClassVar[bool]
    minimum_sections: ClassVar[tuple[str, ...]] = ("Minimum Movement",)
    # where the ruleset's own document says a withdraw (run, charge) needs a mode with a
    # speed (002 Withdraw; 004 Withdraw)
    withdraw_rule: ClassVar[str] = "Rules of the Game › Withdraw"
    charge_rule: ClassVar[str] = "Rules of the Game › Charge"
    run_rule: ClassVar[str] = "Rules of the Game › Run"

    def __init__(self) -> None:
        self.diagonal_parity = self.one_two_diagonals

    # ---- hooks the rulesets fill in

    @abstractmethod
    def run_multiple(self, token: Token) -> tuple[int, str]:
        """The run's multiple of speed for ``token`` now, and why."""

    def run_endurance(self, name: str, rounds: int) -> Note:
        """How long ``name`` may keep running, in its ``rounds``-th round running in a row.
        3.5's seeds give no limit (002 Run only says creatures without a Constitution
        score run forever), so the 3.5 SRD's Run is borrowed."""
        return Note(
            "Running",
            f"Round {rounds} running in a row. {name} may run for as many rounds as its "
            "Constitution score, then makes a DC 10 Constitution check each round to go on "
            "(+1 to the DC per earlier check); on a failure it stops and must rest 1 minute "
            "(10 rounds) before running again (borrowed: 3.5 SRD › Run). Creatures without "
            f"a Constitution score can run forever ({self.run_rule}).",
        )

    def start_turn(self, token: Token) -> Token:
        """A creature that didn't run last turn no longer counts rounds run in a row."""
        ran = "run" in token.activity.actions
        token = super().start_turn(token)
        return token if ran else token.with_state(running_rounds=None)

    # ---- actions

    def done_for_the_turn(self, activity: Activity) -> bool:
        """Both move actions taken, a full-round move, or a 5-foot step (002)."""
        taken = activity.actions
        moves = sum(1 for a in taken if a in MOVE_ACTIONS)
        return moves >= 2 or any(a in FULL_ROUND or a == "5ft-step" for a in taken)

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = request.action or MoveAction.MOVE
        activity = token.activity
        taken = activity.actions
        prone = token.has(Condition.PRONE)
        if action == "drop-prone":
            if prone:
                raise IllegalMove(f"{token.name} is already prone.")
            if request.to is not None:
                raise InvalidInput("Dropping prone doesn't move: leave out to:.")
            return Allowance(
                "drop-prone",
                "walk",
                0.0,
                replace(activity, actions=(*taken, "drop-prone")),
                ("Drop Prone",),
                stance=Stance(drop_prone=True),
                provokes=False,
                notes=(Note("Drop prone", "A free action."),),
            )
        stuck = next((c for c in NO_MOVE if token.has(c)), None)
        if stuck is not None:
            raise IllegalMove(
                f"{token.name} is {stuck.value} and can't move. The GM can still move it "
                "with forced:."
            )
        if "5ft-step" in taken:
            raise IllegalMove(
                f"{token.name} took a 5-foot step this round: no other movement the same "
                f"round ({self.step_rule})."
            )
        terms = self.action_terms.get(action)
        if terms is None:
            raise InvalidInput(
                f"{self.id} has no {action} action here. Accepted: "
                f"{', '.join(self.action_terms)}, drop-prone."
            )
        staggered = token.has(Condition.STAGGERED)
        staggered_multiple = 1
        if staggered:
            terms, staggered_multiple = self._standard_action_only(token, action, terms, taken)
        if action == "accelerated-climb":
            if request.mode not in (None, "climb"):
                raise InvalidInput("An accelerated climb is a climb: leave out mode: or say climb.")
            if movement.speeds_ft.get("climb", 0) <= 0:
                raise IllegalMove(
                    f"{token.name} has no climb speed: an accelerated climb is for creatures "
                    "with one (SRD › Movement Modes › Climb)."
                )
            request = replace(request, mode="climb")
        mode = check_mode(movement, token, request.mode)
        speed = movement.speeds_ft[mode]
        move_actions = sum(1 for a in taken if a in MOVE_ACTIONS)
        full = any(a in FULL_ROUND for a in taken)
        notes: list[Note] = []
        sections = list(terms.sections)
        if prone and action not in ("stand", "crawl"):
            raise IllegalMove(
                f"{token.name} is prone: stand up first (action:stand, a move action that "
                "provokes) or crawl 5 ft (action:crawl)."
            )
        if action == "crawl" and not prone:
            raise IllegalMove(f"{token.name} isn't prone; crawling is how a prone creature moves.")
        if action == "stand" and not prone:
            raise IllegalMove(f"{token.name} isn't prone, so it has nothing to stand up from.")
        if terms.full_round and (taken and any(a != "drop-prone" for a in taken)):
            raise IllegalMove(
                f"A {action} takes the whole round and {token.name} has already acted this "
                f"turn ({', '.join(taken)}). Use action:move for a move action."
            )
        if action in MOVE_ACTIONS and (full or move_actions >= 2):
            raise IllegalMove(
                f"{token.name} has no move action left this turn "
                f"({', '.join(taken)}). /turn next starts the next turn."
            )
        if action == "5ft-step":
            # 002 Move Actions: opening a door, standing up (3.5)... "does not count as
            # movement", so it doesn't use up the 5-foot step; only moving does
            not_movement = {"drop-prone", "door"}
            if not self.standing_is_movement:
                not_movement.add("stand")
            if activity.spent_ft > 0 or any(a not in not_movement for a in taken):
                raise IllegalMove(
                    f"{token.name} has already moved this round: no 5-foot step ({self.step_rule})."
                )
            if speed <= 5:
                raise IllegalMove(
                    f"{token.name}'s speed is {speed} ft: a creature with a speed of 5 ft or "
                    f"less can't take a 5-foot step ({self.step_rule})."
                )
        if action in ("run", "withdraw") and token.has(Condition.BLINDED):
            raise IllegalMove(f"{token.name} is blinded: no {action} without sight.")
        multiple = terms.speed_multiple
        if staggered:
            multiple = staggered_multiple
            sections.append("Standard-action versions (Rules of the Game)")
            notes.append(
                Note(
                    "Staggered",
                    "Only a single move or standard action this turn: a run, charge or "
                    "withdraw is its standard-action version, up to its speed (Rules of the Game).",
                )
            )
        after: Callable[[Token], Token] | None = None
        if action == "run" and not staggered:
            multiple, why = self.run_multiple(token)
            notes.append(Note("Run", why))
            running = number(token.state, "running_rounds") + 1
            notes.append(self.run_endurance(token.name, running))

            def after(moved: Token) -> Token:
                return moved.with_state(running_rounds=running)

            if mode in ("climb", "burrow"):
                raise IllegalMove(f"Creatures can't run while {mode}ing (SRD › Movement Modes).")
        if action == "charge" and mode == "burrow":
            raise IllegalMove(
                "Creatures can't charge or run while burrowing (SRD › Movement Modes › Burrow)."
            )
        grant = float(self.top_speed(movement, mode) * multiple)
        if action == "accelerated-climb":
            land = self.top_speed(movement, "walk")
            grant = float(min(2 * self.top_speed(movement, "climb"), land) * multiple)
            notes.append(
                Note(
                    "Accelerated climb",
                    f"Double its climb speed or its land speed ({land} ft), whichever is "
                    f"lower: {grant:g} ft, with a single Climb check at −5 "
                    "(SRD › Movement Modes › Climb).",
                )
            )
        if action == "crawl":
            grant = 5.0
        if action == "5ft-step":
            grant = 5.0
        stand_cost = 0.0
        actions = [*taken, action]
        if action == "stand":
            notes.append(
                Note(
                    "Stand up",
                    "A move action that provokes attacks of opportunity (Rules of the Game › "
                    "Stand Up from Prone).",
                )
            )
            if request.to is not None:
                if move_actions >= 1 or token.has(Condition.STAGGERED):
                    raise IllegalMove(
                        f"Standing takes {token.name}'s last move action: it can't also move "
                        "this turn."
                    )
                actions.append("move")
                notes.append(Note("Then", "Moves with its other move action."))
            else:
                grant = 0.0
        new_activity = replace(
            activity,
            budget_ft=activity.budget_ft + grant,
            actions=tuple(actions),
            diagonals=activity.diagonals if action in MOVE_ACTIONS else 0,
        )
        available = new_activity.left_ft
        if terms.one_square:
            available = 5.0 if action == "5ft-step" else max(available, 5.0)
        return Allowance(
            action,
            mode,
            available,
            new_activity,
            tuple(sections),
            limits=Limits(
                straight=terms.straight,
                unhampered=terms.unhampered,
                no_creatures=terms.no_creatures,
                shortest_path=terms.shortest_path,
                min_ft=terms.min_ft,
                one_square=terms.one_square,
                free_square_ft=5.0 if action == "5ft-step" else None,
                safe_start=terms.safe_start,
            ),
            stance=Stance(
                stand_up=action == "stand", stand_cost_ft=stand_cost, stand_provokes=True
            ),
            provokes=terms.provokes,
            full_round=terms.full_round,
            notes=tuple(notes),
            after=after,
        )

    def _standard_action_only(
        self, token: Token, action: str, terms: Action, taken: tuple[str, ...]
    ) -> tuple[Action, int]:
        """002: "If you're limited to only a standard action during your turn", you can
        withdraw, run or charge as a standard action, moving up to your speed."""
        if any(a != "drop-prone" for a in taken):
            raise IllegalMove(
                f"{token.name} is staggered: one move or standard action a turn, and it "
                f"has taken one ({', '.join(taken)})."
            )
        if action == "double":
            raise IllegalMove(
                f"{token.name} is staggered: no double move, only one move or standard "
                "action a turn (use action:move)."
            )
        if action in ("run", "charge", "withdraw"):
            return replace(terms, full_round=False), 1
        return terms, terms.speed_multiple

    def door_action(self, token: Token) -> tuple[Token, Note]:
        """002 "Open or Close a Door": a move action (it isn't movement)."""
        token = self._move_action(token, "door", "Opening or closing a door")
        note = Note("Action", "A move action; it doesn't count as movement (Rules of the Game).")
        return token, note

    def spend_move_action(self, token: Token, doing: str, *, ends_turn: bool = False) -> Token:
        token = self._move_action(token, "control-mount", doing)
        if ends_turn:
            activity = replace(token.activity, actions=(*token.activity.actions, "turn-ended"))
            token = replace(token, activity=activity)
        return token

    def _move_action(self, token: Token, tag: str, doing: str) -> Token:
        taken = token.activity.actions
        move_actions = sum(1 for a in taken if a in MOVE_ACTIONS)
        if any(a in FULL_ROUND for a in taken) or move_actions >= 2:
            raise IllegalMove(
                f"{doing} is a move action, and {token.name} has none left this turn "
                f"({', '.join(taken)})."
            )
        return replace(token, activity=replace(token.activity, actions=(*taken, tag)))

    def full_round_minimum(self, token: Token, allowance: Allowance) -> Allowance | None:
        """001 "Minimum Movement" / 004 "Impeded Terrain": 5 ft as a full-round action."""
        taken = [a for a in token.activity.actions if a != "drop-prone"]
        if taken or allowance.action not in ("move", "double"):
            return None
        activity = replace(
            token.activity,
            budget_ft=token.activity.budget_ft + 5.0,
            actions=(*token.activity.actions, "minimum"),
        )
        return replace(
            allowance,
            action="minimum",
            available_ft=5.0,
            activity=activity,
            limits=replace(allowance.limits, one_square=True),
            full_round=True,
            sections=self.minimum_sections,
        )

    # ---- steps

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        walked = self._priced(ctx, frm, to, diagonals, spent, squeezing, flown=False)
        if not flies_where_needed(self, ctx) or (isinstance(walked, Edge) and not walked.hampered):
            return walked
        # 004 "Combining Movement Types": a walker with a fly speed may fly any square
        # while the fly speed's share lasts; it flies where that is cheaper or where
        # walking can't go (impeded ground, walking's share spent)
        flown = self._priced(ctx, frm, to, diagonals, spent, squeezing, flown=True)
        if isinstance(flown, str):
            return flown if walked == CROSSED_FLYING else walked
        if isinstance(walked, str) or flown.cost_ft < walked.cost_ft:
            return flown
        return walked

    def _priced(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
        *,
        flown: bool,
    ) -> Edge | str:
        """The step walked (each square in its own mode) or, in a combined move, flown."""
        allowance = ctx.allowance
        mode = allowance.mode
        key = ("d20", to, mode, allowance.action == "minimum", squeezing, flown)
        terms = ctx.memo.get(key)
        if terms is None:
            terms = ctx.memo[key] = self._square_terms(ctx, to, squeezing, flown=flown)
        if isinstance(terms, str):
            return terms
        doublings, causes, move_type, blind_step = terms
        through = self.through_rule(allowance.stance.through) if allowance.stance.through else None
        if through is not None and through.half_speed:  # tumbling: half speed, every square
            doublings, causes = doublings + 1, (*causes, through.kind.removesuffix("e") + "ing")
        # 004 "Combining Movement Types": costs come off every mode; a square's own
        # mode is usable while its share of what is left (counted in the fastest
        # mode's feet) lasts
        type_speed = ctx.movement.speeds_ft.get(move_type, 0)
        top = self.top_speed(ctx.movement, mode)
        limit = allowance.activity.left_ft * type_speed / top if type_speed < top else None
        if not self.doublings_stack:
            doublings = min(doublings, 1)
        factor = 2**doublings
        diagonal = frm.col != to.col and frm.row != to.row
        why: list[str] = []
        if diagonal and self.one_two_diagonals:
            if factor == 1:
                squares = 1.0 if diagonals % 2 == 0 else 2.0
                if squares == 2:
                    why.append("2nd diagonal counts 2")
            else:
                squares = 1.5 * factor
        else:
            squares = float(factor)
        if factor > 1:
            why.append(f"{' & '.join(c for c in causes if c)} ×{factor}".strip())
        elif causes:
            why.append(" & ".join(causes))
        cost = squares * self.square_ft
        if (
            limit is not None
            and allowance.limits.free_square_ft is None
            and not allowance.limits.one_square
            and (spent + cost > limit + EPSILON)
        ):
            return (
                f"{to} needs {move_type} movement and {ctx.board.mover.name}'s {move_type} "
                "speed "
                "is spent"
            )
        return Edge(
            to,
            cost,
            diagonals + (1 if diagonal else 0),
            ", ".join(why) or (blind_step_cause(ctx.board.mover) if blind_step else ""),
            hampered=factor > 1 or blind_step,
        )

    def _square_terms(
        self, ctx: StepContext, to: Cell, squeezing: bool, *, flown: bool = False
    ) -> tuple[int, tuple[str, ...], str, bool] | str:
        """What entering ``to`` costs apart from the diagonal count: the number of
        doublings, their causes and the mode used (or why it can't be entered).
        ``flown``: a walker with a fly speed enters it flying (a combined move)."""
        board, allowance = ctx.board, ctx.allowance
        mode = allowance.mode
        cells = board.cells(to)
        causes: list[str] = []
        blind_step = False
        doublings = 0
        terrains = {board.terrain(c) for c in cells}
        if not flown and flies_where_needed(self, ctx):
            # no walking into a pit, nor swimming without a swim speed, for a flyer
            swims = ctx.movement.speeds_ft.get("swim", 0) > 0
            if Terrain.PIT in terrains or (terrains == {Terrain.WATER} and not swims):
                return CROSSED_FLYING
        # walking and swimming: each square's own mode (004 "Combining Movement Types")
        move_type = "walk" if mode in ("walk", "swim") else mode
        if flown:
            move_type = "fly"
            causes.append("flying")
        # 001: flying and incorporeal creatures are not hampered by difficult terrain
        # and avoid most obstacles
        if (
            mode not in ("fly", "burrow")
            and not flown
            and not ctx.board.mover.has(Condition.INCORPOREAL)
        ):
            if Terrain.IMPEDED in terrains:
                if not self.impeded_full_round:
                    doublings += 1
                    causes.append("impeded")
                elif allowance.action != "minimum":
                    return (
                        f"{to} is impeded terrain: a full-round action moves 5 ft into it "
                        "(Epic Path › Impeded Terrain)"
                    )
                else:
                    causes.append("impeded terrain")  # the full-round action pays for it
            hampering = terrains & HAMPERING
            if mode == "climb":
                hampering -= {Terrain.SLOPE}
            if hampering:
                doublings += 1
                causes.append(sorted(t.value for t in hampering)[0])
            if terrains == {Terrain.WATER}:
                if ctx.movement.speeds_ft.get("swim", 0) > 0:
                    move_type = "swim"
                elif allowance.action in ("withdraw", "run", "charge"):
                    # 002 Withdraw (and Run, Charge): only in a mode the creature has a
                    # speed rating for; swimming without one is a skill, not a speed
                    return (
                        f"{to} is deep water and {board.mover.name} has no swim speed: a "
                        f"{allowance.action} uses only a mode it has a speed for "
                        f"({self.withdraw_rule})"
                    )
                else:
                    doublings += 2
                    causes.append("swimming without a swim speed (¼ speed)")
        dark_cells = [c for c in cells if c in board.encounter.dark]
        blinded = board.mover.has(Condition.BLINDED)  # sees nothing, darkvision or not
        if blinded or (dark_cells and not board.mover.has(Condition.DARKVISION)):
            if self.darkness_doubles:
                doublings += 1  # 001 Hampered Movement: poor visibility
                causes.append(blind_step_cause(board.mover))
            else:
                blind_step = True  # 004: no 5-foot step, no run in darkness
        for other in board.others_in(cells):
            if self.creature_hampers(board.mover, other):
                doublings += 1
                causes.append(f"past {other.name}")
        if squeezing:
            doublings += 1
            causes.append("squeezing")
        return doublings, tuple(causes), move_type, blind_step

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        return False

    def avoids_obstacles(self, token: Token, mode: str) -> bool:
        # 001 Obstacles: "Flying and incorporeal creatures are able to avoid most obstacles"
        return mode == "fly" or token.has(Condition.INCORPOREAL)

    def top_speed(self, movement: TokenMovement, mode: str) -> int:
        """The speed an action's allowance is counted in: walking and swimming share
        one allowance in the faster of the two (004 "Combining Movement Types")."""
        speeds = movement.speeds_ft
        if mode == "walk" and self.combines_flight:
            return max(speeds.get("walk", 0), speeds.get("swim", 0), speeds.get("fly", 0))
        if mode in ("walk", "swim"):
            return max(speeds.get("walk", 0), speeds.get("swim", 0))
        return speeds.get(mode, 0)

    # ---- reach

    def reach_ft(self, token: Token) -> int:
        return self.natural_reach_ft(token)

    def natural_reach_ft(self, token: Token) -> int:
        if token.reach_ft is not None:
            return token.reach_ft
        long = text(token.state, "body") == "long"
        table = self.reach_long_ft if long else self.reach_tall_ft
        return table.get(token.size, 5)

    def distance_ft(self, a: Cell, b: Cell) -> float:
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        return float(self.distance_squares(dx, dy) * self.square_ft)

    def distance_squares(self, dx: int, dy: int) -> int:
        return squares_one_two(dx, dy) if self.one_two_diagonals else max(dx, dy)

    def threat_range(self, enemy: Token) -> tuple[int, int]:
        """How many squares away ``enemy`` threatens, nearest and farthest: from the next
        square to its natural reach, or with a reach weapon from beyond its natural
        reach to double it (001: not at natural reach or less)."""
        squares = self.natural_reach_ft(enemy) // self.square_ft
        if enemy.reach_weapon:
            return max(1, squares) + 1, 2 * max(1, squares)
        return 1, squares

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        """Whether ``enemy`` threatens ``cell``: one square of ``threatened``, found
        without working out the rest."""
        side = board.sides.get(enemy.key, 1)
        if self.threatens_own_space and cell in board.footprint_of(enemy):
            return True
        lo, hi = self.threat_range(enemy)
        d = self.distance_squares(*gap(cell, 1, enemy.cell, side))
        return d > 0 and lo <= d <= hi

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        lo, hi = self.threat_range(enemy)
        side = board.sides.get(enemy.key, 1)
        cells: set[Cell] = set()
        if self.threatens_own_space:
            cells.update(board.footprint_of(enemy))
        cols, rows = around(board, enemy.cell, side, hi)  # a reach past the map: the map
        if not cols:
            return frozenset(cells)
        first, last = enemy.cell.col, enemy.cell.col + side - 1  # the enemy's own columns
        widest = max(first - cols.start, cols.stop - 1 - last, 0)
        for row in rows:
            dy = gap(Cell(first, row), 1, enemy.cell, side)[1]
            across = self._gaps_within(dy, lo, hi, widest)
            if across is None:
                continue
            near, far = across
            spans = []
            if near == 0:
                spans.append((first, last))
                near = 1
            if near <= far:
                spans += [(first - far, first - near), (last + near, last + far)]
            whole_row = cell_row(row, board.encounter.width)
            for start, stop in spans:
                start, stop = max(start, cols.start), min(stop, cols[-1])
                if start <= stop:  # (a slice's negative end would count from the right)
                    cells.update(whole_row[start : stop + 1])
        return frozenset(cells)

    def _gaps_within(self, dy: int, lo: int, hi: int, widest: int) -> tuple[int, int] | None:
        """The squares across (nearest, farthest; at most ``widest``, the map's edge) at
        which a square ``dy`` rows away is between ``lo`` and ``hi`` squares away: the
        distance grows with the squares across, so each end is a binary search, however
        far the reach."""
        if self.distance_squares(0, dy) > hi:
            return None
        low, high = 0, min(hi, widest)  # the farthest within hi (distance >= across)
        while low < high:
            mid = (low + high + 1) // 2
            if self.distance_squares(mid, dy) <= hi:
                low = mid
            else:
                high = mid - 1
        far = low
        if self.distance_squares(far, dy) < lo:
            return None
        low, high = 0, far  # the nearest: the first at lo or more
        while low < high:
            mid = (low + high) // 2
            if self.distance_squares(mid, dy) >= lo:
                high = mid
            else:
                low = mid + 1
        return low, far
