"""A move with a jump on the way: run up to a take-off square, jump in a straight line
to the landing square, then go on. The jump's length is spent like any movement and
limited by the ruleset's /jump (its check and run-up). Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.search import EPSILON, Edge, reachable
from bot.rules.engine.board import Board
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.search import find_path
from bot.rules.engine.steps import barriers, blocked_text, blocks, enter
from bot.rules.rulings import JumpRequest, JumpResult
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

JumpRule = Callable[[JumpRequest], JumpResult]


@dataclass
class _Takeoffs:
    """What the take-off squares the token can reach allow."""

    best: tuple[tuple[float, float, int], Cell, float, JumpResult] | None = None
    # the shortest jump the check doesn't reach: (feet cleared, the ruling, the take-off,
    # the feet of run-up to it)
    too_short: tuple[float, JumpResult, Cell, float] | None = None
    easiest_dc: tuple[int, float] | None = None  # without a check: the lowest DC, its length
    adjacent: bool = False  # a take-off square next to the landing: nothing to clear


def jump_route(plan: MovePlan, jump_rule: JumpRule) -> Route:
    """The cheapest way to ``request.to`` with a jump landing on ``request.jump``."""
    landing, goal = plan.request.jump, plan.goal
    assert landing is not None
    rules, board = plan.rules, plan.board
    problem = rules.steps.jump_problem(plan.ctx)
    if problem:
        raise IllegalMove(f"{plan.token.name} can't jump: {problem}.")
    _check_landing(plan, landing)
    if _cleared(rules, board, plan.token.cell, landing) <= 0:
        try:  # with nothing to clear, a check-based /jump asks for a check: no matter
            ruling = jump_rule(
                rules.steps.jump_asked(
                    plan.ctx, JumpRequest(size=plan.token.size.name.lower(), distance_ft=5)
                )
            )
        except RulingError:
            ruling = None
        if ruling is not None and ruling.max_horizontal_ft is None and ruling.dc is None:
            raise IllegalMove(f"This ruleset has no jump rule ({ruling.source.cite()}).")
        where = "where it stands" if landing == plan.token.cell else "next to it"
        raise IllegalMove(
            f"{plan.token.name} has nothing to jump over: {landing} is {where} (a 0 ft "
            "jump). Leave out jump: and move there."
        )
    step = rules.stepper(plan.ctx)
    takeoffs = _takeoffs(plan, landing, jump_rule, step)
    found = _chosen(plan, landing, takeoffs)
    _, takeoff, run_up_ft, ruling = found
    run_up = find_path(plan, step, plan.token.cell, takeoff, plan.budget)
    assert run_up is not None
    length = rules.reach.distance_ft(takeoff, landing)
    cost, why = rules.steps.jump_cost_ft(plan.ctx, length, takeoff, landing)
    route = Route.of(run_up)
    route.cells.append(landing)
    route.edges.append(
        Edge(landing, cost, route.diagonals, f"jump {feet(length)}" + (f", {why}" if why else ""))
    )
    route.cost += cost
    cleared = _cleared(rules, board, takeoff, landing)
    can = f"it can clear {feet(ruling.max_horizontal_ft or 0)}"
    short = takeoffs.too_short if takeoffs.too_short and takeoffs.too_short[0] > cleared else None
    # a longer jump's own limit beside this one's: where the two differ (their run-ups
    # differ), each names the run-up it comes with
    differ = short is not None and short[1].max_horizontal_ft != ruling.max_horizontal_ft
    plan.note(
        "Jump",
        f"From {takeoff} to {landing}, clearing {feet(cleared)}: {_run_up(run_up_ft)}{can}."
        if differ
        else f"From {takeoff} to {landing}, clearing {feet(cleared)} ({can}).",
    )
    if short is not None:
        _note_too_short(plan, short, takeoff, cleared, by_run_up=differ)
    plan.notes.extend(ruling.notes[:2])
    plan.notes.extend(rules.steps.landing_notes(board, landing))
    if goal != landing:
        rest = find_path(
            plan, step, landing, goal, plan.budget, spent_ft=route.cost, diagonals=route.diagonals
        )
        if rest is None:
            raise IllegalMove(
                f"{plan.token.name} lands at {landing} with {feet(plan.budget - route.cost)} "
                f"left, not enough to go on to {goal}."
            )
        route.extend(rest)
    return route


def _run_up(cost_ft: float) -> str:
    """How a jump starts, as its ruling depends on it (the d20 run-up rule)."""
    return f"after {feet(cost_ft)} of run-up " if cost_ft > 0 else "standing, "


def _note_too_short(
    plan: MovePlan,
    too_short: tuple[float, JumpResult, Cell, float],
    takeoff: Cell,
    cleared: float,
    *,
    by_run_up: bool,
) -> None:
    """Why a longer jump from an earlier square isn't the one taken. Where its limit
    differs from the jump taken (``by_run_up``: a shorter run-up), the note names
    that square and run-up (issue 28: "it can clear 14 ft" beside "it clears at most
    7 ft" read as one jump)."""
    short, ruling, short_takeoff, short_run_up = too_short
    given = _given(plan, ruling)
    at_most = feet(ruling.max_horizontal_ft or 0)
    if not by_run_up:
        needs = f" (that needs a check of {ruling.dc}+)" if ruling.dc else ""
        plan.note(
            "Jump",
            f"{given[:1].upper()}{given[1:]} it clears at most {at_most}, so it doesn't "
            f"take the {feet(short)} jump{needs}: it clears {feet(cleared)} from {takeoff} "
            "instead.",
        )
        return
    needs = f" (DC {ruling.dc})" if ruling.dc else ""
    plan.note(
        "Jump",
        f"From {short_takeoff}, {_run_up(short_run_up)}{given}, it clears at most "
        f"{at_most}, short of the {feet(short)} jump from there{needs}: it takes off "
        f"from {takeoff} instead.",
    )


def _check_landing(plan: MovePlan, landing: Cell) -> None:
    if not plan.board.on_map(landing):
        raise InvalidInput(f"jump: {landing} is off the map.")
    problem = _over_ground(plan, landing)
    problem = problem or plan.rules.end_problem(plan.ctx, landing)
    if problem:
        raise IllegalMove(f"{plan.token.name} can't land at {landing}: {problem}.")


def _takeoffs(
    plan: MovePlan, landing: Cell, jump_rule: JumpRule, step: Callable[..., Edge | None]
) -> _Takeoffs:
    rules, board, token = plan.rules, plan.board, plan.token
    costs = reachable(
        token.cell,
        step,
        budget_ft=plan.budget,
        diagonals=plan.allowance.activity.diagonals,
        parity=rules.diagonal_parity,
    )
    size = token.size.name.lower()
    out = _Takeoffs()
    for takeoff, cost in costs.items():
        length = rules.reach.distance_ft(takeoff, landing)
        jump_ft = (
            rules.steps.jump_cost_ft(plan.ctx, length, takeoff, landing)[0] if length > 0 else 0.0
        )
        if length <= 0 or cost + jump_ft > plan.budget + EPSILON:
            continue
        if rules.end_problem(plan.ctx, takeoff) or _over_ground(plan, takeoff):
            continue  # it takes off with its whole space on the ground, not squeezed over
        if not _clear_jump(rules, board, takeoff, landing):
            continue
        # the jump clears the squares between its footprints; landing is the last step
        cleared = _cleared(rules, board, takeoff, landing)
        if cleared <= 0:
            out.adjacent = True  # a step, not a jump: nothing lies between
            continue
        asked = JumpRequest(
            size=size, check=plan.request.check, run_up_ft=int(cost), distance_ft=int(cleared)
        )
        ruling = jump_rule(rules.steps.jump_asked(plan.ctx, asked))
        if ruling.max_horizontal_ft is None:
            if ruling.dc is None:
                raise IllegalMove(f"This ruleset has no jump rule ({ruling.source.cite()}).")
            if out.easiest_dc is None or (ruling.dc, cleared) < out.easiest_dc:
                out.easiest_dc = (ruling.dc, cleared)
            continue
        if cleared > ruling.max_horizontal_ft + EPSILON:
            if out.too_short is None or cleared < out.too_short[0]:
                out.too_short = (cleared, ruling, takeoff, cost)
            continue
        # cheapest; then the longest run-up; then the take-off nearest the line
        key = (cost + length, -cost, _stray(token.cell, landing, takeoff))
        if out.best is None or key < out.best[0]:
            out.best = (key, takeoff, cost, ruling)
    return out


def _chosen(
    plan: MovePlan, landing: Cell, takeoffs: _Takeoffs
) -> tuple[tuple[float, float, int], Cell, float, JumpResult]:
    name = plan.token.name
    if takeoffs.easiest_dc is not None:
        dc, cleared = takeoffs.easiest_dc
        raise IllegalMove(
            f"How far {name} jumps takes a check under this ruleset: give check:"
            f"<total> (the easiest way to {landing} clears {cleared:g} ft, DC {dc}).",
            # as data too: the mover asks for the total in its own words
            result={"jump_check": {"landing": str(landing), "dc": dc, "cleared_ft": cleared}},
        )
    if takeoffs.best is not None:
        return takeoffs.best
    if takeoffs.too_short is not None:
        cleared, ruling, _, _ = takeoffs.too_short
        with_check = " " + _given(plan, ruling)
        needs = (
            f"; the shortest jump there clears {feet(cleared)}, which needs a check of {ruling.dc}+"
            if ruling.dc
            else f"; the shortest jump there clears {feet(cleared)}"
        )
        raise IllegalMove(
            f"{name} can't jump to {landing}: it jumps at most "
            f"{feet(ruling.max_horizontal_ft or 0)}{with_check}{needs}."
        )
    if takeoffs.adjacent:
        raise IllegalMove(
            f"{name} has nothing to jump over on the way to {landing}: from every square "
            f"it could take off, {landing} is the next one (a 0 ft jump). Leave out jump: "
            "and move there."
        )
    raise IllegalMove(
        f"{name} can't jump to {landing}: no square it can reach this turn leaves "
        "room to jump there in a straight line."
    )


def _given(plan: MovePlan, ruling: JumpResult) -> str:
    """What the jump was ruled with: ``with a check of 14``, ``without a check``, or
    (a ruleset jumping by Strength) ``with Strength 15, standing``."""
    if plan.rules.calculators.jump_uses_strength:
        standing = any(n.label == "Standing" for n in ruling.notes)
        return f"with Strength {ruling.extra.get('strength')}" + (
            " (standing: no 10 ft run-up on foot just before)" if standing else ""
        )
    check = plan.request.check
    return f"with a check of {check}" if check is not None else "without a check"


def _cleared(rules: Ruleset, board: Board, takeoff: Cell, landing: Cell) -> float:
    """The feet a jump clears: its length less the space it lands in."""
    return max(0.0, rules.reach.distance_ft(takeoff, landing) - board.side * rules.square_ft)


def _over_ground(plan: MovePlan, anchor: Cell) -> str:
    """Why the token can't stand with its whole space at ``anchor`` to jump or land
    ("" when it can): a jump starts and ends on the ground, not squeezed over a pit."""
    problem, _ = enter(plan.rules, plan.ctx, anchor, anchor)
    if problem:
        return problem
    board = plan.board
    for cell in board.cells(anchor):
        if blocks(board.terrain(cell), plan.allowance.mode):
            return blocked_text(board, cell, plan.allowance.mode)
    return ""


def _stray(start: Cell, end: Cell, cell: Cell) -> int:
    """How far ``cell`` lies off the line from ``start`` to ``end`` (scaled by its length)."""
    across, down = end.col - start.col, end.row - start.row
    return abs(across * (cell.row - start.row) - down * (cell.col - start.col))


def _clear_jump(rules: Ruleset, board: Board, takeoff: Cell, landing: Cell) -> bool:
    """Nothing solid on the line between the squares' centres: no wall or pillar square
    and no wall or closed door crossed (pits, water, rubble and creatures are what
    jumps are for)."""
    steps = 8 * max(abs(landing.col - takeoff.col), abs(landing.row - takeoff.row))
    previous = takeoff
    for i in range(1, steps + 1):
        t = i / steps
        col = takeoff.col + 0.5 + (landing.col - takeoff.col) * t
        row = takeoff.row + 0.5 + (landing.row - takeoff.row) * t
        cell = Cell(int(col), int(row))
        if cell == previous:
            continue
        if board.terrain(cell).blocks or barriers(board, previous, cell)[0]:
            return False
        previous = cell
    return True
