"""The ranked pass of a long path search with numpy and C (python-tcod), over the states
``c_search.states_in_c`` found on a cheapest path: the path the ranked search of
``bot.grid.compiled_search`` finds, the squares it expands, counted against the cap, and
the refused steps it passes up, remembered as it remembers them.

That search breaks ties among the cheapest paths by a rank (feet, then squares
entered, then how far the squares stray from the straight line), popping states by
(estimate, rank, the expansion that queued them, state). Over the states on a cheapest
path every step it can keep is one that costs exactly the difference (the others reach
a state for more than its cheapest), and the rank only grows along those, so:

- each state's rank is the least over the exact steps into it: the fewest squares
  (tcod, a step costing one), then, over the steps keeping that, the least straying
  (tcod, a step costing the stray of the state entered, plus one);
- the order the states are expanded in is the order of (estimate, squares, stray, feet,
  where the state that first ranked it so was expanded, state): sorted with numpy, the
  one key that depends on the order itself settled by sorting again until it holds;
- each state's step on the path is from the first expanded of the states that rank it
  so (the first to queue that rank keeps it).

Where an answer isn't exact in whole graph units, this says ``NotInC`` and the Python
search runs. Pure: no Discord, no database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from bot.grid.compiled_tables import NotInC
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.paths import SearchTooLarge
from bot.rules.engine.c_search import BIG, Cheapest, Graph, _bound, _tcod

if TYPE_CHECKING:
    from bot.rules.engine.compiled import CompiledStep

LAST = np.iinfo(np.int64).max  # a position no state is expanded at
SORTS = 8  # sorts to settle the order in before leaving it to Python
AXES = (0, 1, 2)


def ranked_in_c(
    step: CompiledStep,
    on_cheapest: set[int],
    start_state: int,
    goal: Cell,
    *,
    spent_ft: float,
    diagonals: int,
    max_nodes: int,
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
    ranks = _Ranks(step, on_cheapest, start_state, goal)
    order, pos, back_rule = ranks.order()
    where = pos.ravel()
    first_end = min(on_cheapest.ends, key=lambda end: int(pos[end]))
    expanded = int(pos[first_end])  # every state before the goal's first
    shown = order[: min(expanded, max_nodes)]
    _refusals(ranks, shown, back_rule, where, spent_ft, diagonals)
    if expanded > max_nodes:
        raise SearchTooLarge
    return ranks.path(first_end, back_rule)


class _Ranks:
    """Every state's rank over the exact steps (flat arrays shaped as the graph)."""

    def __init__(
        self, step: CompiledStep, cheapest: Cheapest, start_state: int, goal: Cell
    ) -> None:
        graph: Graph = cheapest.graph
        self.graph, self.step = graph, step
        self.shape = _, columns, stride = graph.shape
        self.keys = list(graph.rules)
        self.offsets = [dz * columns * stride + dc * stride + dr for dz, dc, dr in self.keys]
        col, row = divmod(start_state >> 1, stride)
        self.start = (start_state & 1, col, row)
        gc, gr = goal.col + step.pad, goal.row + step.pad
        self.on, dist = cheapest.on, cheapest.dist
        g = np.where(self.on, dist, -(1 << 40))
        exact = [
            (cost > 0) & (np.roll(g, key, axis=AXES) + cost == g)
            for key, cost in graph.rules.items()
        ]
        steps = self._least(exact, None)
        _, cols, rows = np.indices(self.shape, sparse=True)
        stray = np.abs((gc - col) * (rows - row) - (gr - row) * (cols - col))
        most = int(stray.max(initial=0)) + 1
        if most * (int(steps[self.on].max(initial=0)) + 1) >= BIG:
            raise NotInC  # the straying could overflow tcod's distances
        fewest = [
            e & (np.roll(steps, key, axis=AXES) + 1 == steps)
            for e, key in zip(exact, self.keys, strict=True)
        ]
        stray1 = np.broadcast_to(stray + 1, self.shape).astype(np.int32)
        strayed = self._least(fewest, stray1) - steps
        self.best = [
            f & (np.roll(strayed, key, axis=AXES) + stray == strayed)
            for f, key in zip(fewest, self.keys, strict=True)
        ]
        bound_units = np.rint(_bound(step, self.shape, gc, gr) / graph.unit_ft).astype(np.int64)
        self.flat = np.flatnonzero(self.on)
        layer, c, r = np.unravel_index(self.flat, self.shape)
        self.states = (c * stride + r) * 2 + layer
        at = self.flat
        self.all_dist = dist.ravel()
        self.dist = self.all_dist[at]
        self.sort_keys = (
            self.dist,
            strayed.ravel()[at],
            steps.ravel()[at],
            self.dist + bound_units.ravel()[at],
        )

    def _least(self, steps: list[Any], cost: Any | None) -> Any:
        """tcod's least cost from the start over ``steps`` (masks at the state
        entered), each costing ``cost`` at the state entered (one where None)."""
        tcod_path = _tcod()
        graph = tcod_path.CustomGraph(self.shape)
        for key, mask in zip(self.keys, steps, strict=True):
            if mask.any():
                each = mask.view(np.int8) if cost is None else np.where(mask, cost, 0)
                graph.add_edge(key, 1, cost=each.astype(np.int32 if cost is not None else np.int8))
        finder = tcod_path.Pathfinder(graph)
        finder.add_root(self.start)
        finder.resolve()
        found = finder.distance.astype(np.int64)
        if (found[self.on] == BIG).any():
            raise NotInC  # never: every state on a cheapest path is reached by exact steps
        return found

    def _first(self, pos: Any) -> tuple[Any, Any]:
        """Per state, the position of the first expanded of the states ranking it
        best, and the rule of that step (-1 at the start)."""
        first = np.full(self.shape, LAST, np.int64)
        rule = np.full(self.shape, -1, np.int8)
        for i, (key, best) in enumerate(zip(self.keys, self.best, strict=True)):
            came = np.where(best, np.roll(pos, key, axis=AXES), LAST)
            earlier = came < first
            first = np.where(earlier, came, first)
            rule[earlier] = i
        return first, rule

    def order(self) -> tuple[Any, Any, Any]:
        """The states in the order they're expanded (flat indexes), each state's
        position in it (``LAST`` off the cheapest paths), and each one's step's rule."""
        dist, strayed, steps, estimate = self.sort_keys
        order = np.lexsort((self.states, dist, strayed, steps, estimate))
        pos = np.full(self.shape, LAST, np.int64)
        for _ in range(SORTS):
            pos.ravel()[self.flat[order]] = np.arange(len(order))
            first, rule = self._first(pos)
            came = first.ravel()[self.flat]
            came[came == LAST] = -1  # the start
            again = np.lexsort((self.states, came, dist, strayed, steps, estimate))
            if np.array_equal(again, order):
                return self.flat[order], pos, rule
            order = again
        raise NotInC  # ties too deep to settle here

    def path(self, end: tuple[int, int, int], rule: Any) -> list[int]:
        """The states from the start to ``end``, each from its step's rule."""
        rules, offsets = rule.ravel(), self.offsets
        at = int(np.ravel_multi_index(end, self.shape))
        start = int(np.ravel_multi_index(self.start, self.shape))
        flats = [at]
        while at != start:
            at -= offsets[rules[at]]
            flats.append(at)
        flats.reverse()
        layer, c, r = np.unravel_index(np.array(flats), self.shape)
        states: list[int] = ((c * self.shape[2] + r) * 2 + layer).tolist()
        return states


def _refusals(
    ranks: _Ranks, shown: Any, rule: Any, where: Any, spent_ft: float, diagonals: int
) -> None:
    """The refused steps from the states ``shown`` (flat, in the order expanded), each
    remembered the first time as the ranked search remembers it: (square entered,
    code) -> (square left, diagonals counted, feet spent)."""
    if not len(shown):
        return
    graph = ranks.graph
    layers, _, stride = graph.shape
    layer, col, row = np.unravel_index(shown, graph.shape)
    square = col * stride + row
    codes = graph.steps.codes[graph.steps.row_of[square], :, layer if layers > 1 else 0]
    if not codes.any():
        return
    counted = _diagonals(ranks, shown, rule, where, diagonals)
    offsets = np.array([dc * stride + dr for dc, dr in DIRECTIONS])
    at, d = np.nonzero(codes)  # in the order expanded, then of the directions
    entered = square[at] + offsets[d]
    code = codes[at, d].astype(np.int64)
    key = entered * 8 - code  # one number per (square entered, code)
    first = np.full(int(key.max()) + 1, len(key), np.int64)
    np.minimum.at(first, key, np.arange(len(key)))
    once = np.flatnonzero(first[key] == np.arange(len(key)))  # in order
    at, entered, code = at[once], entered[once], code[once]
    feet = spent_ft + ranks.all_dist[shown[at]] * graph.unit_ft
    passed = (entered, code.astype(np.float64), square[at], counted[at], feet)
    step = ranks.step
    step.defer_refusals(lambda: _remember(step.refusals, *passed))


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


def _diagonals(ranks: _Ranks, shown: Any, rule: Any, where: Any, diagonals: int) -> Any:
    """The diagonals counted at each of the states ``shown`` (the first expanded, in
    order), along its steps from the start: summed by pointer jumping."""
    graph = ranks.graph
    stride = graph.shape[2]
    direction = np.array([DIRECTIONS.index((dc, dr)) for _, dc, dr in ranks.keys] or [0])
    rules = rule.ravel()[shown].astype(np.int64)
    first = rules < 0  # the start
    rules[first] = 0
    came = shown - np.array(ranks.offsets or [0])[rules]
    _, col, row = np.unravel_index(came, graph.shape)
    added = graph.steps.adds[graph.steps.row_of[col * stride + row], direction[rules]]
    total = np.where(first, diagonals, added).astype(np.int64)
    up = np.where(first, -1, where[came])
    while (up >= 0).any():
        jumps = up >= 0
        total = total + np.where(jumps, total[up], 0)
        up = np.where(jumps, up[up], -1)
    return total
