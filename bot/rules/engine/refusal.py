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
from bot.grid.search import EPSILON, Edge, Found, SearchTooLarge, cheapest_path
from bot.grid.terrain import Terrain
from bot.rules.engine.alternatives import alternatives
from bot.rules.engine.board import StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.search import (
    DIAGNOSIS_NODES,
    find_path,
    search_route,
    step_for,
)
from bot.rules.engine.steps import Stepper, barriers, blocks, creatures, enter, solid_corner
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
    return refused(allowed_ft=budget, **alternatives(plan, full, constrained, budget), **why)


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
        return refused(**_block(rules, ctx, goal, goal, problem), at_goal=True)
    end = rules.end_problem(ctx, goal)
    if end:
        return refused(RefusalReason.CANNOT_END_THERE, at=goal, rule=end, at_goal=True)
    if budget <= EPSILON and allowance.activity.spent_ft > 0:
        used = allowance.activity
        return refused(
            RefusalReason.NO_MOVEMENT_LEFT,
            used_ft=used.spent_ft,
            gained_ft=used.budget_ft,
            more_action="dash" if "dash" in rules.actions else "",
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
            "shortest_ft": rules.distance_ft(token.cell, goal),
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


# What the cheapest way "if nothing blocked it" may pass, tier by tier: first only
# creatures (they move; the map doesn't), then walls, doors, corners and the
# ruleset's own step rules, last solid terrain. The first tier whose way is in
# range names what really stops the move.
PASS_CREATURES = frozenset({RefusalReason.BLOCKED_BY_CREATURE})
PASS_BARRIERS = PASS_CREATURES | {
    RefusalReason.BLOCKED_BY_WALL,
    RefusalReason.BLOCKED_BY_CORNER,
    RefusalReason.RULE_FORBIDS,
}
PASS_ALL = PASS_BARRIERS | {RefusalReason.BLOCKED_BY_TERRAIN}
TIERS = (PASS_CREATURES, PASS_BARRIERS, PASS_ALL)


def _out_of_reach(
    plan: MovePlan, free_step: Stepper | CompiledStep, goal: Cell, budget: float, generous: float
) -> dict[str, Any]:
    """No legal way within twice the action's movement: too far, or cut off? If a
    way that passes what blocks it is in range, its first obstacle is what stops the
    move; if none is, the goal is simply too far (the real way's cost where a bounded
    search finds it, else at least the unblocked way's)."""
    start = plan.token.cell
    for passes in TIERS:
        dream = _unblocked_way(plan, free_step, start, goal, budget, passes)
        if dream is not None:
            found, blocked = dream
            return _first_block(found, blocked) | {"blocked_cost_ft": found.cost_ft}
    far = _far(plan, goal, generous)
    real = _detour(plan, free_step, goal, far) if far > generous + EPSILON else None
    if real is not None:
        return {"reason": RefusalReason.TOO_FAR, "cost_ft": real.cost_ft}
    dream = _unblocked_way(plan, free_step, start, goal, far, PASS_ALL)
    if dream is not None:
        return {"reason": RefusalReason.TOO_FAR, "cost_ft": dream[0].cost_ft, "at_least": True}
    return {"reason": RefusalReason.NO_PATH}


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
            min_step_ft=rules.min_step_ft(ctx),
            diagonals=ctx.allowance.activity.diagonals,
            parity=rules.diagonal_parity,
            max_nodes=DETOUR_NODES,
        )
    except SearchTooLarge:
        return None


def _far(plan: MovePlan, goal: Cell, floor: float) -> float:
    straight = plan.rules.distance_ft(plan.token.cell, goal)
    return max(floor, DETOUR_FACTOR * straight)


def _shorter_blocked(
    plan: MovePlan, free_step: Stepper | CompiledStep, goal: Cell, budget: float
) -> dict[str, Any]:
    """A goal out of range only because a creature, a wall or a door cuts the shorter
    way: which one (nothing when even that way is too far, or only the map's solid
    terrain is in it: a lane's walls are its shape, not an obstacle)."""
    start = plan.token.cell
    for passes in TIERS[:-1]:
        dream = _unblocked_way(plan, free_step, start, goal, budget, passes)
        if dream is not None and dream[1]:
            found, blocked = dream
            block = _first_block(found, blocked)
            kept = ("at", "blocker", "rule", "step_to")
            return {k: block[k] for k in kept if k in block} | {"blocked_cost_ft": found.cost_ft}
    return {}


Blocked = dict[tuple[Cell, Cell], dict[str, Any]]


def _unblocked_way(
    plan: MovePlan,
    step: Stepper | CompiledStep,
    start: Cell,
    goal: Cell,
    budget: float,
    passes: frozenset[RefusalReason],
) -> tuple[Found, Blocked] | None:
    """The cheapest way from ``start`` to ``goal`` if the obstacles ``passes`` names
    didn't block it (such a step costs what open ground would; the map's edge still
    bounds it), preferring the way with the fewest; with the blocked steps it takes."""
    rules, ctx = plan.rules, step.ctx
    board = ctx.board
    blocked: Blocked = {}

    def through(frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        edge = step(frm, to, diagonals, spent)
        if edge is not None:
            return edge
        if not all(board.on_map(c) for c in board.cells(to)):
            return None
        key = (frm, to)
        if key not in blocked:
            problem = _problem(rules, ctx, step, frm, to, diagonals, spent)
            blocked[key] = _block(rules, ctx, frm, to, problem)
        if blocked[key]["reason"] not in passes:
            return None
        # what the step would cost on open ground (the ruleset's own cost reads the
        # very terrain that refuses it)
        diagonal = frm.col != to.col and frm.row != to.row
        return Edge(to, rules.distance_ft(frm, to), diagonals + int(diagonal), "blocked")

    try:
        found = cheapest_path(
            start,
            goal,
            through,
            budget_ft=budget,
            min_step_ft=rules.min_step_ft(ctx),
            diagonals=ctx.allowance.activity.diagonals,
            parity=rules.diagonal_parity,
            penalty=lambda frm, to: 1.0 if (frm, to) in blocked else 0.0,
            max_nodes=DIAGNOSIS_NODES,
        )
    except SearchTooLarge:
        return None
    if found is None:
        return None
    pairs = zip(found.cells, found.cells[1:], strict=False)
    return found, {pair: blocked[pair] for pair in pairs if pair in blocked}


def _waypoint_blocked(plan: MovePlan) -> dict[str, Any]:
    """What refuses a waypoint (``via:``) itself: terrain, or a creature in its square."""
    for cell in plan.targets[:-1]:
        problem = (
            enter(plan.rules, plan.ctx, cell, cell)[0] or creatures(plan.rules, plan.ctx, cell)[0]
        )
        if problem:
            return _block(plan.rules, plan.ctx, cell, cell, problem)
    return {}


def _first_block(found: Found, blocked: Blocked) -> dict[str, Any]:
    """The first blocked step along ``found``: what blocks it, and where."""
    for pair in zip(found.cells, found.cells[1:], strict=False):
        if pair in blocked:
            return blocked[pair]
    raise AssertionError("a blocked way has a blocked step")  # pragma: no cover


def _problem(
    rules: Ruleset,
    ctx: StepContext,
    step: Stepper | CompiledStep,
    frm: Cell,
    to: Cell,
    diagonals: int,
    spent: float,
) -> str:
    """Why the step ``frm`` → ``to`` is refused, in the step checks' words."""
    problem, _ = enter(rules, ctx, frm, to)
    if not problem:
        problem, _ = barriers(ctx.board, frm, to, flying=ctx.allowance.mode == "fly")
    if not problem:
        problem, _ = creatures(rules, ctx, to)
    if not problem:
        result = rules.step_cost(ctx, frm, to, diagonals, spent, False)
        problem = result if isinstance(result, str) else ""
    return problem or step.why_not.get(to, "")


def _block(rules: Ruleset, ctx: StepContext, frm: Cell, to: Cell, problem: str) -> dict[str, Any]:
    """What refuses the step ``frm`` → ``to`` (whose checks said ``problem``): a solid
    corner, terrain, a wall or door, a creature, or the ruleset's own step rule."""
    board, mode = ctx.board, ctx.allowance.mode
    block: dict[str, Any] = {"at": to, "rule": problem, "step_to": to}
    entered, _ = enter(rules, ctx, frm, to)
    if entered:
        corner = (
            solid_corner(board, frm, to, rules.solid_corners)
            if frm.col != to.col and frm.row != to.row
            else None
        )
        if corner is not None and "corner" in entered:
            return block | {
                "reason": RefusalReason.BLOCKED_BY_CORNER,
                "at": corner,
                "blocker": board.terrain(corner).value,
            }
        for cell in board.cells(to):
            terrain = board.terrain(cell) if board.on_map(cell) else None
            if terrain is None or blocks(terrain, mode) or terrain is Terrain.NARROW:
                return block | {
                    "reason": RefusalReason.BLOCKED_BY_TERRAIN,
                    "at": cell,
                    "blocker": terrain.value if terrain is not None else "the map's edge",
                }
        return block | {"reason": RefusalReason.BLOCKED_BY_TERRAIN}
    walled, _ = barriers(board, frm, to, flying=mode == "fly")
    if walled:
        door = "closed door" in walled
        return block | {
            "reason": RefusalReason.BLOCKED_BY_WALL,
            "blocker": "closed door" if door else "wall",
        }
    if creatures(rules, ctx, to)[0]:
        others = board.others_in(board.cells(to))
        name = next(
            (
                o.name
                for o in others
                if not rules.pass_creature(board, o).allowed or ctx.allowance.limits.no_creatures
            ),
            others[0].name if others else "",
        )
        return block | {"reason": RefusalReason.BLOCKED_BY_CREATURE, "blocker": name}
    return block | {"reason": RefusalReason.RULE_FORBIDS}


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
        problem = _problem(rules, ctx, step, token.cell, goal, diagonals, 0.0)
        return one | _block(rules, ctx, token.cell, goal, problem)
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
