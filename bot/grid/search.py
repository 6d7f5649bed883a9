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
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS, chebyshev

EPSILON = 1e-9
# How many squares one search may expand before it gives up: a legal move across a
# 200×200 map expands a few thousand; only a search for an unreachable square on a
# huge open map comes near this (bounding one command's work; see SearchTooLarge).
MAX_NODES = 40_000


class SearchTooLarge(Exception):
    """A search hit its cap on squares expanded without deciding."""


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
# What a path is ranked by, in order: feet (rounded, so float noise in 5e-alt's
# euclidean diagonals never decides), steps to avoid, squares entered, then how
# far its squares stray from the straight line between the ends, so that of
# equally cheap paths the one a table would draw wins (A4 to F4 along row 4,
# not zigzagging through row 2).
Rank = tuple[float, float, int, int]


Lean = tuple[int, float, int]  # a step from a state: see ``_opened``

# What a compiled table says of a step instead of its cost (see ``CompiledSteps``).
ILLEGAL = -1.0  # the step function refuses it
VOLATILE = -2.0  # its cost depends on what was spent: ask the step function each time
HAMPERED = -3.0  # legal but hampered, and this search refuses what hampers


class CompiledSteps(ABC):
    """A step function whose steps were worked out once per kind of neighbourhood
    (``bot.rules.engine.compiled``), so a search reads their costs from flat tables
    instead of asking the rules step by step. Squares are integer indexes into a
    padded column-major grid (so indexes sort as cells do, and ties fall the same
    way); calling it is calling the step function it was made from. The searches
    below use it when they are given one, with the same results."""

    stride: int  # squares in one padded column
    squares: int  # indexes run from 0 to this
    # what ``out`` and ``open_out`` answered so far, by index (read first: a call costs)
    known_steps: Mapping[int, Sequence[tuple[int, float, float, int]]]
    open_steps: Mapping[int, tuple[list[Lean], list[Lean]]]
    every_steps: Mapping[int, tuple[list[Lean], list[Lean]]]
    pad: int  # padding squares before column 0 and row 0
    floor_ft: float  # no step costs less; with ``parity``, no odd diagonal less than twice
    parity: bool

    @abstractmethod
    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None: ...

    @abstractmethod
    def index(self, cell: Cell) -> int | None:
        """The square's index, or None where the table doesn't cover it."""

    @abstractmethod
    def cell(self, index: int) -> Cell: ...

    def cells_of(self, costs: Mapping[int, float]) -> dict[Cell, float]:
        """``costs`` by square index, by cell (in the same order)."""
        cell = self.cell
        return {cell(i): cost for i, cost in costs.items()}

    @abstractmethod
    def out(self, index: int) -> Sequence[tuple[int, float, float, int]]:
        """The eight steps from a square, in ``DIRECTIONS`` order: (the offset from its
        index to the square entered's, its cost after an even count of diagonals, after
        an odd count, the diagonals it adds); a negative cost is ``ILLEGAL``,
        ``VOLATILE`` or ``HAMPERED``."""

    def open_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        """The steps from a square not refused, after an even and after an odd count of
        diagonals: (the offset to the square entered, the cost or ``VOLATILE``, the
        diagonals added)."""
        return _opened(self.out(index), self.parity)

    def every_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        """``open_out`` with the refused steps kept (their cost ``ILLEGAL`` or
        ``HAMPERED``), in the order of the squares entered."""
        return _every(self.out(index), self.parity)

    @abstractmethod
    def edge(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        """A step the table says is legal, as the step function words it."""

    # The steps searches passed up, first per (square entered, code): remembered so a
    # refusal can word them (in the order a search asking step by step would have).
    refusals: dict[tuple[int, float], tuple[int, int, float]]


def _opened(
    entries: Sequence[tuple[int, float, float, int]], parity: bool
) -> tuple[list[Lean], list[Lean]]:
    """The steps not refused from a state of each parity, as (what to add to the state
    for the state entered, cost or ``VOLATILE``, diagonals added). A state is twice the
    square's index plus the parity of the diagonals counted (0 where nothing counts)."""
    if not parity:
        even = [(2 * o, e, a) for o, e, _, a in entries if e >= 0 or e == VOLATILE]
        return even, even
    return (
        [(2 * o + (a & 1), e, a) for o, e, _, a in entries if e >= 0 or e == VOLATILE],
        [(2 * o + ((1 ^ a) & 1) - 1, c, a) for o, _, c, a in entries if c >= 0 or c == VOLATILE],
    )


def _every(
    entries: Sequence[tuple[int, float, float, int]], parity: bool
) -> tuple[list[Lean], list[Lean]]:
    """Every step from a state of each parity, as ``_opened`` gives the open ones, in
    the order of the squares entered (so the states entered come in order too: the
    parity is the lowest bit, the square the rest)."""
    ordered = sorted(entries)
    if not parity:
        even = [(2 * o, e, a) for o, e, _, a in ordered]
        return even, even
    return (
        [(2 * o + (a & 1), e, a) for o, e, _, a in ordered],
        [(2 * o + ((1 ^ a) & 1) - 1, c, a) for o, _, c, a in ordered],
    )


class TableFallback(Exception):
    """The table can't answer this search: run the reference search instead."""


def _neighbours(cell: Cell) -> Iterable[Cell]:
    for dc, dr in DIRECTIONS:
        yield Cell(cell.col + dc, cell.row + dr)


def _rank(cost_ft: float, avoid: float, steps: int, stray: int) -> Rank:
    return (round(cost_ft, 6), avoid, steps, stray)


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
        try:
            found = _compiled_path(
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
        step.refusals.clear()
        step = step.edge
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
    best: dict[State, Rank] = {start_state: _rank(spent_ft, 0.0, 0, 0)}
    real: dict[State, float] = {start_state: spent_ft}
    back: dict[State, tuple[State, Edge]] = {}
    diag_at: dict[State, int] = {start_state: diagonals}
    heap: list[tuple[Rank, Rank, int, State]] = [
        (_rank(spent_ft + bound(start), 0.0, 0, 0), best[start_state], 0, start_state)
    ]
    counter = 0
    while heap:
        _, rank, _, state = heapq.heappop(heap)
        if rank > best[state]:
            continue
        cell = state[0]
        if cell == goal:
            return _unwind(state, back, real[state] - spent_ft, diag_at[state])
        counter += 1
        if counter > max_nodes:
            raise SearchTooLarge
        _, avoid, steps, strayed = rank
        for nxt in _neighbours(cell):
            if allowed is not None and not allowed(nxt):
                continue
            edge = step(cell, nxt, diag_at[state], real[state])
            if edge is None:
                continue
            g2 = real[state] + edge.cost_ft
            if g2 + bound(nxt) > limit:
                continue
            rank2 = _rank(
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
        try:
            return _compiled_reach(
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


# ------------------------------------------------------------ over compiled tables


def _bound_ft(table: CompiledSteps, goal: Cell) -> Callable[[int, int], float]:
    """The exact cost on open ground from a square (and the diagonal count's parity) to
    ``goal`` at the table's cheapest step costs: 1-2-1-2 (5-10-5) where diagonals
    alternate, plain Chebyshev otherwise. Admissible and consistent."""
    stride, pad = table.stride, table.pad
    gc, gr = goal.col + pad, goal.row + pad
    o = table.floor_ft
    odd_ft = 2 * o if table.parity else o

    def bound(index: int, odd: int) -> float:
        dx = abs(index // stride - gc)
        dy = abs(index % stride - gr)
        if dx < dy:
            dx, dy = dy, dx
        half = dy // 2
        if odd:  # the next diagonal is the dear one
            return o * (dx - dy) + odd_ft * (dy - half) + o * half
        return o * (dx - dy) + o * (dy - half) + odd_ft * half

    return bound


def _compiled_path(
    table: CompiledSteps,
    start: Cell,
    goal: Cell,
    *,
    budget_ft: float,
    spent_ft: float,
    diagonals: int,
    allowed: Callable[[Cell], bool] | None,
    penalty: Callable[[Cell, Cell], float] | None,
    max_nodes: int,
) -> Found | None:
    """``cheapest_path`` over a compiled table: the same ranks, ties and results, an
    exact heuristic for the ruleset's diagonals, and no call into the rules per step."""
    first, last = table.index(start), table.index(goal)
    if first is None or last is None:
        raise TableFallback
    parity = table.parity
    stride, pad = table.stride, table.pad
    limit = budget_ft + EPSILON
    bound = _bound_ft(table, goal)
    cell_of = table.cell
    across, down = goal.col - start.col, goal.row - start.row
    sc, sr = start.col + pad, start.row + pad
    odd0 = diagonals & 1 if parity else 0
    start_state = first * 2 + odd0
    # the lean search first: what the cheapest path costs, and which states lie on a
    # cheapest path; the ranked search below then walks those states alone
    on_cheapest = _cheapest_states(
        table,
        start_state,
        last,
        goal,
        limit=limit,
        spent_ft=spent_ft,
        diagonals=diagonals,
        allowed=allowed,
        max_nodes=max_nodes,
    )
    if on_cheapest is None:
        return None
    best: dict[int, Rank] = {start_state: _rank(spent_ft, 0.0, 0, 0)}
    real: dict[int, float] = {start_state: spent_ft}
    diag_at: dict[int, int] = {start_state: diagonals}
    back: dict[int, tuple[int, Edge | None]] = {}
    heap: list[tuple[Rank, Rank, int, int]] = [
        (_rank(spent_ft + bound(first, odd0), 0.0, 0, 0), best[start_state], 0, start_state)
    ]
    counter = 0
    pop, push = heapq.heappop, heapq.heappush
    refusals = table.refusals
    out = table.out
    o = table.floor_ft
    odd_ft = 2 * o if parity else o
    gc, gr = goal.col + pad, goal.row + pad
    while heap:
        _, rank, _, state = pop(heap)
        if rank > best[state]:
            continue
        here = state >> 1
        if here == last:
            return _compiled_unwind(table, state, back, real, diag_at, real[state] - spent_ft)
        counter += 1
        if counter > max_nodes:
            raise SearchTooLarge
        _, avoid, steps, strayed = rank
        g = real[state]
        diag = diag_at[state]
        odd = diag & 1 if parity else 0
        cell = cell_of(here) if (allowed is not None or penalty is not None) else start
        for offset, even_cost, odd_cost, adds in out(here):
            nxt = here + offset
            if allowed is not None and not allowed(cell_of(nxt)):
                continue
            cost = odd_cost if odd else even_cost
            edge: Edge | None = None
            if cost < 0:
                if cost != VOLATILE:
                    if (nxt, cost) not in refusals:
                        refusals[(nxt, cost)] = (here, diag, g)
                    continue
                edge = table(cell_of(here), cell_of(nxt), diag, g)
                if edge is None:
                    continue
                cost, diag2 = edge.cost_ft, edge.diagonals
            else:
                diag2 = diag + adds
            g2 = g + cost
            odd2 = diag2 & 1 if parity else 0
            s2 = nxt * 2 + odd2
            if s2 not in on_cheapest:
                continue  # on no cheapest path: it can't win
            known = best.get(s2)
            if known is not None and known[0] < g2 - EPSILON:
                continue  # already reached for less: most steps end here
            col, row = divmod(nxt, stride)
            dx, dy = abs(col - gc), abs(row - gr)
            if dx < dy:
                dx, dy = dy, dx
            half = dy // 2
            if odd2:  # the exact open-ground cost: the next diagonal is the dear one
                h2 = o * (dx - dy) + odd_ft * (dy - half) + o * half
            else:
                h2 = o * (dx - dy) + o * (dy - half) + odd_ft * half
            if g2 + h2 > limit:
                continue
            rank2 = (
                round(g2, 6),
                avoid + (penalty(cell, cell_of(nxt)) if penalty is not None else 0.0),
                steps + 1,
                strayed + abs(across * (row - sr) - down * (col - sc)),
            )
            if known is None or rank2 < known:
                best[s2] = rank2
                back[s2] = (state, edge)
                diag_at[s2] = diag2
                real[s2] = g2
                push(heap, ((round(g2 + h2, 6), *rank2[1:]), rank2, counter, s2))
    return None


def _cheapest_states(
    table: CompiledSteps,
    start_state: int,
    last: int,
    goal: Cell,
    *,
    limit: float,
    spent_ft: float,
    diagonals: int,
    allowed: Callable[[Cell], bool] | None,
    max_nodes: int,
) -> set[int] | None:
    """The states (square and diagonal parity) that lie on some cheapest path to the
    goal within the budget, or None if no path is that cheap.

    An A* over feet alone with the exact open-ground bound and a bucket queue (one list
    of states per estimated total), run until no state can still arrive as cheaply,
    then a walk back from the goal over the steps that cost exactly the difference.
    A state on a cheapest path is reached only through states on cheapest paths, so
    the ranked search that breaks ties among cheapest paths, run over these states
    alone, keeps the order it would have over the whole map and finds the same path.
    It expands the same states as that search until the goal is reached (so the cap
    on squares expanded counts alike)."""
    parity = table.parity
    stride, pad = table.stride, table.pad
    gc, gr = goal.col + pad, goal.row + pad
    o = table.floor_ft
    dear = 2 * o if parity else o
    out, cell_of = table.open_out, table.cell
    opened = table.open_steps
    inf = float("inf")
    g_at = [inf] * (2 * table.squares)
    diag_at = [0] * (2 * table.squares)
    done = bytearray(2 * table.squares)
    bound = [-1.0] * (2 * table.squares)  # each state's exact open-ground cost to the goal
    g_at[start_state], diag_at[start_state] = spent_ft, diagonals
    bound[start_state] = 0.0  # never read again: the start is expanded first
    buckets: dict[float, list[int]] = {spent_ft: [start_state]}
    keys = [spent_ft]  # the estimates with a bucket, as a heap
    pop, push = heapq.heappop, heapq.heappush
    goal_f: float | None = None
    counter = 0
    while keys:
        f = keys[0]
        bucket = buckets[f]
        if not bucket:
            pop(keys)
            del buckets[f]
            continue
        if goal_f is not None and f > goal_f + 1e-6:
            break  # nothing left can arrive as cheaply
        state = bucket.pop()
        g = g_at[state]
        if done[state] or g + bound[state] < f - 1e-6:
            continue  # expanded already, or since reached for less
        done[state] = 1
        here = state >> 1
        if here == last:
            if goal_f is None:
                goal_f = f
            continue
        if goal_f is None:
            counter += 1
            if counter > max_nodes:
                raise SearchTooLarge
        diag = diag_at[state]
        lists = opened.get(here)
        if lists is None:
            lists = out(here)
        for delta, cost, adds in lists[state & 1]:
            s2 = state + delta
            if cost < 0 or allowed is not None:
                nxt = s2 >> 1
                if allowed is not None and not allowed(cell_of(nxt)):
                    continue
                if cost < 0:
                    edge = table.edge(cell_of(here), cell_of(nxt), diag, g)
                    if edge is None:
                        continue
                    cost, adds = edge.cost_ft, edge.diagonals - diag
                    s2 = nxt * 2 + (edge.diagonals & 1 if parity else 0)
            g2 = g + cost
            if g_at[s2] < g2 + EPSILON:
                continue
            h2 = bound[s2]
            if h2 < 0:
                col, row = divmod(s2 >> 1, stride)
                dx, dy = abs(col - gc), abs(row - gr)
                if dx < dy:
                    dx, dy = dy, dx
                half = dy // 2
                if s2 & 1:  # the next diagonal is the dear one
                    h2 = o * (dx - dy) + dear * (dy - half) + o * half
                else:
                    h2 = o * (dx - dy) + o * (dy - half) + dear * half
                bound[s2] = h2
            f2 = g2 + h2
            if f2 > limit:
                continue
            g_at[s2] = g2
            diag_at[s2] = diag + adds
            found = buckets.get(f2)
            if found is None:
                buckets[f2] = [s2]
                push(keys, f2)
            else:
                found.append(s2)
    if goal_f is None:
        return None
    ends = [s for s in (last * 2, last * 2 + 1) if done[s]]
    cheapest = min(g_at[s] for s in ends)
    on_path = {s for s in ends if g_at[s] <= cheapest + EPSILON}
    stack = list(on_path)
    offsets = [dc * stride + dr for dc, dr in DIRECTIONS]
    sides = (0, 1) if parity else (0,)
    steps, known = table.out, table.known_steps
    while stack:
        v = stack.pop()
        to, gv, odd_v = v >> 1, g_at[v], v & 1
        for d, offset in enumerate(offsets):
            frm = to - offset
            if frm == last:
                continue
            for side in sides:
                u = frm * 2 + side
                if not done[u] or u in on_path:
                    continue
                _, even_cost, odd_cost, adds = (known.get(frm) or steps(frm))[d]
                cost = odd_cost if side else even_cost
                if cost < 0:
                    if cost != VOLATILE:
                        continue
                    edge = table.edge(cell_of(frm), cell_of(to), diag_at[u], g_at[u])
                    if edge is None:
                        continue
                    cost, diag2 = edge.cost_ft, edge.diagonals
                else:
                    diag2 = diag_at[u] + adds
                if (diag2 & 1 if parity else 0) != odd_v or abs(g_at[u] + cost - gv) > EPSILON:
                    continue
                on_path.add(u)
                stack.append(u)
    return on_path


def _compiled_unwind(
    table: CompiledSteps,
    state: int,
    back: dict[int, tuple[int, Edge | None]],
    real: dict[int, float],
    diag_at: dict[int, int],
    cost: float,
) -> Found:
    """The path's squares, and its steps as the step function itself words them."""
    states = [state]
    while states[-1] in back:
        states.append(back[states[-1]][0])
    states.reverse()
    cells = tuple(table.cell(s >> 1) for s in states)
    edges: list[Edge] = []
    direction = {dc * table.stride + dr: d for d, (dc, dr) in enumerate(DIRECTIONS)}
    # a step of a kind already worded (the same list of steps, direction and parity)
    # reads as that one did, unless its wording names a square
    worded: dict[tuple[int, int, int], Edge] = {}
    for i, s2 in enumerate(states[1:]):
        s1, edge = back[s2]
        if edge is None:
            frm, diag = s1 >> 1, diag_at[s1]
            steps = table.out(frm)
            d = direction[(s2 >> 1) - frm]
            key = (id(steps), d, diag & 1)
            like = worded.get(key)
            if like is not None:
                edge = Edge(cells[i + 1], like.cost_ft, diag + steps[d][3], like.why, like.hampered)
            else:
                edge = table.edge(cells[i], cells[i + 1], diag, real[s1])
                if edge is None:  # the table and the rules disagree: never, but be exact
                    raise TableFallback
                if (
                    steps[d][1] != VOLATILE
                    and edge.diagonals == diag + steps[d][3]
                    and str(edge.to) not in edge.why
                    and str(cells[i]) not in edge.why
                ):
                    worded[key] = edge
        edges.append(edge)
    return Found(cells, tuple(edges), cost, diag_at[state])


def _compiled_reach(
    table: CompiledSteps,
    start: Cell,
    *,
    budget_ft: float,
    spent_ft: float,
    diagonals: int,
    allowed: Callable[[Cell], bool] | None,
    max_nodes: int,
) -> dict[Cell, float]:
    """``reachable`` over a compiled table: the same costs, in the same order, no call
    into the rules per step. A bucket queue (one list of states per cost) stands in for
    the heap: a bucket is filled in the order the heap would pop it (by the expansion
    that reached each state, then by state, since each square's steps come in the order
    of the squares entered)."""
    first = table.index(start)
    if first is None:
        raise TableFallback
    parity = table.parity
    limit = budget_ft + EPSILON
    cell_of = table.cell
    start_state = first * 2 + (diagonals & 1 if parity else 0)
    best: dict[int, float] = {start_state: spent_ft}
    diag_at: dict[int, int] = {start_state: diagonals}
    buckets: dict[float, list[int]] = {spent_ft: [start_state]}
    keys = [spent_ft]
    found: dict[int, float] = {}
    counter = 0
    pop, push = heapq.heappop, heapq.heappush
    refusals = table.refusals
    known, every = table.every_steps, table.every_out
    inf = float("inf")
    while keys:
        g = keys[0]
        room = limit - g
        # (a list grows under its iterator: a step costing nothing would land here)
        for state in buckets[g]:
            if g > best[state] + EPSILON:
                continue
            here = state >> 1
            if here not in found:
                found[here] = g - spent_ft
            counter += 1
            if counter > max_nodes:
                return table.cells_of(found)
            diag = diag_at[state]
            lists = known.get(here)
            if lists is None:
                lists = every(here)
            for delta, cost, adds in lists[state & 1]:
                s2 = state + delta
                if cost < 0 or allowed is not None:
                    nxt = s2 >> 1
                    if allowed is not None and not allowed(cell_of(nxt)):
                        continue
                    if cost < 0:
                        if cost != VOLATILE:
                            if (nxt, cost) not in refusals:
                                refusals[(nxt, cost)] = (here, diag, g)
                            continue
                        edge = table(cell_of(here), cell_of(nxt), diag, g)
                        if edge is None:
                            continue
                        cost, adds = edge.cost_ft, edge.diagonals - diag
                        s2 = nxt * 2 + (edge.diagonals & 1 if parity else 0)
                if cost > room:
                    continue
                g2 = g + cost
                if g2 < best.get(s2, inf) - EPSILON:
                    best[s2] = g2
                    diag_at[s2] = diag + adds
                    later = buckets.get(g2)
                    if later is None:
                        buckets[g2] = [s2]
                        push(keys, g2)
                    else:
                        later.append(s2)
        pop(keys)
        del buckets[g]
    return table.cells_of(found)
