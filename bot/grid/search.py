"""Cheapest paths under a ruleset's step costs, bounded by what a token can spend.

The ruleset supplies ``step(frm, to, diagonals, spent_ft)``: the cost of one
step (or None where the step is illegal) given how many diagonals the move has
counted and how much it has spent (3.5's 1-2-1-2 diagonals and 5e-alt's
"spend all your Movement" depend on them). The search state is the square and,
where the ruleset counts diagonals, the parity of that count, so an exact
1-2-1-2 cost is never approximated away.

Every search is bounded by a budget in feet (A* with a straight-line lower
bound prunes everything that cannot arrive within it), so an unreachable
target never explores the whole map.

This module is the searches' way in and the reference: ``cheapest_path`` and
``reachable`` ask the step function square by square. Given a ruleset's compiled step
tables (``CompiledSteps``) they search over those instead
(``bot.grid.compiled_search``), with the same results; where a table can't answer,
here is the search that does. What a step and a path are, and the cap on a search's
work, are ``bot.grid.paths`` (importable from here too, as the searches' vocabulary).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from bot.grid.compiled_search import compiled_path, compiled_reach
from bot.grid.compiled_tables import CompiledSteps, TableFallback
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS, chebyshev
from bot.grid.paths import (
    EPSILON,
    MAX_NODES,
    Edge,
    Found,
    Rank,
    SearchTooLarge,
    StepFn,
    rank,
)

# the searches' vocabulary, as the engine imports it from here
__all__ = [
    "EPSILON",
    "MAX_NODES",
    "Edge",
    "Found",
    "SearchTooLarge",
    "StepFn",
    "cheapest_path",
    "reachable",
]

State = tuple[Cell, int]


def _neighbours(cell: Cell) -> Iterable[Cell]:
    for dc, dr in DIRECTIONS:
        yield Cell(cell.col + dc, cell.row + dr)


def cheapest_path(
    start: Cell,
    goal: Cell,
    step: StepFn,
    *,
    budget_ft: float,
    min_step_ft: float,
    spent_ft: float = 0.0,
    diagonals: int = 0,
    parity: bool = False,
    allowed: Callable[[Cell], bool] | None = None,
    penalty: Callable[[Cell, Cell], float] | None = None,
    max_nodes: int = MAX_NODES,
) -> Found | None:
    """The cheapest path from ``start`` to ``goal`` costing at most ``budget_ft``.

    ``spent_ft`` is what was spent before this path (it counts against the
    budget). ``min_step_ft`` must not exceed any step's cost (it makes the
    bound admissible). Among equally cheap paths the search prefers the one
    whose steps add up to the least ``penalty`` (steps to avoid: one that
    provokes an attack, say), then the one with the fewest squares, then the
    one nearest the straight line from start to goal.
    Costs reported are the steps' own.
    """
    if start == goal:
        return Found((start,), (), 0.0, diagonals)
    if isinstance(step, CompiledSteps) and step.floor_ft == min_step_ft and step.parity == parity:
        step.settle_refusals()  # what earlier searches passed up comes first
        memory = step.memory()
        try:
            found = compiled_path(
                step,
                start,
                goal,
                budget_ft=budget_ft,
                spent_ft=spent_ft,
                diagonals=diagonals,
                allowed=allowed,
                penalty=penalty,
                max_nodes=max_nodes,
            )
            if found is not None:
                return found
        except TableFallback:
            pass
        # no path: search again step by step, so what stopped it is worded exactly as
        # the refusal has always read it (a refused move's cost, not a granted one's)
        # (what the compiled search's first pass asked of the rules meanwhile, in its own
        # order, is forgotten first)
        step.deferred.clear()
        step.refusals.clear()
        step.recall(memory)
        step = step.edge
    return _reference_path(
        start,
        goal,
        step,
        budget_ft=budget_ft,
        min_step_ft=min_step_ft,
        spent_ft=spent_ft,
        diagonals=diagonals,
        parity=parity,
        allowed=allowed,
        penalty=penalty,
        max_nodes=max_nodes,
    )


def _reference_path(
    start: Cell,
    goal: Cell,
    step: StepFn,
    *,
    budget_ft: float,
    min_step_ft: float,
    spent_ft: float,
    diagonals: int,
    parity: bool,
    allowed: Callable[[Cell], bool] | None,
    penalty: Callable[[Cell, Cell], float] | None,
    max_nodes: int,
) -> Found | None:
    """``cheapest_path`` asking the step function square by square: an A* over
    (square, diagonal parity) by ``Rank``, bounded by the cheapest step."""
    limit = budget_ft + EPSILON

    def key(diag: int) -> int:
        return diag % 2 if parity else 0

    def bound(cell: Cell) -> float:
        return min_step_ft * chebyshev(cell, goal)

    across, down = goal.col - start.col, goal.row - start.row

    def stray(cell: Cell) -> int:
        # Twice the area between the line and the square: its distance from the
        # line, scaled by the line's (fixed) length.
        return abs(across * (cell.row - start.row) - down * (cell.col - start.col))

    start_state: State = (start, key(diagonals))
    best: dict[State, Rank] = {start_state: rank(spent_ft, 0.0, 0, 0)}
    real: dict[State, float] = {start_state: spent_ft}
    back: dict[State, tuple[State, Edge]] = {}
    diag_at: dict[State, int] = {start_state: diagonals}
    heap: list[tuple[Rank, Rank, int, State]] = [
        (rank(spent_ft + bound(start), 0.0, 0, 0), best[start_state], 0, start_state)
    ]
    counter = 0
    while heap:
        _, ranked, _, state = heapq.heappop(heap)
        if ranked > best[state]:
            continue
        cell = state[0]
        if cell == goal:
            return _unwind(state, back, real[state] - spent_ft, diag_at[state])
        counter += 1
        if counter > max_nodes:
            raise SearchTooLarge
        _, avoid, steps, strayed = ranked
        for nxt in _neighbours(cell):
            if allowed is not None and not allowed(nxt):
                continue
            edge = step(cell, nxt, diag_at[state], real[state])
            if edge is None:
                continue
            g2 = real[state] + edge.cost_ft
            if g2 + bound(nxt) > limit:
                continue
            rank2 = rank(
                g2,
                avoid + (penalty(cell, nxt) if penalty is not None else 0.0),
                steps + 1,
                strayed + stray(nxt),
            )
            s2: State = (nxt, key(edge.diagonals))
            if s2 not in best or rank2 < best[s2]:
                best[s2] = rank2
                back[s2] = (state, edge)
                diag_at[s2] = edge.diagonals
                real[s2] = g2
                f2 = (round(g2 + bound(nxt), 6), *rank2[1:])
                heapq.heappush(heap, (f2, rank2, counter, s2))
    return None


def _unwind(state: State, back: dict[State, tuple[State, Edge]], cost: float, diag: int) -> Found:
    cells = [state[0]]
    edges: list[Edge] = []
    while state in back:
        state, edge = back[state]
        edges.append(edge)
        cells.append(state[0])
    return Found(tuple(reversed(cells)), tuple(reversed(edges)), cost, diag)


def reachable(
    start: Cell,
    step: StepFn,
    *,
    budget_ft: float,
    spent_ft: float = 0.0,
    diagonals: int = 0,
    parity: bool = False,
    allowed: Callable[[Cell], bool] | None = None,
    max_nodes: int = MAX_NODES,
) -> dict[Cell, float]:
    """The cheapest cost (from ``spent_ft``) of every square reachable within the budget."""
    if isinstance(step, CompiledSteps) and step.parity == parity:
        step.settle_refusals()  # what earlier searches passed up comes first
        try:
            return compiled_reach(
                step,
                start,
                budget_ft=budget_ft,
                spent_ft=spent_ft,
                diagonals=diagonals,
                allowed=allowed,
                max_nodes=max_nodes,
            )
        except TableFallback:
            pass
    limit = budget_ft + EPSILON

    def key(diag: int) -> int:
        return diag % 2 if parity else 0

    start_state: State = (start, key(diagonals))
    best: dict[State, float] = {start_state: spent_ft}
    diag_at: dict[State, int] = {start_state: diagonals}
    heap: list[tuple[float, int, State]] = [(spent_ft, 0, start_state)]
    out: dict[Cell, float] = {}
    counter = 0
    while heap:
        g, _, state = heapq.heappop(heap)
        if g > best.get(state, float("inf")) + EPSILON:
            continue
        cell = state[0]
        out.setdefault(cell, g - spent_ft)
        counter += 1
        if counter > max_nodes:
            break
        for nxt in _neighbours(cell):
            if allowed is not None and not allowed(nxt):
                continue
            edge = step(cell, nxt, diag_at[state], g)
            if edge is None:
                continue
            g2 = g + edge.cost_ft
            if g2 > limit:
                continue
            s2: State = (nxt, key(edge.diagonals))
            if g2 < best.get(s2, float("inf")) - EPSILON:
                best[s2] = g2
                diag_at[s2] = edge.diagonals
                heapq.heappush(heap, (g2, counter, s2))
    return out
