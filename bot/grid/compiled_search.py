"""The searches over a compiled step table (``CompiledSteps``): ``bot.grid.search``'s
``cheapest_path`` and ``reachable`` with the same ranks, ties and results, reading step
costs from flat tables over integer square indexes instead of asking the rules step
by step. Where a table can't answer, they raise ``TableFallback`` and the reference
search runs instead.

A state is twice the square's index plus the parity of the diagonals counted (0 where
nothing counts).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from bot.grid.cheapest_states import cheapest_states
from bot.grid.compiled_tables import VOLATILE, CompiledSteps, NotInC, TableFallback, bound_ft
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.paths import EPSILON, Edge, Found, Rank, SearchTooLarge, rank


def priced(
    table: CompiledSteps, here: int, nxt: int, code: float, diag: int, spent: float
) -> Edge | None:
    """A step the table gives a code instead of a cost: a refused one is remembered (the
    first time) for the refusal's wording, and None; a ``VOLATILE`` one is asked of the
    step function."""
    if code != VOLATILE:
        if (nxt, code) not in table.refusals:
            table.refusals[(nxt, code)] = (here, diag, spent)
        return None
    return table(table.cell(here), table.cell(nxt), diag, spent)


# ------------------------------------------------------------------ the cheapest path


def compiled_path(
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
    limit = budget_ft + EPSILON
    odd0 = diagonals & 1 if table.parity else 0
    start_state = first * 2 + odd0
    # the lean search first: what the cheapest path costs, and which states lie on a
    # cheapest path; the ranked search below then walks those states alone
    on_cheapest = cheapest_states(
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
    if allowed is None:
        try:
            states = table.ranked_in_c(
                on_cheapest,
                start_state,
                goal,
                spent_ft=spent_ft,
                diagonals=diagonals,
                max_nodes=max_nodes,
                penalty=penalty,
            )
        except NotInC:
            pass
        else:
            return word_path(table, states, {}, spent_ft, diagonals)
    search = _Ranked(table, start, goal, on_cheapest, limit, allowed, penalty)
    search.begin(start_state, spent_ft, diagonals, odd0)
    heap, best, pop = search.heap, search.best, heapq.heappop
    counter = 0
    while heap:
        _, ranked, _, state = pop(heap)
        if ranked > best[state]:
            continue
        if state >> 1 == last:
            return compiled_unwind(table, state, search.back, spent_ft, diagonals)
        counter += 1
        if counter > max_nodes:
            raise SearchTooLarge
        search.expand(state, ranked, counter)
    return None


class _Ranked:
    """The ranked search of ``compiled_path``, over the states on a cheapest path: what
    it has reached, for how much, by which step, and its queue."""

    def __init__(
        self,
        table: CompiledSteps,
        start: Cell,
        goal: Cell,
        on_cheapest: set[int],
        limit: float,
        allowed: Callable[[Cell], bool] | None,
        penalty: Callable[[Cell, Cell], float] | None,
    ) -> None:
        self.table, self.start, self.on_cheapest = table, start, on_cheapest
        self.limit, self.allowed, self.penalty = limit, allowed, penalty
        self.bound = bound_ft(table, goal)
        self.across, self.down = goal.col - start.col, goal.row - start.row
        self.sc, self.sr = start.col + table.pad, start.row + table.pad
        self.best: dict[int, Rank] = {}
        self.real: dict[int, float] = {}
        self.diag_at: dict[int, int] = {}
        self.back: dict[int, tuple[int, Edge | None]] = {}
        self.heap: list[tuple[Rank, Rank, int, int]] = []

    def begin(self, state: int, spent_ft: float, diagonals: int, odd: int) -> None:
        self.best[state] = rank(spent_ft, 0.0, 0, 0)
        self.real[state] = spent_ft
        self.diag_at[state] = diagonals
        estimate = rank(spent_ft + self.bound(state >> 1, odd), 0.0, 0, 0)
        self.heap.append((estimate, self.best[state], 0, state))

    def expand(self, state: int, ranked: Rank, counter: int) -> None:
        """Queue every step from ``state`` onto a cheapest path that ranks better than
        how its square was reached so far."""
        table, allowed, penalty = self.table, self.allowed, self.penalty
        best, real, diag_at, back = self.best, self.real, self.diag_at, self.back
        cell_of, bound, parity = table.cell, self.bound, table.parity
        across, down, sc, sr = self.across, self.down, self.sc, self.sr
        _, avoid, steps, strayed = ranked
        here = state >> 1
        g = real[state]
        diag = diag_at[state]
        odd = diag & 1 if parity else 0
        cell = cell_of(here) if (allowed is not None or penalty is not None) else self.start
        for offset, even_cost, odd_cost, adds in table.out(here):
            nxt = here + offset
            if allowed is not None and not allowed(cell_of(nxt)):
                continue
            cost = odd_cost if odd else even_cost
            edge: Edge | None = None
            if cost < 0:
                if cost != VOLATILE:  # ``priced``, inlined: most steps in a maze
                    refusals = table.refusals  # (asking the step function renews it)
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
            if s2 not in self.on_cheapest:
                continue  # on no cheapest path: it can't win
            known = best.get(s2)
            if known is not None and known[0] < g2 - EPSILON:
                continue  # already reached for less: most steps end here
            h2 = bound(nxt, odd2)  # the exact open-ground cost
            if g2 + h2 > self.limit:
                continue
            col, row = divmod(nxt, table.stride)
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
                heapq.heappush(self.heap, ((round(g2 + h2, 6), *rank2[1:]), rank2, counter, s2))


# ------------------------------------------------------------------- the path's words


def compiled_unwind(
    table: CompiledSteps,
    state: int,
    back: dict[int, tuple[int, Edge | None]],
    spent_ft: float,
    diagonals: int,
) -> Found:
    """The path the ranked search reached ``state`` by (``back``: each state's step)."""
    states = [state]
    given: dict[int, Edge] = {}
    while states[-1] in back:
        came, edge = back[states[-1]]
        if edge is not None:
            given[states[-1]] = edge
        states.append(came)
    states.reverse()
    return word_path(table, states, given, spent_ft, diagonals)


def word_path(
    table: CompiledSteps,
    states: list[int],
    given: dict[int, Edge],
    spent_ft: float,
    diagonals: int,
) -> Found:
    """The path through ``states`` (start first): its squares, its steps as the step
    function itself words them (``given``: the steps into a state it was asked for
    already), what it cost and the diagonals counted, summed step by step as the
    ranked search sums them."""
    squares = [s >> 1 for s in states]
    cells = tuple(map(table.cell, squares))
    edges: list[Edge] = []
    append = edges.append
    direction = {dc * table.stride + dr: d for d, (dc, dr) in enumerate(DIRECTIONS)}
    known, out, parity = table.known_steps, table.out, table.parity
    # a step of a kind already worded (the same list of steps, direction and parity)
    # reads as that one did, unless its wording names a square
    worded: dict[tuple[int, int, int], Edge] = {}
    diag, real = diagonals, spent_ft
    frm = squares[0]
    for i in range(1, len(states)):
        to = squares[i]
        edge = given.get(states[i]) if given else None
        if edge is not None:
            append(edge)
            diag, real, frm = edge.diagonals, real + edge.cost_ft, to
            continue
        steps = known.get(frm) or out(frm)
        d = direction[to - frm]
        _, even_cost, odd_cost, adds = steps[d]
        key = (id(steps), d, diag & 1)
        like = worded.get(key)
        if like is not None:
            edge = Edge(cells[i], like.cost_ft, diag + adds, like.why, like.hampered)
        else:
            edge = table.edge(cells[i - 1], cells[i], diag, real)
            if edge is None:  # the table and the rules disagree: never, but be exact
                raise TableFallback
            if (
                even_cost != VOLATILE
                and edge.diagonals == diag + adds
                and str(edge.to) not in edge.why
                and str(cells[i - 1]) not in edge.why
            ):
                worded[key] = edge
        append(edge)
        real += odd_cost if parity and diag & 1 else even_cost
        diag += adds
        frm = to
    return Found(cells, tuple(edges), real - spent_ft, diag)


# -------------------------------------------------------------------------- the reach


def compiled_reach(
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
                        edge = priced(table, here, nxt, cost, diag, g)
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
