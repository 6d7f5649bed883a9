"""The path search one move makes: the cheapest legal route through its waypoints
within the action's budget, under the action's limits (a run's straight line, a
charge's shortest path, a 5-foot step's one square). Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from heapq import heappop, heappush
from typing import TYPE_CHECKING

from bot.encounter import Condition, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS, chebyshev, corner_lines, line_squares, on_one_line
from bot.grid.search import (
    EPSILON,
    MAX_NODES,
    Edge,
    Found,
    SearchTooLarge,
    StepFn,
    cheapest_path,
)
from bot.rules.engine.board import Limits, StepContext, hostile, join
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.reactions import has_reaction
from bot.rules.engine.steps import Stepper, provokes_on

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

Corridor = Callable[[Cell], bool] | None

# Squares a search made only to explain a refusal may expand: the explanation must
# stay cheap whatever the map.
DIAGNOSIS_NODES = 6_000


def corridors(limits: Limits, start: Cell, goal: Cell) -> list[Corridor]:
    """The squares a path may use: anywhere, or for a straight action (run, charge) the
    squares of one corner-to-corner line, tried line by line (002 "Run")."""
    if not limits.straight:
        return [None]
    return [line.__contains__ for line in corner_lines(start, goal)]


class Unhampered:
    """A step function that refuses what hampers movement (run, charge, 5-foot step)."""

    def __init__(self, step: Stepper) -> None:
        self.step = step
        self.why_not = step.why_not
        self.hampered: dict[Cell, str] = {}

    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        edge = self.step(frm, to, diagonals, spent)
        if edge is not None and edge.hampered:
            self.hampered.setdefault(to, edge.why)
            return None
        return edge

    def memory(self) -> tuple[object, dict[Cell, str]]:
        return self.step.memory(), dict(self.hampered)

    def recall(self, memory: tuple[object, dict[Cell, str]]) -> None:
        stepped, hampered = memory
        self.step.recall(stepped)  # type: ignore[arg-type]
        self.hampered.clear()
        self.hampered.update(hampered)


def step_for(rules: Ruleset, ctx: StepContext) -> CompiledStep:
    """The step function a search of this context runs on: the rules' own (refusing
    what hampers where the action demands it), answered from compiled tables."""
    step = rules.stepper(ctx)
    unhampered = ctx.allowance.limits.unhampered
    return CompiledStep(rules, ctx, Unhampered(step) if unhampered else step, unhampered=unhampered)


def find_path(
    plan: MovePlan,
    step: StepFn,
    start: Cell,
    goal: Cell,
    budget: float,
    *,
    spent_ft: float = 0.0,
    diagonals: int | None = None,
    allowed: Corridor = None,
    avoid_provoking: bool = False,
) -> Found | None:
    """``cheapest_path`` with what the ruleset and this move fix: the lower bound per
    step, the diagonal parity, and (by default) the diagonals the turn has counted.

    One command's work is bounded: a search that hits its cap is refused clearly (give
    waypoints); one made only to explain a refusal (``plan.diagnosing``) has a smaller
    cap and just gives up."""
    rules, ctx = plan.rules, plan.ctx
    try:
        return cheapest_path(
            start,
            goal,
            step,
            budget_ft=budget,
            min_step_ft=rules.steps.min_step_ft(ctx),
            spent_ft=spent_ft,
            diagonals=ctx.allowance.activity.diagonals if diagonals is None else diagonals,
            parity=rules.diagonal_parity,
            allowed=allowed,
            penalty=_avoid_provoking(rules, ctx) if avoid_provoking else None,
            max_nodes=DIAGNOSIS_NODES if plan.diagnosing else MAX_NODES,
        )
    except SearchTooLarge:
        if plan.diagnosing:
            return None
        via = Cell((start.col + goal.col) // 2, (start.row + goal.row) // 2)
        raise IllegalMove(
            f"The way from {start} to {goal} is too complex to search: give via: waypoints "
            f"along the way (e.g. via:{via}), or a nearer square."
        ) from None


def search_route(plan: MovePlan) -> Route | None:
    """The cheapest legal route through the plan's targets within the action's budget."""
    limits, token, targets = plan.allowance.limits, plan.token, plan.targets
    if plan.budget < -EPSILON:
        return None
    if limits.one_square and (len(targets) > 1 or chebyshev(token.cell, targets[0]) > 1):
        return None
    lines = corridors(limits, token.cell, plan.goal)
    best: Route | None = None
    if limits.straight:
        lines, best = _straight_lines(plan, lines)
    for corridor in lines:
        route = _route_within(plan, plan.budget, corridor)
        if route is not None and (best is None or route.cost < best.cost - EPSILON):
            best = route
    shortest = plan.rules.reach.distance_ft(token.cell, plan.goal)
    if best is not None and limits.shortest_path and best.cost > shortest + EPSILON:
        return None  # 002 Charge: by the shortest path; if that is hampered, no charge
    return best


def _straight_lines(plan: MovePlan, lines: list[Corridor]) -> tuple[list[Corridor], Route | None]:
    """For a straight action (run, charge): the lines through every target still to
    search, or none and the route already found when a path over all of them at once
    keeps to one line (002 "Run")."""
    token, targets = plan.token, plan.targets
    lines = [c for c in lines if c is not None and all(c(t) for t in targets)]
    if not lines:
        passes = " ".join(str(t) for t in targets[:-1])
        raise IllegalMove(
            f"A {plan.allowance.action} goes in a straight line, and no straight line "
            f"from {token.cell} to {plan.goal} passes {passes} ({plan.rules.run_rule})."
        )
    if len(lines) > 1:
        # most runs are plain: search all the lines' squares at once, and only
        # when that path bends off every single line, try the lines one by one
        union = line_squares(token.cell, plan.goal)
        quick = _route_within(plan, plan.budget, union.__contains__)
        if quick is not None and on_one_line(token.cell, plan.goal, tuple(quick.cells)):
            return [], quick
    return lines, None


def _route_within(plan: MovePlan, budget: float, corridor: Corridor) -> Route | None:
    allowance = plan.allowance
    step = step_for(plan.rules, plan.ctx)
    route = Route(cells=[plan.token.cell], diagonals=allowance.activity.diagonals)
    start = plan.token.cell
    for goal in plan.targets:
        if start == goal:
            continue
        found: Found | None
        if allowance.limits.free_square_ft is not None:
            found = _free_square(step, start, goal, route, allowance.limits.free_square_ft)
        else:
            found = find_path(
                plan,
                step,
                start,
                goal,
                budget,
                spent_ft=route.cost,
                diagonals=route.diagonals,
                allowed=corridor,
                avoid_provoking=allowance.provokes,
            )
        if found is None:
            return None
        route.extend(found)
        start = goal
    return route


def _free_square(step: StepFn, start: Cell, goal: Cell, route: Route, cost: float) -> Found | None:
    """A 5-foot step: one unhampered square for a fixed cost."""
    edge = step(start, goal, route.diagonals, route.cost)
    if edge is None or edge.hampered:
        return None
    edge = replace(edge, cost_ft=cost)
    return Found((start, goal), (edge,), edge.cost_ft, route.diagonals)


def minimum_route(plan: MovePlan) -> MovePlan | None:
    """001 "Minimum Movement": when nothing else reaches the next square, the ruleset's
    full-round action may move the token there; the plan with that allowance."""
    rules, token, targets = plan.rules, plan.token, plan.targets
    minimum = rules.economy.full_round_minimum(token, plan.allowance)
    if minimum is None or len(targets) != 1 or chebyshev(token.cell, targets[0]) != 1:
        return None
    return plan.with_allowance(minimum)


def minimum_step(plan: MovePlan) -> Route | None:
    """The one square a minimum-movement plan moves, at one square's cost."""
    rules, token, goal = plan.rules, plan.token, plan.goal
    diagonals = plan.allowance.activity.diagonals
    edge = rules.stepper(plan.ctx)(token.cell, goal, diagonals, 0.0)
    if edge is None:
        return None
    edge = replace(edge, cost_ft=float(rules.square_ft), why=join(edge.why, "full-round action"))
    return Route([token.cell, goal], [edge], float(rules.square_ft), edge.diagonals)


def zone(rules: Ruleset, ctx: StepContext, enemy: Token) -> frozenset[Cell]:
    """``enemy``'s threatened squares, worked out once per move."""
    key = ("zone", enemy.key)
    found = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = rules.reach.threatened(ctx.board, enemy)
    return found


def _avoid_provoking(rules: Ruleset, ctx: StepContext) -> Callable[[Cell, Cell], float] | None:
    """Among equally cheap paths, prefer one that leaves no enemy's threatened squares."""
    if rules.provoke_rule == "never":
        return None
    board = ctx.board
    zones = [
        zone(rules, ctx, enemy)
        for enemy in board.encounter.tokens.values()
        if enemy.key != board.mover.key
        and hostile(enemy, board.mover)
        and not enemy.has(Condition.INCAPACITATED)
        and has_reaction(rules.reaction_rule, enemy)  # one with none left attacks nobody
    ]
    zones = [z for z in zones if z]
    if not zones:
        return None

    def penalty(frm: Cell, to: Cell) -> float:
        before, after = board.cells(frm), board.cells(to)
        return sum(1 for z in zones if provokes_on(rules.provoke_rule, before, after, z))

    return penalty


ENCLOSURE_CELLS = 4_000  # how far the cheap enclosure check floods before it gives up


def enclosure(plan: MovePlan) -> list[Cell] | None:
    """The squares the goal is shut in with, when solid terrain (walls, pillars; not
    the pits a jump or a flyer crosses) seals it off from the token, so no path
    search need run; None when it isn't, or the check can't tell within
    ``ENCLOSURE_CELLS``. Walls, doors, corners and creatures only cut more ways, so
    a goal sealed by terrain is sealed.

    The flood goes best-first towards the token (nearest to it first), so an open
    goal meets the token after about as many squares as lie between them, rather
    than after flooding up to the cap in whatever direction a stack leads (issue 31:
    this stage was most of a /move at 200²). A sealed goal's squares are all seen
    either way, so the answer is the same."""
    board = plan.board
    start, goal = plan.token.cell, plan.goal

    def open_at(anchor: Cell) -> bool:
        cells = board.cells(anchor)
        return all(board.on_map(c) and not board.terrain(c).blocks for c in cells)

    if not open_at(goal) or plan.rules.space.squeeze_width(board.side) < board.side:
        return None
    seen = {goal}
    frontier = [(chebyshev(goal, start), goal.col, goal.row)]
    while frontier:
        _, col, row = heappop(frontier)
        for dc, dr in DIRECTIONS:
            nxt = Cell(col + dc, row + dr)
            if nxt in seen or not open_at(nxt):
                continue
            if nxt == start or len(seen) >= ENCLOSURE_CELLS:
                return None
            seen.add(nxt)
            heappush(frontier, (chebyshev(nxt, start), nxt.col, nxt.row))
    return sorted(seen, key=lambda c: (c.row, c.col))
