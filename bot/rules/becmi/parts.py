"""becmi's parts on a grid (seed 003 › Normal, Encounter, and Running Speeds,
Exhaustion, By Swimming): what a move or a run allows (``BecmiEconomy``), a token's
speeds and load (``BecmiSheet``), each square's cost (``BecmiSteps``) and who blocks
whom (``BecmiSpace``). Outdoors every speed reads in yards (``scale``). Pure."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON, Edge
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.becmi import tables as t
from bot.rules.becmi.tokens import (
    ACTIONS,
    MAX_RUNNING_ROUNDS,
    ROUGH,
    SQUARE_FT,
    SWIM_FRACTION,
    coins_carried,
    full_speed_load,
    normal_speed,
    token_fields,
    token_movement,
)
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Board, Passing, StepContext, check_mode, hostile
from bot.rules.engine.moves import MoveRequest, TokenFields, TokenMovement, TokenSpec
from bot.rules.parts.economy import ActionEconomy
from bot.rules.parts.sheet import Sheet
from bot.rules.parts.space import SpaceRule
from bot.rules.parts.steps import StepRule
from bot.rules.rulings import Note
from bot.state import number
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


class BecmiEconomy(ActionEconomy):
    """A move at encounter speed, or a run at running speed, per round."""

    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "run"

    def __init__(self, rules: Ruleset, scale: int) -> None:
        super().__init__(rules)
        self.scale = scale  # outdoors, yards: three times the feet

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


class BecmiSheet(Sheet):
    """A token's speeds as the Rules Cyclopedia writes them, and its load in coins."""

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)


class BecmiSteps(StepRule):
    """Each square: rough ground and squeezing double it; water is swum."""

    def __init__(self, rules: Ruleset, scale: int) -> None:
        super().__init__(rules)
        self.scale = scale

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

    def min_step_ft(self, ctx: StepContext) -> float:
        return float(SQUARE_FT)


class BecmiSpace(SpaceRule):
    """An enemy's square blocks the way; a friend's or a helpless one's doesn't."""

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            return Passing(True)
        return Passing(False, "an enemy's square blocks the way")
