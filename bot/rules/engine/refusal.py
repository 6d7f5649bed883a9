"""Why a move can't be made, as data: what stops it (too far, or blocked and by what),
where, the rule, the nearest legal alternative and the bigger action that would do it.
The handler writes the words. Pure: no Discord, no database.

Too far and blocked are told apart honestly: a goal out of range is "too far" (never
blamed on a creature found on some other route), and a goal in range but cut off is
"blocked" by the first obstacle on the cheapest way that would otherwise reach it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.grid.search import EPSILON, Found, SearchTooLarge, cheapest_path
from bot.rules.engine import blockers
from bot.rules.engine.alternatives import alternatives, more_movement
from bot.rules.engine.board import StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.priced import priced_by
from bot.rules.engine.search import (
    DIAGNOSIS_NODES,
    find_path,
    search_route,
    step_for,
)
from bot.rules.engine.steps import Stepper, creatures, enter
from bot.rules.rulings import MoveRefused, Refusal, RefusalReason

if TYPE_CHECKING:
    from bot.encounter import Token
    from bot.rules.ruleset import Ruleset

# The farthest a refusal looks for the real way round a goal out of range, in multiples
# of the straight-line distance (and never more than DIAGNOSIS_NODES squares).
DETOUR_FACTOR = 3
# ...in at most this many squares: it only says what the way costs, so it stays small
DETOUR_NODES = DIAGNOSIS_NODES // 4


def why_not(plan: MovePlan) -> MoveRefused:
    """What stops the move, and the nearest legal alternative."""
    rules, ctx, token = plan.rules, plan.ctx, plan.token
    allowance = ctx.allowance
    goal = plan.targets[-1]
    refused = partial(
        _refused,
        token=token.name,
        goal=goal,
        start=token.cell,
        source=rules.source(*allowance.sections),
        action=allowance.action,
    )
    budget = allowance.available_ft - plan.stand_cost
    outright = _refused_outright(plan, budget, refused)
    if outright is not None:
        return outright
    # what would it cost with twice the movement (bounded: at most 120 ft more)?
    generous = min(max(2 * max(budget, 0.0), budget + 6 * rules.square_ft), budget + 120)
    roomy = replace(ctx, allowance=replace(allowance, available_ft=generous))
    plan = replace(plan, diagnosing=True)
    free_limits = replace(allowance.limits, unhampered=False, straight=False)
    free = replace(roomy, allowance=replace(roomy.allowance, limits=free_limits))
    free_step = step_for(rules, free)
    full = find_path(plan, free_step, token.cell, goal, generous)
    constrained: Route | None = None
    if _limited(plan) or len(plan.targets) > 1:
        constrained = search_route(replace(plan, ctx=roomy))
    elif full is not None:
        constrained = Route.of(full)
    why = _why(plan, free_step, full, constrained, budget, generous)
    if why["reason"] is RefusalReason.TOO_FAR and token.conditions:
        why |= priced_by(plan, why["cost_ft"], budget)
    toward = why.pop("toward", ())
    instead = alternatives(plan, full, constrained, budget, toward)
    return refused(allowed_ft=budget, **instead, **why)


def _refused(reason: RefusalReason, **fields: Any) -> MoveRefused:
    return MoveRefused(Refusal(reason=reason, **fields))


def _refused_outright(
    plan: MovePlan, budget: float, refused: Callable[..., MoveRefused]
) -> MoveRefused | None:
    """What refuses the move before any search: a goal it can't stand or end on, no
    movement left, or a one-square move (a 5-foot step, a crawl) and that square."""
    rules, ctx, goal = plan.rules, plan.ctx, plan.targets[-1]
    allowance = ctx.allowance
    # the goal itself may be impossible to stand on
    problem, _ = enter(rules, ctx, goal, goal)
    if problem:
        return refused(**blockers.block(rules, ctx, goal, goal, problem), at_goal=True)
    end = rules.end_problem(ctx, goal)
    if end:
        return refused(RefusalReason.CANNOT_END_THERE, at=goal, rule=end, at_goal=True)
    if budget <= EPSILON and allowance.activity.spent_ft > 0:
        used = allowance.activity
        return refused(
            RefusalReason.NO_MOVEMENT_LEFT,
            used_ft=used.spent_ft,
            gained_ft=used.budget_ft,
            more_action=more_movement(rules, ctx, plan.token, plan.request),
        )
    if allowance.limits.one_square:
        return refused(**_why_not_one_square(rules, ctx, plan.token, plan.targets))
    return None


def _limited(plan: MovePlan) -> bool:
    """Whether the action limits the way (a straight, unhampered or shortest path)."""
    limits = plan.allowance.limits
    return limits.straight or limits.unhampered or limits.shortest_path


def _why(
    plan: MovePlan,
    free_step: Stepper | CompiledStep,
    full: Found | None,
    constrained: Route | None,
    budget: float,
    generous: float,
) -> dict[str, Any]:
    """The reason, from the way the action may take (``constrained``) and the way free
    of its limits (``full``): too far, the action's limit, or cut off."""
    rules, token, goal = plan.rules, plan.token, plan.targets[-1]
    limits = plan.allowance.limits
    limited = _limited(plan)
    why: dict[str, Any]
    if constrained is not None and constrained.cost > budget + EPSILON:
        why = {"reason": RefusalReason.TOO_FAR, "cost_ft": constrained.cost}
        if not limited and len(plan.targets) == 1:
            why |= _shorter_blocked(plan, free_step, goal, budget)
    elif limits.shortest_path and full is not None:
        why = {
            "reason": RefusalReason.ACTION_LIMIT,
            "limit": "shortest-path",
            "shortest_ft": rules.reach.distance_ft(token.cell, goal),
            "rule": rules.charge_rule,
        }
    elif (limits.straight or limits.unhampered) and full is not None:
        why = {
            "reason": RefusalReason.ACTION_LIMIT,
            "limit": "straight" if limits.straight else "unhampered",
        }
    elif full is None:
        why = _out_of_reach(plan, free_step, goal, budget, generous)
    elif constrained is None and (stop := _waypoint_blocked(plan)):
        why = stop  # a via: square it may not enter (not "too far" by the way round)
    else:
        why = {"reason": RefusalReason.TOO_FAR, "cost_ft": full.cost_ft}
    return why


def _out_of_reach(
    plan: MovePlan, free_step: Stepper | CompiledStep, goal: Cell, budget: float, generous: float
) -> dict[str, Any]:
    """No legal way within twice the action's movement: too far, or cut off? If a
    way that passes what blocks it is in range, its first obstacle is what stops the
    move; if none is, the goal is simply too far (the real way's cost where a bounded
    search finds it, else at least the unblocked way's)."""
    start = plan.token.cell
    for passes in blockers.tiers(plan.ctx.board):
        dream = blockers.unblocked_way(plan, free_step, start, goal, budget, passes)
        if dream is not None:
            found, blocked = dream
            stop = blockers.first_block(plan.ctx.board, found, blocked)
            return stop | {"blocked_cost_ft": found.cost_ft}
    far = _far(plan, goal, generous)
    real = _detour(plan, free_step, goal, far) if far > generous + EPSILON else None
    if real is not None:
        return {"reason": RefusalReason.TOO_FAR, "cost_ft": real.cost_ft}
    dream = blockers.unblocked_way(plan, free_step, start, goal, far, blockers.PASS_ALL)
    if dream is not None:
        cost = dream[0].cost_ft
        return {"reason": RefusalReason.TOO_FAR, "cost_ft": cost, "at_least": True} | _door_way(
            plan, free_step, goal, far
        )
    return {"reason": RefusalReason.NO_PATH}


def _door_way(
    plan: MovePlan, free_step: Stepper | CompiledStep, goal: Cell, far: float
) -> dict[str, Any]:
    """A goal out of range with no open way to it: the closed door that the way goes
    through, if a way opening doors alone is found (the reply gives the /door line)."""
    if blockers.PASS_DOORS not in blockers.tiers(plan.ctx.board):
        return {}
    start = plan.token.cell
    dream = blockers.unblocked_way(plan, free_step, start, goal, far, blockers.PASS_DOORS)
    if dream is None or not dream[1]:
        return {}
    found, blocked = dream
    stop = blockers.first_block(plan.ctx.board, found, blocked)
    if stop.get("door") is None:
        return {}
    kept = ("at", "blocker", "rule", "step_to", "blocked_by", "door", "door_from", "toward")
    return {k: stop[k] for k in kept if k in stop} | {"blocked_cost_ft": found.cost_ft}


def _detour(
    plan: MovePlan, step: Stepper | CompiledStep, goal: Cell, budget: float
) -> Found | None:
    """The real way to a goal out of range, where a small search finds it (only to say
    what it costs: giving up is no error)."""
    rules, ctx = plan.rules, step.ctx
    try:
        return cheapest_path(
            plan.token.cell,
            goal,
            step,
            budget_ft=budget,
            min_step_ft=rules.steps.min_step_ft(ctx),
            diagonals=ctx.allowance.activity.diagonals,
            parity=rules.diagonal_parity,
            max_nodes=DETOUR_NODES,
        )
    except SearchTooLarge:
        return None


def _far(plan: MovePlan, goal: Cell, floor: float) -> float:
    straight = plan.rules.reach.distance_ft(plan.token.cell, goal)
    return max(floor, DETOUR_FACTOR * straight)


def _shorter_blocked(
    plan: MovePlan, free_step: Stepper | CompiledStep, goal: Cell, budget: float
) -> dict[str, Any]:
    """A goal out of range only because a creature, a wall or a door cuts the shorter
    way: which one (nothing when even that way is too far, or only the map's solid
    terrain is in it: a lane's walls are its shape, not an obstacle)."""
    start = plan.token.cell
    for passes in blockers.tiers(plan.ctx.board)[:-1]:
        dream = blockers.unblocked_way(plan, free_step, start, goal, budget, passes)
        if dream is not None and dream[1]:
            found, blocked = dream
            block = blockers.first_block(plan.ctx.board, found, blocked)
            kept = ("at", "blocker", "rule", "step_to", "blocked_by", "door", "door_from")
            return {k: block[k] for k in kept if k in block} | {"blocked_cost_ft": found.cost_ft}
    return {}


def _waypoint_blocked(plan: MovePlan) -> dict[str, Any]:
    """What refuses a waypoint (``via:``) itself: terrain, or a creature in its square."""
    for cell in plan.targets[:-1]:
        problem = (
            enter(plan.rules, plan.ctx, cell, cell)[0] or creatures(plan.rules, plan.ctx, cell)[0]
        )
        if problem:
            return blockers.block(plan.rules, plan.ctx, cell, cell, problem)
    return {}


def _why_not_one_square(
    rules: Ruleset, ctx: StepContext, token: Token, targets: list[Cell]
) -> dict[str, Any]:
    """A 5-foot step or a crawl: one square, and what stops that square."""
    allowance, goal = ctx.allowance, targets[-1]
    free_square = allowance.limits.free_square_ft is not None
    one: dict[str, Any] = {"limit": "one-square", "five_foot_step": free_square}
    if len(targets) > 1 or chebyshev(token.cell, goal) > 1:
        return one | {"reason": RefusalReason.ACTION_LIMIT}
    step = rules.stepper(ctx)
    edge = step(token.cell, goal, allowance.activity.diagonals, 0.0)
    if edge is None:
        diagonals = allowance.activity.diagonals
        why = blockers.problem(rules, ctx, step, token.cell, goal, diagonals, 0.0)
        return one | blockers.block(rules, ctx, token.cell, goal, why)
    if free_square and edge.hampered:
        return {
            "reason": RefusalReason.ACTION_LIMIT,
            "limit": "unhampered",
            "five_foot_step": True,
            "at": goal,
            "rule": edge.why,
            "step_rule": rules.step_rule,
        }
    return {
        "reason": RefusalReason.TOO_FAR,
        "cost_ft": edge.cost_ft,
        "allowed_ft": allowance.available_ft,
    }


def sealed_off(plan: MovePlan, sealed: list[Cell]) -> MoveRefused:
    """The goal sits in a pocket terrain closes off from the token: found by one cheap
    flood from the goal, not by searching the map."""
    token, goal = plan.token, plan.goal
    return MoveRefused(
        Refusal(
            reason=RefusalReason.WALLED_IN,
            token=token.name,
            goal=goal,
            start=token.cell,
            source=plan.rules.source(*plan.allowance.sections),
            action=plan.allowance.action,
            pocket=tuple(sealed),
        )
    )
