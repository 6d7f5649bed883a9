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
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS, chebyshev

EPSILON = 1e-9
PENALTY = 1e-6  # per step to avoid: far below any real cost difference
PENALTY_ROOM = 1e-3
MAX_NODES = 250_000


@dataclass(frozen=True)
class Edge:
    """One legal step: where to, what it cost, the diagonal count after it, and why."""

    to: Cell
    cost_ft: float
    diagonals: int
    why: str = ""
    hampered: bool = False  # terrain or creatures made it dearer (no run, charge, step)


StepFn = Callable[[Cell, Cell, int, float], Edge | None]


@dataclass(frozen=True)
class Found:
    cells: tuple[Cell, ...]  # start first
    edges: tuple[Edge, ...]
    cost_ft: float
    diagonals: int


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
    bound admissible). ``penalty`` adds a tiny amount (well under a foot) to
    steps to avoid, so that among equally cheap paths the search prefers one
    without them (one that provokes no attack, say); costs reported are the
    steps' own.
    """
    if start == goal:
        return Found((start,), (), 0.0, diagonals)
    limit = budget_ft + (PENALTY_ROOM if penalty is not None else EPSILON)

    def key(diag: int) -> int:
        return diag % 2 if parity else 0

    start_state: State = (start, key(diagonals))
    best: dict[State, float] = {start_state: spent_ft}
    real: dict[State, float] = {start_state: spent_ft}  # without penalties
    back: dict[State, tuple[State, Edge]] = {}
    diag_at: dict[State, int] = {start_state: diagonals}
    heap: list[tuple[float, float, int, State]] = [
        (spent_ft + min_step_ft * chebyshev(start, goal), spent_ft, 0, start_state)
    ]
    counter = 0
    while heap:
        _, g, _, state = heapq.heappop(heap)
        if g > best.get(state, float("inf")) + EPSILON:
            continue
        cell = state[0]
        if cell == goal:
            if real[state] > budget_ft + EPSILON:
                return None
            return _unwind(state, back, real[state] - spent_ft, diag_at[state])
        counter += 1
        if counter > max_nodes:
            return None
        for nxt in _neighbours(cell):
            if allowed is not None and not allowed(nxt):
                continue
            edge = step(cell, nxt, diag_at[state], real[state])
            if edge is None:
                continue
            g2 = g + edge.cost_ft + (penalty(cell, nxt) if penalty is not None else 0.0)
            if g2 + min_step_ft * chebyshev(nxt, goal) > limit:
                continue
            s2: State = (nxt, key(edge.diagonals))
            if g2 < best.get(s2, float("inf")) - EPSILON:
                best[s2] = g2
                back[s2] = (state, edge)
                diag_at[s2] = edge.diagonals
                real[s2] = real[state] + edge.cost_ft
                heapq.heappush(heap, (g2 + min_step_ft * chebyshev(nxt, goal), g2, counter, s2))
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
