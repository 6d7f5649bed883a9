"""Tactical movement shared by the d20 rulesets (3.5 and epic-path).

Both spend movement by actions (move, double move, run, withdraw, charge,
5-foot step, crawl, stand up: ``bot/rules/d20/actions.py``), threaten squares by
reach and provoke on leaving a threatened square. ``D20Steps`` is the steps part both
hold: what differs is data (how diagonals count, 1-2-1-2 in 3.5, 1-for-1 in epic-path;
whether doublings stack, 3.5: ×2, ×4, ×8; impeded terrain; poor visibility) given to it
by ``bot.rules.dnd35`` and ``bot.rules.epic_path``, and who may pass whom (their space
parts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON, Edge
from bot.grid.terrain import Terrain
from bot.rules.d20.action_terms import ACTIONS, FULL_ROUND, MOVE_ACTIONS, NO_MOVE, Action
from bot.rules.d20.actions import top_speed
from bot.rules.d20.sheet import armor, d20_token_state, load
from bot.rules.engine.board import Limits, StepContext
from bot.rules.engine.steps import flies_where_needed
from bot.rules.parts.steps import StepRule

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# Terrain that hampers a walker (001 "Difficult Terrain", "Obstacles").
HAMPERING = frozenset({Terrain.DIFFICULT, Terrain.OBSTACLE, Terrain.SLOPE, Terrain.ICE})
# a square a walking flyer only crosses in the air (a pit; water it can't swim)
CROSSED_FLYING = "crossed flying"


def blind_step_cause(mover: Token) -> str:
    """What keeps the mover from seeing its way: blindness, or the dark."""
    return "blinded" if mover.has(Condition.BLINDED) else "darkness"


def _flown_over(ctx: StepContext, terrains: set[Terrain]) -> bool:
    """A square a walker with a fly speed only crosses flying: no walking into a pit,
    nor swimming without a swim speed."""
    swims = ctx.movement.speeds_ft.get("swim", 0) > 0
    return Terrain.PIT in terrains or (terrains == {Terrain.WATER} and not swims)


def _share_spent(limits: Limits, limit_ft: float, spent: float, cost: float) -> bool:
    """Whether a step goes past its mode's share of the allowance (a free square and a
    one-square action are never cut short by it)."""
    return (
        limits.free_square_ft is None
        and not limits.one_square
        and (spent + cost > limit_ft + EPSILON)
    )


@dataclass(frozen=True)
class D20Squares:
    """What a d20 ruleset's squares cost, as data."""

    one_two_diagonals: bool  # 3.5's 1-2-1-2 diagonals; epic-path counts each as one
    doublings_stack: bool  # 3.5: ×2, ×4, ×8; epic-path: difficult doesn't stack
    impeded_full_round: bool  # epic-path: only a full-round action's 5 ft into impeded
    darkness_doubles: bool  # 3.5's poor visibility costs double; epic-path's not
    # where the ruleset's own document says a withdraw (run, charge) needs a mode with a
    # speed (002 Withdraw; 004 Withdraw)
    withdraw_rule: str = "Rules of the Game › Withdraw"


class D20Steps(StepRule):
    """The d20 family's squares, by the ruleset's ``D20Squares``."""

    def __init__(self, rules: Ruleset, squares: D20Squares) -> None:
        super().__init__(rules)
        self.one_two_diagonals = squares.one_two_diagonals
        self.doublings_stack = squares.doublings_stack
        self.impeded_full_round = squares.impeded_full_round
        self.darkness_doubles = squares.darkness_doubles
        self.withdraw_rule = squares.withdraw_rule

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
        if not flies_where_needed(self.rules, ctx) or (
            isinstance(walked, Edge) and not walked.hampered
        ):
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
        key = ("d20", to, allowance.mode, allowance.action == "minimum", squeezing, flown)
        terms = ctx.memo.get(key)
        if terms is None:
            terms = ctx.memo[key] = self._square_terms(ctx, to, squeezing, flown=flown)
        if isinstance(terms, str):
            return terms
        doublings, causes, move_type, blind_step = terms
        if allowance.stance.through:
            doublings, causes = self._through_terms(allowance.stance.through, doublings, causes)
        limit = self._mode_share_ft(ctx, move_type)
        factor = 2 ** (doublings if self.doublings_stack else min(doublings, 1))
        diagonal = frm.col != to.col and frm.row != to.row
        squares, why = self._squares(factor, causes, diagonal, diagonals)
        cost = squares * self.rules.square_ft
        if limit is not None and _share_spent(allowance.limits, limit, spent, cost):
            return (
                f"{to} needs {move_type} movement and {ctx.board.mover.name}'s {move_type} "
                "speed is spent"
            )
        return Edge(
            to,
            cost,
            diagonals + 1 if diagonal else diagonals,
            ", ".join(why) or (blind_step_cause(ctx.board.mover) if blind_step else ""),
            hampered=factor > 1 or blind_step,
        )

    def _through_terms(
        self, through: str, doublings: int, causes: tuple[str, ...]
    ) -> tuple[int, tuple[str, ...]]:
        """Moving through opponents at half speed (tumbling) doubles every square."""
        rule = self.rules.through_rule(through)
        if rule is None or not rule.half_speed:
            return doublings, causes
        return doublings + 1, (*causes, rule.kind.removesuffix("e") + "ing")

    def _mode_share_ft(self, ctx: StepContext, move_type: str) -> float | None:
        """004 "Combining Movement Types": costs come off every mode; a square's own mode
        is usable while its share of what is left (counted in the fastest mode's feet)
        lasts. None: the mode is the fastest, so no share limits it."""
        type_speed = ctx.movement.speeds_ft.get(move_type, 0)
        top = top_speed(ctx.movement, ctx.allowance.mode, self.rules.combines_flight)
        return ctx.allowance.activity.left_ft * type_speed / top if type_speed < top else None

    def _squares(
        self, factor: int, causes: tuple[str, ...], diagonal: bool, diagonals: int
    ) -> tuple[float, list[str]]:
        """The squares a step counts (1-2-1-2 diagonals where the ruleset has them, each
        doubling ×2) and why it counts more than one."""
        why: list[str] = []
        if not (diagonal and self.one_two_diagonals):
            squares = float(factor)
        elif factor > 1:
            squares = 1.5 * factor
        elif diagonals % 2 == 0:
            squares = 1.0
        else:
            squares = 2.0
            why.append("2nd diagonal counts 2")
        if factor > 1:
            why.append(f"{' & '.join(c for c in causes if c)} ×{factor}".strip())
        elif causes:
            why.append(" & ".join(causes))
        return squares, why

    def _square_terms(
        self, ctx: StepContext, to: Cell, squeezing: bool, *, flown: bool = False
    ) -> tuple[int, tuple[str, ...], str, bool] | str:
        """What entering ``to`` costs apart from the diagonal count: the number of
        doublings, their causes and the mode used (or why it can't be entered).
        ``flown``: a walker with a fly speed enters it flying (a combined move)."""
        board, mode = ctx.board, ctx.allowance.mode
        cells = board.cells(to)
        terrains = {board.terrain(c) for c in cells}
        if not flown and flies_where_needed(self.rules, ctx) and _flown_over(ctx, terrains):
            return CROSSED_FLYING
        causes: list[str] = []
        doublings = 0
        # walking and swimming: each square's own mode (004 "Combining Movement Types")
        move_type = "walk" if mode in ("walk", "swim") else mode
        if flown:
            move_type = "fly"
            causes.append("flying")
        # 001: flying and incorporeal creatures are not hampered by difficult terrain
        # and avoid most obstacles
        elif mode not in ("fly", "burrow") and not board.mover.has(Condition.INCORPOREAL):
            ground = self._ground_terms(ctx, to, terrains, causes)
            if isinstance(ground, str):
                return ground
            doublings, swims = ground
            move_type = "swim" if swims else move_type
        unseen, blind_step = self._unseen_terms(ctx, cells, causes)
        doublings += unseen
        for other in board.others_in(cells):
            if self.rules.space.creature_hampers(board.mover, other):
                doublings += 1
                causes.append(f"past {other.name}")
        if squeezing:
            doublings += 1
            causes.append("squeezing")
        return doublings, tuple(causes), move_type, blind_step

    def _ground_terms(
        self, ctx: StepContext, to: Cell, terrains: set[Terrain], causes: list[str]
    ) -> tuple[int, bool] | str:
        """What the ground costs one who walks or swims it: the doublings for impeded,
        hampering terrain and water, and whether it swims (or why it can't enter)."""
        doublings = 0
        if Terrain.IMPEDED in terrains:
            impeded = self._impeded_terms(ctx, to, causes)
            if isinstance(impeded, str):
                return impeded
            doublings += impeded
        hampering = terrains & HAMPERING
        if ctx.allowance.mode == "climb":
            hampering -= {Terrain.SLOPE}
        if hampering:
            doublings += 1
            causes.append(sorted(t.value for t in hampering)[0])
        if terrains != {Terrain.WATER}:
            return doublings, False
        if ctx.movement.speeds_ft.get("swim", 0) > 0:
            return doublings, True
        unswum = self._unswum_terms(ctx, to, causes)
        return unswum if isinstance(unswum, str) else (doublings + unswum, False)

    def _impeded_terms(self, ctx: StepContext, to: Cell, causes: list[str]) -> int | str:
        """Impeded terrain: a doubling (3.5), or only a full-round action's 5 ft into it
        (Epic Path › Impeded Terrain)."""
        if not self.impeded_full_round:
            causes.append("impeded")
            return 1
        if ctx.allowance.action != "minimum":
            return (
                f"{to} is impeded terrain: a full-round action moves 5 ft into it "
                "(Epic Path › Impeded Terrain)"
            )
        causes.append("impeded terrain")  # the full-round action pays for it
        return 0

    def _unswum_terms(self, ctx: StepContext, to: Cell, causes: list[str]) -> int | str:
        """Deep water without a swim speed: a quarter speed, and no withdraw, run or charge."""
        action = ctx.allowance.action
        if action in ("withdraw", "run", "charge"):
            # 002 Withdraw (and Run, Charge): only in a mode the creature has a
            # speed rating for; swimming without one is a skill, not a speed
            return (
                f"{to} is deep water and {ctx.board.mover.name} has no swim speed: a "
                f"{action} uses only a mode it has a speed for "
                f"({self.withdraw_rule})"
            )
        causes.append("swimming without a swim speed (¼ speed)")
        return 2

    def _unseen_terms(
        self, ctx: StepContext, cells: tuple[Cell, ...], causes: list[str]
    ) -> tuple[int, bool]:
        """Poor visibility: a doubling in 3.5 (001 Hampered Movement), or in epic-path a
        blind step (004: no 5-foot step, no run in darkness). The doublings, and
        whether it is a blind step."""
        board = ctx.board
        blinded = board.mover.has(Condition.BLINDED)  # sees nothing, darkvision or not
        if not blinded and (
            board.mover.has(Condition.DARKVISION)
            or not any(c in board.encounter.dark for c in cells)
        ):
            return 0, False
        if not self.darkness_doubles:
            return 0, True
        causes.append(blind_step_cause(board.mover))
        return 1, False

    def avoids_obstacles(self, token: Token, mode: str) -> bool:
        # 001 Obstacles: "Flying and incorporeal creatures are able to avoid most obstacles"
        return mode == "fly" or token.has(Condition.INCORPOREAL)


# the actions' names and the sheet's readers, as the rulesets import them from here
__all__ = [
    "ACTIONS",
    "FULL_ROUND",
    "MOVE_ACTIONS",
    "NO_MOVE",
    "Action",
    "D20Squares",
    "D20Steps",
    "armor",
    "d20_token_state",
    "load",
]
