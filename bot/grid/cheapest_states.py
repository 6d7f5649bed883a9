"""Which states lie on a cheapest path over a compiled step table: the lean search
``compiled_path`` runs first (an A* over feet alone), so that its ranked search, which
breaks ties among equally cheap paths, walks those states alone.

A state is twice the square's index plus the parity of the diagonals counted.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from bot.grid.compiled_tables import VOLATILE, CompiledSteps, NotInC, bound_ft
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.paths import EPSILON, SearchTooLarge


@dataclass
class _Lean:
    """The lean search's reckoning, by state: the feet it reached it for, the diagonals
    counted then, and whether it was expanded."""

    g_at: list[float]
    diag_at: list[int]
    done: bytearray


def cheapest_states(
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
    probe = table.lean_probe() if allowed is None else None
    if probe is not None and probe < max_nodes:
        # a search that floods (a maze, a cluttered map) is answered in C past a few
        # thousand states; one on open ground is over long before
        try:
            return _in_python(
                table, start_state, last, goal, limit, spent_ft, diagonals, None, probe
            )
        except SearchTooLarge:
            pass
        try:
            return table.states_in_c(
                start_state, last, goal, limit=limit, spent_ft=spent_ft, max_nodes=max_nodes
            )
        except NotInC:
            pass
    return _in_python(
        table, start_state, last, goal, limit, spent_ft, diagonals, allowed, max_nodes
    )


def _in_python(
    table: CompiledSteps,
    start_state: int,
    last: int,
    goal: Cell,
    limit: float,
    spent_ft: float,
    diagonals: int,
    allowed: Callable[[Cell], bool] | None,
    max_nodes: int,
) -> set[int] | None:
    states = 2 * table.squares
    lean = _Lean([float("inf")] * states, [0] * states, bytearray(states))
    lean.g_at[start_state], lean.diag_at[start_state] = spent_ft, diagonals
    if not _lean_search(
        table, lean, start_state, last, goal, limit=limit, allowed=allowed, max_nodes=max_nodes
    ):
        return None
    return _walk_back(table, lean, last)


def _lean_search(
    table: CompiledSteps,
    lean: _Lean,
    start_state: int,
    last: int,
    goal: Cell,
    *,
    limit: float,
    allowed: Callable[[Cell], bool] | None,
    max_nodes: int,
) -> bool:
    """The A* over feet alone, from ``start_state`` until no state can still reach the
    goal as cheaply: whether the goal was reached within ``limit``."""
    g_at, diag_at, done = lean.g_at, lean.diag_at, lean.done
    open_ground = bound_ft(table, goal)
    out, opened = table.open_out, table.open_steps
    bound = [-1.0] * len(g_at)  # each state's exact open-ground cost to the goal
    bound[start_state] = 0.0  # never read again: the start is expanded first
    spent_ft = g_at[start_state]
    buckets: dict[float, list[int]] = {spent_ft: [start_state]}
    keys = [spent_ft]  # the estimates with a bucket, as a heap
    pop, push = heapq.heappop, heapq.heappush
    inf = float("inf")
    goal_f = inf  # the estimate the goal was first reached at
    counter = 0
    while keys:
        f = keys[0]
        bucket = buckets[f]
        if not bucket:
            pop(keys)
            del buckets[f]
            continue
        if f > goal_f + 1e-6:
            break  # nothing left can arrive as cheaply
        state = bucket.pop()
        g = g_at[state]
        if done[state] or g + bound[state] < f - 1e-6:
            continue  # expanded already, or since reached for less
        done[state] = 1
        here = state >> 1
        if here == last:
            goal_f = f if goal_f == inf else goal_f  # the first time it is reached
            continue
        counter += goal_f == inf  # the cap counts until the goal is reached
        if counter > max_nodes:
            raise SearchTooLarge
        diag = diag_at[state]
        lists = opened.get(here)
        if lists is None:
            lists = out(here)
        for delta, cost, adds in lists[state & 1]:
            s2 = state + delta
            if cost < 0 or allowed is not None:
                taken = _lean_step(table, here, s2, cost, adds, diag, g, allowed)
                if taken is None:
                    continue
                cost, adds, s2 = taken
            g2 = g + cost
            if g_at[s2] < g2 + EPSILON:
                continue
            h2 = bound[s2]
            if h2 < 0:
                h2 = bound[s2] = open_ground(s2 >> 1, s2 & 1)
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
    return goal_f != inf


def _lean_step(
    table: CompiledSteps,
    here: int,
    s2: int,
    cost: float,
    adds: int,
    diag: int,
    spent: float,
    allowed: Callable[[Cell], bool] | None,
) -> tuple[float, int, int] | None:
    """A step the lean search can't take on the table's word alone: into a square
    ``allowed`` may refuse, or one whose cost the step function gives (``VOLATILE``):
    its cost, the diagonals it adds and the state it enters, or None."""
    nxt = s2 >> 1
    if allowed is not None and not allowed(table.cell(nxt)):
        return None
    if cost >= 0:
        return cost, adds, s2
    edge = table.edge(table.cell(here), table.cell(nxt), diag, spent)
    if edge is None:
        return None
    odd = edge.diagonals & 1 if table.parity else 0
    return edge.cost_ft, edge.diagonals - diag, nxt * 2 + odd


def _walk_back(table: CompiledSteps, lean: _Lean, last: int) -> set[int]:
    """From the goal's cheapest states back over the expanded states whose step into a
    state on a cheapest path costs exactly the difference."""
    g_at, done = lean.g_at, lean.done
    ends = [s for s in (last * 2, last * 2 + 1) if done[s]]
    cheapest = min(g_at[s] for s in ends)
    on_path = {s for s in ends if g_at[s] <= cheapest + EPSILON}
    stack = list(on_path)
    offsets = [dc * table.stride + dr for dc, dr in DIRECTIONS]
    sides = (0, 1) if table.parity else (0,)
    while stack:
        v = stack.pop()
        to = v >> 1
        for d, offset in enumerate(offsets):
            frm = to - offset
            if frm == last:
                continue
            for side in sides:
                u = frm * 2 + side
                if not done[u] or u in on_path:
                    continue
                if _steps_onto(table, lean, u, d, v):
                    on_path.add(u)
                    stack.append(u)
    return on_path


def _steps_onto(table: CompiledSteps, lean: _Lean, u: int, d: int, v: int) -> bool:
    """Whether the step from state ``u`` in direction ``d`` enters state ``v`` for
    exactly the difference in what each was reached for."""
    frm, to = u >> 1, v >> 1
    g_at, diag_at = lean.g_at, lean.diag_at
    _, even_cost, odd_cost, adds = (table.known_steps.get(frm) or table.out(frm))[d]
    cost = odd_cost if u & 1 else even_cost
    if cost < 0:
        if cost != VOLATILE:
            return False
        edge = table.edge(table.cell(frm), table.cell(to), diag_at[u], g_at[u])
        if edge is None:
            return False
        cost, diag2 = edge.cost_ft, edge.diagonals
    else:
        diag2 = diag_at[u] + adds
    odd2 = diag2 & 1 if table.parity else 0
    return odd2 == v & 1 and abs(g_at[u] + cost - g_at[v]) <= EPSILON
