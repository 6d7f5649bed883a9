"""The ranked pass of a long path search with numpy and C (python-tcod), over the states
``c_search.states_in_c`` found on a cheapest path: the path the ranked search of
``bot.grid.compiled_search`` finds, the squares it expands, counted against the cap, and
the refused steps it passes up, remembered as it remembers them.

That search breaks ties among the cheapest paths by a rank (feet, then steps to avoid,
then squares entered, then how far the squares stray from the straight line), popping
states by (estimate, rank, the expansion that queued them, state). Over the states on a
cheapest path every step it can keep is one that costs exactly the difference (the
others reach a state for more than its cheapest), and the rank only grows along those,
so:

- each state's rank is the least over the exact steps into it: the fewest steps to
  avoid, then squares (tcod, a step costing its penalty times more than any count of
  squares, plus one), then, over the steps keeping those, the least straying (tcod, a
  step costing the stray of the state entered, plus one);
- the order the states are expanded in is the order of (estimate, steps to avoid,
  squares, stray, feet, where the state that first ranked it so was expanded, state):
  sorted with numpy, the one key that depends on the order itself settled by sorting
  again until it holds;
- each state's step on the path is from the first expanded of the states that rank it
  so (the first to queue that rank keeps it).

Where an answer isn't exact in whole graph units, this says ``NotInC`` and the Python
search runs. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from bot.grid.compiled_tables import NotInC
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.paths import SearchTooLarge
from bot.rules.engine.c_search import BIG, Cheapest, Graph, _bound, _tcod

if TYPE_CHECKING:
    from bot.rules.engine.compiled import CompiledStep

Penalty = Callable[[Cell, Cell], float]  # the steps to avoid (``compiled_path``'s)
LAST = np.iinfo(np.int64).max  # a position no state is expanded at
SORTS = 8  # sorts to settle the order in before leaving it to Python


def ranked_in_c(
    step: CompiledStep,
    on_cheapest: set[int],
    start_state: int,
    goal: Cell,
    *,
    spent_ft: float,
    diagonals: int,
    max_nodes: int,
    penalty: Penalty | None = None,
) -> list[int]:
    """The states of the path the ranked search finds over ``on_cheapest`` (start
    first); what it passes up is added to ``step.refusals`` as it adds it (when they're
    next read: ``defer_refusals``).
    ``SearchTooLarge`` where it would expand more than ``max_nodes``; ``NotInC`` where
    ``on_cheapest`` wasn't found in C or an answer isn't exact here."""
    if not isinstance(on_cheapest, Cheapest):
        raise NotInC
    graph = on_cheapest.graph
    spent_units = spent_ft / graph.unit_ft
    if spent_units != round(spent_units) or abs(spent_units) >= 2**40:
        raise NotInC  # float sums in another order could differ
    ranks = _Ranks(step, on_cheapest, start_state, goal, penalty)
    order, pos, came = ranks.order()
    first_end = min(ranks.ends, key=lambda end: int(pos[end]))
    expanded = int(pos[first_end])  # every state before the goal's first
    _refusals(ranks, order[: min(expanded, max_nodes)], pos, came, spent_ft, diagonals)
    if expanded > max_nodes:
        raise SearchTooLarge
    return ranks.path(first_end, came)


class _Ranks:
    """Every state's rank over the exact steps. The states on a cheapest path are
    numbered 0 to n - 1 (in the order of their flat indexes into the graph's arrays:
    ``flat``); per edge rule, ``came`` holds each one's state stepped from by that rule
    for exactly the difference (-1: none), then ``fewest`` and ``best`` which of those
    steps keep the fewest squares, and also the least straying."""

    def __init__(
        self,
        step: CompiledStep,
        cheapest: Cheapest,
        start_state: int,
        goal: Cell,
        penalty: Penalty | None,
    ) -> None:
        graph: Graph = cheapest.graph
        self.graph, self.step = graph, step
        self.shape = _, columns, stride = graph.shape
        self.keys = list(graph.rules)
        col, row = divmod(start_state >> 1, stride)
        self.flat = flat = np.flatnonzero(cheapest.on)
        self.size = size = cheapest.on.size
        number = np.full(size, -1, np.int64)
        number[flat] = np.arange(len(flat))
        self.start = int(number[np.ravel_multi_index((start_state & 1, col, row), self.shape)])
        self.ends = [int(number[np.ravel_multi_index(end, self.shape)]) for end in cheapest.ends]
        self.dist = dist = cheapest.dist.ravel()[flat]
        layer, cols, rows = np.unravel_index(flat, self.shape)
        self.states = (cols * stride + rows) * 2 + layer
        came = []
        for (dz, dc, dr), cost in graph.rules.items():
            at = cost.ravel()[flat]
            stepped = number[(flat - (dz * columns + dc) * stride - dr) % size]
            exact = (at > 0) & (stepped >= 0) & (dist[stepped] + at == dist)
            came.append(np.where(exact, stepped, -1))
        self.came = np.array(came).reshape(len(came), len(flat))
        avoid, steps, dear = self._fewest(penalty)
        gc, gr = goal.col + step.pad, goal.row + step.pad
        stray = np.abs((gc - col) * (rows - row) - (gr - row) * (cols - col))
        if (int(stray.max(initial=0)) + 1) * (int(steps.max(initial=0)) + 1) >= BIG:
            raise NotInC  # the straying could overflow tcod's distances
        before = np.maximum(self.came, 0)
        self.fewest = (self.came >= 0) & (steps[before] + 1 == steps)
        self.fewest &= avoid[before] + dear == avoid
        strayed = self._least(self.fewest, np.broadcast_to(stray + 1, self.came.shape)) - steps
        self.best = self.fewest & (strayed[before] + stray == strayed)
        bound = _bound(step, self.shape, gc, gr).ravel()[flat]
        self.sort_keys = (
            dist,
            strayed,
            steps,
            avoid,
            dist + np.rint(bound / graph.unit_ft).astype(np.int64),
        )

    def _fewest(self, penalty: Penalty | None) -> tuple[Any, Any, Any]:
        """Each state's least steps to avoid and then fewest squares over the exact
        steps (one tcod pass: a step costs its penalty times more than any count of
        squares, plus one), and each exact step's penalty (per rule, per state)."""
        taken = self.came >= 0
        if penalty is None:
            dear = np.zeros(self.came.shape, np.int64)
            return np.zeros(len(self.flat), np.int64), self._least(taken, None), dear
        rule, at = np.nonzero(taken)
        cell = self.step.cell
        left = (self.states[self.came[rule, at]] >> 1).tolist()
        entered = (self.states[at] >> 1).tolist()
        found = np.array([penalty(cell(a), cell(b)) for a, b in zip(left, entered, strict=True)])
        if len(found) and ((found != np.round(found)).any() or found.min() < 0):
            raise NotInC  # a penalty not in whole non-negative counts
        dear = np.zeros(self.came.shape, np.int64)
        dear[rule, at] = found
        weight = len(self.flat) + 1  # more than any count of squares
        if len(self.flat) * (int(dear.max(initial=0)) * weight + 1) >= BIG:
            raise NotInC  # the sum could overflow tcod's distances
        avoid, steps = np.divmod(self._least(taken, dear * weight + 1), weight)
        return avoid, steps, dear

    def _least(self, steps: Any, cost: Any | None) -> Any:
        """tcod's least cost from the start over ``steps`` (per rule, per state entered),
        each costing ``cost`` (likewise; one where None), per state."""
        tcod_path = _tcod()
        graph = tcod_path.CustomGraph(self.shape)
        for k, (key, taken) in enumerate(zip(self.keys, steps, strict=True)):
            if taken.any():
                each = np.zeros(self.size, np.int8 if cost is None else np.int32)
                each[self.flat[taken]] = 1 if cost is None else cost[k][taken]
                graph.add_edge(key, 1, cost=each.reshape(self.shape))
        finder = tcod_path.Pathfinder(graph)
        finder.add_root(np.unravel_index(self.flat[self.start], self.shape))
        finder.resolve()
        found = finder.distance.ravel()[self.flat].astype(np.int64)
        if (found == BIG).any():
            raise NotInC  # never: every state on a cheapest path is reached by exact steps
        return found

    def order(self) -> tuple[Any, Any, Any]:
        """The states in the order they're expanded, each one's position in it, and
        each one's state stepped from on the path (-1 at the start)."""
        dist, strayed, steps, avoid, estimate = self.sort_keys
        order = np.lexsort((self.states, dist, strayed, steps, avoid, estimate))
        pos = np.empty(len(order), np.int64)
        rows = np.arange(len(order))
        for _ in range(SORTS):
            pos[order] = rows
            # the first expanded of the states ranking each one best
            when = np.where(self.best, pos[np.maximum(self.came, 0)], LAST)
            rule = when.argmin(axis=0)
            first = when[rule, rows]
            first[self.start] = -1
            again = np.lexsort((self.states, first, dist, strayed, steps, avoid, estimate))
            if np.array_equal(again, order):
                came = self.came[rule, rows]
                came[self.start] = -1
                return order, pos, came
            order = again
        raise NotInC  # ties too deep to settle here

    def path(self, end: int, came: Any) -> list[int]:
        """The states from the start to ``end``, each stepped from the one before."""
        before = came.tolist()
        at, numbers = end, [end]
        while at != self.start:
            at = before[at]
            if at < 0 or len(numbers) > len(before):
                raise NotInC  # never: each state on the path was stepped into
            numbers.append(at)
        numbers.reverse()
        states: list[int] = self.states[numbers].tolist()
        return states


def _refusals(
    ranks: _Ranks, shown: Any, pos: Any, came: Any, spent_ft: float, diagonals: int
) -> None:
    """The refused steps from the states ``shown`` (in the order expanded), each
    remembered the first time as the ranked search remembers it: (square entered,
    code) -> (square left, diagonals counted, feet spent)."""
    if not len(shown):
        return
    graph = ranks.graph
    stride = graph.shape[2]
    square = ranks.states[shown] >> 1
    layer = ranks.states[shown] & 1
    codes = graph.steps.codes[graph.steps.row_of[square], :, layer]
    if not codes.any():
        return
    counted = _diagonals(ranks, shown, pos, came, diagonals)
    offsets = np.array([dc * stride + dr for dc, dr in DIRECTIONS])
    at, d = np.nonzero(codes)  # in the order expanded, then of the directions
    entered = square[at] + offsets[d]
    code = codes[at, d].astype(np.int64)
    key = entered * 8 - code  # one number per (square entered, code)
    first = np.full(int(key.max()) + 1, len(key), np.int64)
    np.minimum.at(first, key, np.arange(len(key)))
    once = np.flatnonzero(first[key] == np.arange(len(key)))  # in order
    at, entered, code = at[once], entered[once], code[once]
    feet = spent_ft + ranks.dist[shown[at]] * graph.unit_ft
    passed = (entered, code.astype(np.float64), square[at], counted[at], feet)
    step = ranks.step
    step.defer_refusals(lambda: _remember(step.refusals, *passed))


def _diagonals(ranks: _Ranks, shown: Any, pos: Any, came: Any, diagonals: int) -> Any:
    """The diagonals counted at each of the states ``shown`` (the first expanded, in
    order), along its steps from the start: summed by pointer jumping."""
    stride = ranks.graph.shape[2]
    before = came[shown]
    start = before < 0
    left = ranks.states[np.maximum(before, 0)] >> 1
    entered = ranks.states[shown] >> 1
    direction = {dc * stride + dr: d for d, (dc, dr) in enumerate(DIRECTIONS)}
    moved = np.array([direction.get(o, 0) for o in range(-stride - 1, stride + 2)])
    d = moved[np.clip(entered - left + stride + 1, 0, 2 * stride + 2)]
    steps = ranks.graph.steps
    added = steps.adds[steps.row_of[left], d]
    total = np.where(start, diagonals, added).astype(np.int64)
    up = np.where(start, -1, pos[np.maximum(before, 0)])
    while (up >= 0).any():
        jumps = up >= 0
        total = total + np.where(jumps, total[up], 0)
        up = np.where(jumps, up[up], -1)
    return total


def _remember(refusals: dict[Any, Any], *passed: Any) -> None:
    """Add the refused steps ``passed`` up (squares entered, codes, squares left,
    diagonals, feet: arrays, in order) to ``refusals``, each not there yet."""
    entered, code, left, counted, feet = (values.tolist() for values in passed)
    found = dict(
        zip(
            zip(entered, code, strict=True),
            zip(left, counted, feet, strict=True),
            strict=True,
        )
    )
    for kept in refusals.keys() & found.keys():  # the first remembered stays
        del found[kept]
    refusals.update(found)
