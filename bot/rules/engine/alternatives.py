"""What a refused move could do instead: the nearest square the budget reaches (along
the way to the goal, or anywhere under the action's limits) and the ruleset's bigger
action (dash, double move, run) that would cover the whole way. ``refusal.why_not``
adds them to its refusal. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.grid.search import EPSILON, Found, reachable
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import StepContext
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.search import DIAGNOSIS_NODES, corridors, step_for

if TYPE_CHECKING:
    from bot.encounter import Token
    from bot.rules.ruleset import Ruleset


def alternatives(
    plan: MovePlan,
    full: Found | None,
    constrained: Route | None,
    budget: float,
    toward: tuple[Cell, ...] = (),
) -> dict[str, Any]:
    """What the player could do instead: the nearest square in reach, and the bigger
    action (dash, double move, run) that would cover the whole way. ``toward`` is the
    way to what blocks the move (to the door, say): among squares as near and as cheap,
    one on it is offered."""
    rules, ctx, token = plan.rules, plan.ctx, plan.token
    best = _along(rules, ctx, constrained, budget) if constrained is not None else None
    if best is None:
        best = _nearest_alternative(rules, ctx, token, plan.targets[-1], budget, toward)
    nearest, nearest_cost = best if best is not None else (None, None)
    bigger = ("", 0.0)
    if full is not None:
        bigger = _bigger_action(rules, ctx, token, plan.request, full.cost_ft + plan.stand_cost)
    return {
        "nearest": nearest,
        "nearest_cost_ft": nearest_cost,
        "bigger_action": bigger[0],
        "bigger_ft": bigger[1] if bigger[0] else None,
    }


def _bigger_action(
    rules: Ruleset, ctx: StepContext, token: Token, request: MoveRequest, cost_ft: float
) -> tuple[str, float]:
    """The ruleset's next bigger action (dash, double move, run) and its movement, when
    it would cover ``cost_ft`` and may be taken now; else ("", 0)."""
    bigger = rules.economy.band_action
    if bigger == ctx.allowance.action or ctx.allowance.limits.one_square or request.via:
        return "", 0.0
    try:
        other = rules.economy.allowance(
            ctx.board.encounter, token, replace(request, action=MoveAction(bigger)), ctx.movement
        )
    except RulingError:
        return "", 0.0
    if other.limits.straight or other.limits.unhampered or cost_ft > other.available_ft + EPSILON:
        return "", 0.0  # a run may not take this path; don't promise it
    return bigger, other.available_ft


def more_movement(rules: Ruleset, ctx: StepContext, token: Token, request: MoveRequest) -> str:
    """The action that would gain more movement now ("dash"), or "" where the ruleset
    has none or refuses it now (an incapacitated token, its action spent: issue 41)."""
    if "dash" not in rules.economy.actions or request.action == MoveAction.DASH:
        return ""
    try:
        rules.economy.allowance(
            ctx.board.encounter, token, replace(request, action=MoveAction.DASH), ctx.movement
        )
    except RulingError:
        return ""
    return "dash"


def _along(
    rules: Ruleset, ctx: StepContext, plan: Route, budget: float
) -> tuple[Cell, float] | None:
    """The farthest square along the cheapest way to the goal that the budget reaches
    and the move may end on: the alternative a player expects ("you can reach D4")."""
    best: tuple[Cell, float] | None = None
    spent = 0.0
    for cell, edge in zip(plan.cells[1:], plan.edges, strict=True):
        spent += edge.cost_ft
        if spent > budget + EPSILON:
            break
        if not rules.end_problem(ctx, cell):
            best = (cell, spent)
    return best


def _nearest_alternative(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    goal: Cell,
    budget: float,
    toward: tuple[Cell, ...] = (),
) -> tuple[Cell, float] | None:
    """The legal end square nearest ``goal`` within the budget, under the action's own
    limits (a run's straight line and unhampered squares included): the cheapest of
    the nearest, and of those the one toward the goal (on the way ``toward`` it, then
    the nearest in a straight line)."""
    if budget <= EPSILON:
        return None
    here = chebyshev(token.cell, goal)
    on_way = set(toward)
    choices: list[tuple[int, float, bool, int, int, int, Cell]] = []
    for corridor in corridors(ctx.allowance.limits, token.cell, goal):
        costs = reachable(
            token.cell,
            step_for(rules, ctx),
            budget_ft=budget,
            diagonals=ctx.allowance.activity.diagonals,
            parity=rules.diagonal_parity,
            allowed=corridor,
            max_nodes=DIAGNOSIS_NODES,
        )
        choices += [
            (
                chebyshev(cell, goal),
                round(cost, 6),
                cell not in on_way,
                (cell.col - goal.col) ** 2 + (cell.row - goal.row) ** 2,
                cell.row,
                cell.col,
                cell,
            )
            for cell, cost in costs.items()
            if cell not in (token.cell, goal) and not rules.end_problem(ctx, cell)
        ]
    if not choices:
        return None
    best = min(choices)
    if best[0] >= here:
        return None
    return best[-1], best[1]
