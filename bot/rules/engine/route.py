"""Stages 3 to 5 of one /move (``engine/pipeline.py``): the path search through the
waypoints (or a jump's, or a teleport's arrival), then where the move may end: sharing
a space, the action's own limits. Pure: no Discord, no database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON, Edge
from bot.rules.engine.attacks import charge_target
from bot.rules.engine.jump import JumpRule, jump_route
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.refusal import sealed_off, why_not
from bot.rules.engine.search import enclosure, minimum_route, minimum_step, search_route
from bot.rules.rulings import MoveRefused, Refusal, RefusalReason

if TYPE_CHECKING:
    pass


def route_of(plan: MovePlan, jump_rule: JumpRule | None) -> tuple[MovePlan, Route]:
    """The path search, then the end-of-move checks; the plan may change (a minimum
    move takes a full-round action)."""
    if not plan.targets:
        return plan, Route(cells=[plan.token.cell])
    plan, route = _search(plan, jump_rule)
    end = route.end
    problem = plan.rules.end_problem(plan.ctx, end)
    if problem:
        raise _refused(
            plan, end, RefusalReason.CANNOT_END_THERE, at=end, rule=problem, at_goal=True
        )
    route = _share_space(plan, route)
    limits = plan.allowance.limits
    if limits.min_ft and route.cost < limits.min_ft - EPSILON:
        raise _refused(
            plan,
            end,
            RefusalReason.ACTION_LIMIT,
            limit="min-distance",
            min_ft=limits.min_ft,
            cost_ft=route.cost,
        )
    if limits.shortest_path:
        plan.notes.append(charge_target(plan, end))
    return plan, route


def _refused(plan: MovePlan, end: Cell, reason: RefusalReason, **fields: Any) -> MoveRefused:
    """A refusal at the end of the route, as data (the handler writes the words)."""
    return MoveRefused(
        Refusal(
            reason=reason,
            token=plan.token.name,
            goal=end,
            start=plan.token.cell,
            source=plan.rules.source(*plan.allowance.sections),
            action=plan.allowance.action,
            **fields,
        )
    )


def _search(plan: MovePlan, jump_rule: JumpRule | None) -> tuple[MovePlan, Route]:
    if plan.request.jump is not None:
        if jump_rule is None:
            raise InvalidInput("This ruleset has no jumping on the grid.")
        return plan, jump_route(plan, jump_rule)
    if not plan.allowance.crosses:
        return plan, _arrive(plan)
    sealed = enclosure(plan)
    if sealed is not None:
        raise sealed_off(plan, sealed)
    route = search_route(plan)
    if route is not None:
        return plan, route
    minimum = minimum_route(plan)
    route = minimum_step(minimum) if minimum is not None else None
    if minimum is None or route is None:
        raise why_not(plan)
    minimum.note(
        "Minimum movement",
        "Too hampered to move even one square normally: a full-round "
        "action moves it 5 ft (this isn't a 5-foot step; it provokes as normal).",
    )
    return minimum, route


def _arrive(plan: MovePlan) -> Route:
    """A move that crosses nothing (a teleport): the ruleset says where it lands."""
    goal, notes = plan.rules.economy.arrival(plan.ctx, plan.token, plan.goal)
    plan.notes.extend(notes)
    diagonals = plan.allowance.activity.diagonals
    kind = plan.allowance.mode
    return Route([plan.token.cell, goal], [Edge(goal, 0.0, diagonals, kind)], 0.0, diagonals)


def _share_space(plan: MovePlan, route: Route) -> Route:
    board = plan.board
    sharing = [
        o.name
        for o in board.others_in(board.cells(route.end))
        if plan.rules.space.pass_creature(board, o).squeezing
    ]
    if not sharing:
        return route
    jumped = plan.request.jump is not None
    route, notes = plan.rules.space.share_space(plan.ctx, route, sharing, jumped=jumped)
    plan.notes.extend(notes)
    return route
