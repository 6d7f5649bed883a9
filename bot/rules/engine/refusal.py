"""Why a move can't be made: which square and which rule stop it, and the nearest
legal alternative. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.errors import IllegalMove, RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.grid.search import EPSILON, reachable
from bot.rules.engine.board import StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.search import (
    DIAGNOSIS_NODES,
    corridors,
    find_path,
    search_route,
    step_for,
)
from bot.rules.engine.steps import Stepper, enter
from bot.units import feet

if TYPE_CHECKING:
    from bot.encounter import Token
    from bot.rules.ruleset import Ruleset


def why_not(plan: MovePlan) -> IllegalMove:
    """Say which square and which rule stop the move, and the nearest legal alternative:
    one paragraph for the console, and a title, Why and Instead for an embed."""
    rules, ctx, token, request = plan.rules, plan.ctx, plan.token, plan.request
    targets, stand_cost = plan.targets, plan.stand_cost
    allowance = ctx.allowance
    goal = targets[-1]
    name = token.name
    action = allowance.action
    footer = rules.source(*allowance.sections).cite()

    def refusal(
        title: str, why: str, instead: tuple[str, ...] = (), message: str = ""
    ) -> IllegalMove:
        message = message or " ".join((f"{title}: {why}.", *(f"{i}." for i in instead)))
        fields: tuple[tuple[str, str], ...] = (("Why", _sentence(why)),)
        if instead:
            fields += (("Instead", "; or ".join(instead)),)
        return IllegalMove(message, title=title, fields=fields, footer=footer)

    # the goal itself may be impossible to stand on
    problem, _ = enter(rules, ctx, goal, goal)
    if problem:
        return refusal(f"{name} can't move to {goal}", problem)
    end = rules.end_problem(ctx, goal)
    if end:
        return refusal(f"{name} can't end at {goal}", end)
    budget = allowance.available_ft - stand_cost
    if budget <= EPSILON and allowance.activity.spent_ft > 0:
        used = allowance.activity
        more = ("action:dash gains more",) if "dash" in rules.actions else ()
        title = f"{name} has no movement left this turn"
        spent = f"{feet(used.spent_ft)} of {feet(used.budget_ft)} used"
        ways = (*more, "/turn next starts the next turn")
        return refusal(title, spent, ways, f"{title} ({spent}): {', or '.join(ways)}.")
    if allowance.limits.one_square:
        return refusal(*_why_not_one_square(rules, ctx, token, targets))
    # what would it cost with twice the movement (bounded: at most 120 ft more)?
    generous = min(max(2 * max(budget, 0.0), budget + 6 * rules.square_ft), budget + 120)
    roomy = replace(ctx, allowance=replace(allowance, available_ft=generous))
    plan = replace(plan, diagnosing=True)
    limits = allowance.limits
    limited = limits.straight or limits.unhampered or limits.shortest_path
    constrained = search_route(replace(plan, ctx=roomy)) if limited else None
    free_limits = replace(limits, unhampered=False, straight=False)
    free = replace(roomy, allowance=replace(roomy.allowance, limits=free_limits))
    free_step = step_for(rules, free)
    full = find_path(plan, free_step, token.cell, goal, generous)
    if not limited and full is not None and len(targets) == 1:
        constrained = Route.of(full)
    reason: str
    if constrained is not None and constrained.cost > budget + EPSILON:
        reason = f"that costs {feet(constrained.cost)} and {action} allows {feet(budget)}"
    elif limits.shortest_path and full is not None:
        shortest = rules.distance_ft(token.cell, goal)
        reason = (
            f"a charge goes by the shortest path ({feet(shortest)}), and that one is "
            "hampered or blocked (Rules of the Game › Charge)"
        )
    elif (limits.straight or limits.unhampered) and full is not None:
        what = "in a straight line with " if limits.straight else "with "
        reason = f"a {action} goes {what}nothing hampering it, and no such path reaches it"
    elif full is None:
        why = free_step.why_not.get(goal)
        reason = why or (
            f"no legal path reaches it within {feet(generous)} ({action} allows {feet(budget)})"
            + _nearest_block(free_step, token.cell, goal)
        )
    else:
        reason = f"that costs {feet(full.cost_ft)} and {action} allows {feet(budget)}"
    instead: list[str] = []
    best = _along(rules, ctx, constrained, budget) if constrained is not None else None
    if best is None:
        best = _nearest_alternative(rules, ctx, token, goal, budget)
    if best is not None:
        cell, cost = best
        instead.append(f"{name} can reach {cell} for {feet(cost)}")
    if full is not None:
        bigger = _bigger_action(rules, ctx, token, request, full.cost_ft + stand_cost)
        if bigger:
            instead.append(bigger)
    return refusal(f"{name} can't reach {goal}", reason, tuple(instead))


def _bigger_action(
    rules: Ruleset, ctx: StepContext, token: Token, request: MoveRequest, cost_ft: float
) -> str:
    """ "action:double reaches it (60 ft)" when the ruleset's next bigger action (dash,
    double move, run) would cover ``cost_ft`` and may be taken now; else ""."""
    bigger = rules.band_action
    if bigger == ctx.allowance.action or ctx.allowance.limits.one_square or request.via:
        return ""
    try:
        other = rules.allowance(
            ctx.board.encounter, token, replace(request, action=bigger), ctx.movement
        )
    except RulingError:
        return ""
    if other.limits.straight or other.limits.unhampered or cost_ft > other.available_ft + EPSILON:
        return ""  # a run may not take this path; don't promise it
    return f"action:{bigger} reaches it ({feet(other.available_ft)} of movement)"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _why_not_one_square(
    rules: Ruleset, ctx: StepContext, token: Token, targets: list[Cell]
) -> tuple[str, str]:
    """A 5-foot step or a crawl: one square, and what stops that square (title, why)."""
    allowance, goal, name = ctx.allowance, targets[-1], token.name
    free_square = allowance.limits.free_square_ft is not None
    what = "a 5-foot step" if free_square else f"a {allowance.action}"
    if len(targets) > 1 or chebyshev(token.cell, goal) > 1:
        return f"{name} can't reach {goal}", f"{what} moves one square only"
    step = rules.stepper(ctx)
    edge = step(token.cell, goal, allowance.activity.diagonals, 0.0)
    if edge is None:
        return f"{name} can't step to {goal}", step.why_not.get(goal, "it is not open")
    if free_square and edge.hampered:
        return (
            f"{name} can't take a 5-foot step to {goal}",
            f"its movement there is hampered ({edge.why}), and a 5-foot step can't be "
            f"({rules.step_rule})",
        )
    return (
        f"{name} can't reach {goal}",
        f"that costs {feet(edge.cost_ft)} and {allowance.action} allows "
        f"{feet(allowance.available_ft)}",
    )


def _nearest_block(step: Stepper | CompiledStep, start: Cell, goal: Cell) -> str:
    """The refusal most likely to cut the way: near both ends, a creature or a narrow
    gap before the walls that merely line the room."""
    blocks = [c for c, why in step.why_not.items() if "off the map" not in why]
    if not blocks:
        return ""

    def rank(cell: Cell) -> tuple[int, int, int, int, int]:
        why = step.why_not[cell]
        background = any(f" is {t}:" in why for t in ("wall", "pillar"))
        door = "closed door" in why  # the one block a token can do something about
        detour = chebyshev(start, cell) + chebyshev(cell, goal) - chebyshev(start, goal)
        return (int(background), int(not door), detour, cell.row, cell.col)

    cell = min(blocks, key=rank)
    return f"; in the way: {step.why_not[cell]}"


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
) -> tuple[Cell, float] | None:
    """The legal end square nearest ``goal`` within the budget, under the action's own
    limits (a run's straight line and unhampered squares included)."""
    if budget <= EPSILON:
        return None
    here = chebyshev(token.cell, goal)
    choices: list[tuple[int, float, int, int, Cell]] = []
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
            (chebyshev(cell, goal), cost, cell.row, cell.col, cell)
            for cell, cost in costs.items()
            if cell not in (token.cell, goal) and not rules.end_problem(ctx, cell)
        ]
    if not choices:
        return None
    best = min(choices)
    if best[0] >= here:
        return None
    return best[4], best[1]


def sealed_off(plan: MovePlan, sealed: list[Cell]) -> IllegalMove:
    """The goal sits in a pocket terrain closes off from the token: found by one cheap
    flood from the goal, not by searching the map."""
    token, goal = plan.token, plan.goal
    title = f"{token.name} can't reach {goal}"
    more = len(sealed) - 1
    pocket = f" (with {more} more square{'s' if more != 1 else ''})" if more else ""
    why = (
        f"{goal} is walled in{pocket}: terrain closes it off from {token.cell}, "
        "however far the token moves"
    )
    message = f"{title}: {why}."
    footer = plan.rules.source(*plan.allowance.sections).cite()
    return IllegalMove(message, title=title, fields=(("Why", _sentence(why)),), footer=footer)
