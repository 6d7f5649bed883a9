"""The lean stage of a long path search in C (python-tcod), over a compiled step table.

``bot.grid.cheapest_states`` first finds which states (square, parity of the diagonals
counted) lie on some cheapest path; a search that floods (a maze, a cluttered map) spends
most of its time there. Here the same answer comes from a graph kept per compiled table:
the padded map in one layer per parity, one edge rule per (layer change, direction), each
square's cost read from the table (``engine/compiled.py``): a forward A* gives every
state's cost from the start, then the steps that cost exactly the difference are
followed back from the goal. Costs are counted in eighths of the cheapest step, and the
heuristic is 7 per square (tcod's heuristic is linear, so it can't be the exact 1-2-1-2
bound), so every state on a cheapest path is closed, with its exact cost, before the
goal is. The cap on squares expanded is decided as the Python search would count it,
from the same exact bound; where that count can't be told, the caller runs the Python
search (``NotInC``).

Only a table whose every cost is a whole number of feet and none ``VOLATILE`` is searched
here; the ranked search that breaks ties stays in Python (``bot.grid.compiled_search``).
Pure: no Discord, no database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import numpy as np

from bot.grid.compiled_tables import VOLATILE, NotInC, TableFallback
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.paths import SearchTooLarge
from bot.rules.engine import c_kept

if TYPE_CHECKING:
    from bot.rules.engine.compiled import CompiledStep

SCALE = 8  # graph units per the table's cheapest step
HEURISTIC = SCALE - 1  # per square: below every step, so ties close before the goal
BIG = np.iinfo(np.int32).max  # tcod's distance where a state wasn't reached
TOLERANCE = 1e-6  # as the Python search compares its estimates

Rules = dict[tuple[int, int, int], Any]  # (layer change, columns, rows): cost where entered


class MapSteps:
    """The table's steps by map square, as the ranked pass (``c_ranked.py``) reads
    them: the code of each refused step (shape (squares, 8, 2): after an even, an odd
    count; 0 where taken), the diagonals each step adds (squares, 8), and each padded
    square's row in those (-1 off the map)."""

    def __init__(self, codes: Any, adds: Any, row_of: Any) -> None:
        self.codes, self.adds, self.row_of = codes, adds, row_of


class Cheapest(set[int]):
    """The states on a cheapest path, as ``states_in_c`` found them, with what it found
    them by: the graph, every state's cost from the start (graph units, shape
    ``graph.shape``), which states these are (the same shape), and the goal's cheapest
    states."""

    def __init__(
        self, states: set[int], graph: Graph, dist: Any, on: Any, ends: list[tuple[int, int, int]]
    ) -> None:
        super().__init__(states)
        self.graph, self.dist, self.on, self.ends = graph, dist, on, ends


def _tcod() -> Any:
    """tcod's path module (imported on the first search that floods), or None."""
    try:
        import tcod.path
    except ImportError:  # pragma: no cover - a dependency; without it, Python
        return None
    return tcod.path


class Graph:
    """One compiled table as tcod's graph: the cost of every step, per edge rule, read
    at the state entered (tcod's convention), and the forward graph over them."""

    def __init__(
        self, rules: Rules, shape: tuple[int, int, int], unit_ft: float, steps: MapSteps
    ) -> None:
        self.rules, self.shape, self.unit_ft = rules, shape, unit_ft
        self.steps = steps  # what the ranked pass reads of the table (``c_ranked.py``)
        self.forward = _tcod().CustomGraph(shape)
        for key, cost in rules.items():
            self.forward.add_edge(key, 1, cost=cost)
        self.forward.set_heuristic(cardinal=HEURISTIC, diagonal=HEURISTIC)
        self.lock = threading.Lock()  # one search at a time over the graph


def graph_of(step: CompiledStep) -> Graph | None:
    """The kept graph of this table, built if need be, or None where the table can't be
    searched in C."""
    table = step.table
    with _LOCK:
        kept = _GRAPHS.get(id(table))
        if kept is not None and kept[0] is table:
            _GRAPHS.move_to_end(id(table))
            return kept[1]
    made = _build(step)
    with _LOCK:
        _GRAPHS[id(table)] = (table, made)
        while len(_GRAPHS) > GRAPHS_KEPT:
            _GRAPHS.popitem(last=False)
    return made


def is_kept(step: CompiledStep) -> bool | None:
    """Whether this table's graph is kept, or another board's of the same map and mover
    context (patched where creatures are near: cheap); None where the table was found
    not to be searched in C."""
    with _LOCK:
        kept = _GRAPHS.get(id(step.table))
        if kept is not None and kept[0] is step.table:
            return None if kept[1] is None else True
    return _terrain_of(step.table.shared) is not None


_LOCK = threading.Lock()
_GRAPHS: OrderedDict[int, tuple[object, Graph | None]] = OrderedDict()
GRAPHS_KEPT = 4  # a graph at 200² is ~4 MB of costs


def _build(step: CompiledStep) -> Graph | None:
    """This table's graph: from the last one built for the map and mover context where
    there is one (``c_kept``: only the squares whose steps differ laid in again)."""
    if _tcod() is None:
        return None
    try:
        kinds = _kinds(step)
    except TableFallback:  # a kind the table can't hold, maybe where no search goes
        return None
    if kinds is None:
        return None
    costs, adds = kinds
    floor = step.floor_ft
    if floor <= 0 or floor != round(floor):
        return None
    layout = step.table.map.layout
    shape = (2 if step.parity else 1, layout.size // layout.stride, layout.stride)
    shared = step.table.shared
    built = c_kept.built_for(shared, costs, shape, floor / SCALE)
    idx = _map_indices(layout)
    if built is None:
        rows, rules, top = np.arange(len(idx)), {}, 0
        codes = np.zeros(costs.shape, np.int8)
    else:
        rows = built.changed(costs, adds)
        if not len(rows):
            c_kept.keep(shared, built)
            return built.graph  # every step the same: the same graph
        rules = {key: cost.copy() for key, cost in built.graph.rules.items()}
        codes, top = built.graph.steps.codes.copy(), built.top
    units = _units(costs[rows], floor)
    if units is None:
        return None
    top = max(top, int(units.max(initial=0)))
    if top * 4 * layout.size >= BIG:
        return None
    _lay(rules, shape, idx[rows], units, adds[rows], step.parity)
    codes[rows] = np.where(costs[rows] < 0, costs[rows], 0)
    row_of = np.full(layout.size, -1, np.int64)
    row_of[idx] = np.arange(len(idx))
    graph = Graph(rules, shape, floor / SCALE, MapSteps(codes, adds.astype(np.int8), row_of))
    c_kept.keep(shared, c_kept.Built(graph, costs, adds, top))
    return graph


def _units(costs: Any, floor: float) -> Any:
    """The costs in graph units (0: no such step), or None where one isn't exact."""
    if (costs != np.round(costs)).any():
        return None  # a cost in fractions of a foot (5e-alt's euclidean diagonals)
    scaled = np.where(costs > 0, costs * SCALE / floor, 0.0)
    if (scaled != np.round(scaled)).any():
        return None  # a cost in no whole eighth of the cheapest step: not exact in C
    return scaled.astype(np.int64)


def _lay(
    rules: Rules, shape: tuple[int, int, int], idx: Any, units: Any, adds: Any, parity: bool
) -> None:
    """Lay the steps from the squares ``idx`` (padded indexes; their costs in units and
    diagonals added) into the rules' costs, each at the state entered."""
    layers, _, stride = shape
    cols, rows = np.divmod(idx, stride)
    for d, (dc, dr) in enumerate(DIRECTIONS):
        for layer in range(layers):
            for odd in (0, 1) if parity else (0,):
                to = layer ^ odd if parity else 0
                picked = (adds[:, d] & 1) == odd if parity else adds[:, d] >= 0
                cost = np.where(picked, units[:, d, layer], 0).astype(np.int32)
                key = (to - layer, dc, dr)
                entered = rules.get(key)
                if entered is None:
                    if not cost.any():
                        continue
                    entered = rules[key] = np.zeros(shape, np.int32)
                entered[to, cols + dc, rows + dr] = cost


def _map_indices(layout: Any) -> Any:
    cols = np.arange(layout.width) + layout.pad
    rows = np.arange(layout.height) + layout.pad
    return (cols[:, None] * layout.stride + rows[None, :]).ravel()


def _kinds(step: CompiledStep) -> tuple[Any, Any] | None:
    """Every map square's steps: cost (shape (squares, 8, 2): after an even, an odd count)
    and diagonals added (squares, 8), in the order of ``_map_indices``; None where a cost
    depends on what was spent or the map has no packed kinds. The squares no creature is
    near are read from the last board of the map and mover context where they were too
    (kept by the table's terrain steps, by identity); the others are asked."""
    table = step.table
    compiled = table.map
    packed = compiled.keys()
    if packed is None:
        return None
    idx = _map_indices(compiled.layout)
    near = np.isin(idx, np.fromiter(compiled.near_occupied, np.int64))
    costs = np.zeros((len(idx), 8, 2))
    adds = np.zeros((len(idx), 8), np.int8)
    todo = ~near
    kept = _terrain_of(table.shared)
    if kept is not None:
        kept_costs, kept_adds, kept_valid = kept
        reuse = kept_valid & ~near
        costs[reuse], adds[reuse] = kept_costs[reuse], kept_adds[reuse]
        todo &= ~kept_valid
    _terrain_kinds(step, idx, todo, costs, adds)
    if table.shared is not None:
        valid = ~near if kept is None else (~near | kept_valid)
        terrain_costs, terrain_adds = costs.copy(), adds.copy()
        if kept is not None:
            back = kept_valid & near  # near a creature now, not on the board kept
            terrain_costs[back], terrain_adds[back] = kept_costs[back], kept_adds[back]
        _keep_terrain(table.shared, (terrain_costs, terrain_adds, valid))
    for i in np.nonzero(near)[0].tolist():
        for d, (_, even, odd, added) in enumerate(step.out(int(idx[i]))):
            costs[i, d] = (even, odd)
            adds[i, d] = added
    if (costs == VOLATILE).any():
        return None
    return costs, adds


def _terrain_kinds(step: CompiledStep, idx: Any, todo: Any, costs: Any, adds: Any) -> None:
    """Fill in the steps of the squares ``todo`` (none near a creature) from the table's
    kinds by packed key, asking the rules for a kind no table has met."""
    table = step.table
    compiled = table.map
    packed = compiled.keys()
    far = idx[todo]
    if not len(far):
        return
    for d, offset, _, _ in compiled.directions:
        keys = packed[far, d]
        unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        by_key = table.packed_kinds[d]
        found = []
        with table.lock:
            for key, at in zip(unique.tolist(), first.tolist(), strict=True):
                kind = by_key.get(key)
                if kind is None:
                    kind = by_key[key] = table._kind(int(far[at]), offset, d)
                found.append(kind)
        values = np.array(found, dtype=np.float64).reshape(-1, 3)[inverse.ravel()]
        costs[todo, d, 0] = values[:, 0]
        costs[todo, d, 1] = values[:, 1]
        adds[todo, d] = values[:, 2].astype(np.int8)


_TERRAIN: OrderedDict[int, tuple[object, tuple[Any, Any, Any]]] = OrderedDict()


def _terrain_of(shared: object | None) -> tuple[Any, Any, Any] | None:
    if shared is None:
        return None
    with _LOCK:
        kept = _TERRAIN.get(id(shared))
        if kept is None or kept[0] is not shared:
            return None
        _TERRAIN.move_to_end(id(shared))
        return kept[1]


def _keep_terrain(shared: object, arrays: tuple[Any, Any, Any]) -> None:
    with _LOCK:
        _TERRAIN[id(shared)] = (shared, arrays)
        while len(_TERRAIN) > GRAPHS_KEPT:
            _TERRAIN.popitem(last=False)


def states_in_c(
    step: CompiledStep,
    start_state: int,
    last: int,
    goal: Cell,
    *,
    limit: float,
    spent_ft: float,
    max_nodes: int,
) -> set[int] | None:
    """``cheapest_states`` without ``allowed``, in C: the states on some cheapest path
    within ``limit``, or None if none is that cheap; ``SearchTooLarge`` where the Python
    search would hit ``max_nodes``; ``NotInC`` where this can't tell."""
    graph = graph_of(step)
    if graph is None:
        raise NotInC
    tcod_path = _tcod()
    stride = step.stride
    layers = graph.shape[0]
    col, row = divmod(start_state >> 1, stride)
    start = (start_state & 1, col, row)
    gc, gr = divmod(last, stride)
    ends = [(layer, gc, gr) for layer in range(layers)]
    with graph.lock:
        finder = tcod_path.Pathfinder(graph.forward)
        finder.add_root(start)
        for end in ends:
            finder.resolve(end)
        dist = finder.distance.astype(np.int64)
    best = min(int(dist[end]) for end in ends)
    _, cols, rows = np.indices(dist.shape, sparse=True)
    closed = dist + HEURISTIC * np.maximum(abs(cols - gc), abs(rows - gr)) < best
    if best == BIG:
        closed = dist < BIG  # the goal can't be reached: everything reached was closed
    estimate = spent_ft + dist * graph.unit_ft + _bound(step, dist.shape, gc, gr)
    cheapest_ft = spent_ft + best * graph.unit_ft
    if best == BIG or cheapest_ft > limit:
        # the Python search expands every state estimated within the limit, and fails
        pushed = (closed & (estimate <= limit)).sum() + (estimate[start] > limit)
        if pushed > max_nodes:
            raise SearchTooLarge
        return None
    not_goal = ~((cols == gc) & (rows == gr))
    surely = (closed & not_goal & (estimate < cheapest_ft - TOLERANCE)).sum()
    perhaps = (closed & not_goal & (estimate <= cheapest_ft + TOLERANCE)).sum()
    if perhaps <= max_nodes:
        cheapest_ends = [e for e in ends if dist[e] == best]
        on = _on_cheapest(graph, dist, closed, best, cheapest_ends)
        layer, at_col, at_row = np.nonzero(on)
        states = set(((at_col * stride + at_row) * 2 + layer).tolist())
        return Cheapest(states, graph, dist, on, cheapest_ends)
    if surely > max_nodes:
        raise SearchTooLarge
    raise NotInC  # the count depends on the order ties are expanded in


def _bound(step: CompiledStep, shape: tuple[int, ...], gc: int, gr: int) -> Any:
    """``bound_ft`` for every state at once: the exact open-ground cost to the goal."""
    layers, cols, rows = np.indices(shape, sparse=True)
    dx, dy = abs(cols - gc), abs(rows - gr)
    dx, dy = np.maximum(dx, dy), np.minimum(dx, dy)
    half = dy // 2
    o = step.floor_ft
    dear = 2 * o if step.parity else o
    even = o * (dx - dy) + o * (dy - half) + dear * half
    odd = o * (dx - dy) + dear * (dy - half) + o * half
    return np.where(layers == 1, odd, even)


def _on_cheapest(
    graph: Graph, dist: Any, closed: Any, best: int, ends: list[tuple[int, int, int]]
) -> Any:
    """Which states a cheapest path passes (a mask, shaped as ``dist``): back from the
    goal's cheapest states over the steps whose cost is exactly the difference (marked
    with numpy, followed by tcod)."""
    tcod_path = _tcod()
    reached = np.where(closed, dist, -(1 << 40))
    for end in ends:
        reached[end] = best
    back = tcod_path.CustomGraph(dist.shape)
    for (dz, dc, dr), cost in graph.rules.items():
        came = np.roll(reached, (dz, dc, dr), axis=(0, 1, 2))
        tight = (cost > 0) & (came + cost == reached)  # marked at the state entered
        # followed backwards: the rule leads to the state stepped from
        back.add_edge(
            (-dz, -dc, -dr),
            1,
            cost=np.roll(tight, (-dz, -dc, -dr), axis=(0, 1, 2)).view(np.int8),
        )
    finder = tcod_path.Pathfinder(back)
    for end in ends:
        finder.add_root(end)
    finder.resolve()
    return finder.distance != np.iinfo(finder.distance.dtype).max
