"""Probe (issue 31 item 5): the lean stage of the long search as a kept-graph A* in C
(python-tcod) next to today's lean search, the whole of today's search, and the
``pathfinding`` package, interleaved on the bench's 200² open / random / maze maps.

Run: ``python -m bench.tcod_probe [reps]``. Standalone: nothing in the bot uses it (the
bot's own is ``bot/rules/engine/c_search.py``, with the cap on squares expanded, the
parity and what was spent at the start, and the graph kept per map).

The graph: the padded map, two layers (the parity of the diagonals counted), an edge
rule per (direction, layer change) with its cost per square read from the compiled
step table; costs scaled by 8 and a Chebyshev heuristic of 7 per square, so every state
on a cheapest path is closed (with its exact cost) before the goal is. A forward A*
from the start gives the cheapest cost and each state's cost from the start, a backward
A* from the goal each state's cost to it; the states on a cheapest path are those whose
two costs add up to the cheapest.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import tcod.path

from bench.run import _band_context, our_path, search_case, search_maps
from bot.grid import compiled_search
from bot.grid.cheapest_states import cheapest_states
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.paths import Found
from bot.grid.terrain import Terrain
from bot.rules.engine.search import step_for

SCALE = 8  # graph units per the table's cheapest step (``floor_ft``)


def compile_costs(table: Any, width: int, height: int) -> dict[tuple[int, int, int], Any]:
    """Per (direction, from layer, to layer): each source square's cost in units (0 =
    no such step), over the padded layout, shape (columns, stride)."""
    stride, pad = table.stride, table.pad
    cols = table.squares // stride
    out: dict[tuple[int, int, int], Any] = {}
    for col in range(width):
        for row in range(height):
            index = (col + pad) * stride + row + pad
            for d, (_, even, odd, adds) in enumerate(table.out(index)):
                for layer, cost in ((0, even), (1, odd)):
                    if cost < 0:
                        if cost == -2.0:
                            raise RuntimeError("volatile")
                        continue
                    to = layer ^ (adds & 1) if table.parity else 0
                    key = (d, layer, to)
                    arr = out.get(key)
                    if arr is None:
                        arr = out[key] = np.zeros((cols, stride), dtype=np.int32)
                    arr[col + pad, row + pad] = round(cost * SCALE / table.floor_ft)
    return out


Rules = dict[tuple[int, int, int], Any]  # (layer change, column, row): cost at the square entered


def graphs(
    costs: dict[tuple[int, int, int], Any], shape: tuple[int, int]
) -> tuple[Any, Any, Rules]:
    """The forward and the backward graph (shape (2, columns, stride)), one edge rule
    per (layer change, direction), and the forward rules' cost arrays."""
    rules: Rules = {}
    sources: Rules = {}
    for (d, layer, to), by_source in costs.items():
        dc, dr = DIRECTIONS[d]
        key = (to - layer, dc, dr)
        # tcod reads a rule's cost at the square entered: shift the sources' costs
        dst = rules.setdefault(key, np.zeros((2, *shape), dtype=np.int32))
        dst[to] = np.roll(by_source, (dc, dr), axis=(0, 1))
        src = sources.setdefault(key, np.zeros((2, *shape), dtype=np.int32))
        src[layer] = by_source
    fwd = tcod.path.CustomGraph((2, *shape))
    bwd = tcod.path.CustomGraph((2, *shape))
    for (dz, dc, dr), dst in rules.items():
        fwd.add_edge((dz, dc, dr), 1, cost=dst)
        bwd.add_edge((-dz, -dc, -dr), 1, cost=sources[(dz, dc, dr)])
    h = SCALE - 1
    fwd.set_heuristic(cardinal=h, diagonal=h)
    bwd.set_heuristic(cardinal=h, diagonal=h)
    return fwd, bwd, rules


def _forward(fwd: Any, table: Any, start: Cell, goal: Cell) -> tuple[Any, int, tuple[Any, ...]]:
    pad = table.pad
    s = (0, start.col + pad, start.row + pad)
    g0, g1 = (0, goal.col + pad, goal.row + pad), (1, goal.col + pad, goal.row + pad)
    pf = tcod.path.Pathfinder(fwd)
    pf.add_root(s)
    pf.resolve(g0)
    pf.resolve(g1)
    dist = pf.distance
    best = min(int(dist[g0]), int(dist[g1]))
    return dist, best, tuple(g for g in (g0, g1) if int(dist[g]) == best)


def _states(on: Any, stride: int) -> set[int]:
    layer, col, row = np.nonzero(on)
    states = (col * stride + row) * 2 + layer
    return set(states.tolist())


def on_cheapest(fwd: Any, bwd: Any, table: Any, start: Cell, goal: Cell) -> set[int]:
    """The states on a cheapest path from ``start`` to ``goal`` (even parity at the
    start), as ``cheapest_states`` numbers them: a forward and a backward A*."""
    dist, best, ends = _forward(fwd, table, start, goal)
    pad = table.pad
    pb = tcod.path.Pathfinder(bwd)
    for g in ends:
        pb.add_root(g)
    pb.resolve((0, start.col + pad, start.row + pad))
    back = pb.distance
    big = np.iinfo(dist.dtype).max
    on = (dist != big) & (back != big) & (dist.astype(np.int64) + back == best)
    return _states(on, table.stride)


def on_cheapest_tight(fwd: Any, rules: Rules, table: Any, start: Cell, goal: Cell) -> set[int]:
    """The same states: a forward A*, then, back from the goal, the steps that cost
    exactly the difference (marked with numpy, followed by tcod)."""
    dist, best, ends = _forward(fwd, table, start, goal)
    g = dist.astype(np.int64)
    _layers, cols, rows = np.indices(g.shape, sparse=True)
    pad = table.pad
    h = (SCALE - 1) * np.maximum(abs(cols - goal.col - pad), abs(rows - goal.row - pad))
    closed = g + h < best  # every state on a cheapest path, with its exact cost
    g = np.where(closed, g, -(10**12))
    for end in ends:
        g[end] = best
    back = tcod.path.CustomGraph(g.shape)
    for (dz, dc, dr), cost in rules.items():
        from_g = np.roll(g, (dz, dc, dr), axis=(0, 1, 2))
        tight = (cost > 0) & (from_g + cost == g)  # at the square entered
        back.add_edge(
            (-dz, -dc, -dr), 1, cost=np.roll(tight, (-dz, -dc, -dr), axis=(0, 1, 2)).view(np.int8)
        )
    pb = tcod.path.Pathfinder(back)
    for end in ends:
        pb.add_root(end)
    pb.resolve()
    return _states(pb.distance != np.iinfo(pb.distance.dtype).max, table.stride)


def _with_states(states: Callable[[], set[int]]) -> Callable[..., set[int]]:
    def patched(*args: Any, **kwargs: Any) -> set[int]:
        return states()

    return patched


def measure(name: str, terrain: dict[Cell, Terrain], reps: int, side: int = 200) -> None:
    encounter, theirs, goal = search_case(terrain, side)
    rules, ctx = _band_context(encounter)
    table = step_for(rules, ctx)
    t0 = time.perf_counter()
    costs = compile_costs(table, side, side)
    shape = (table.squares // table.stride, table.stride)
    fwd, bwd, edge_rules = graphs(costs, shape)
    build_ms = (time.perf_counter() - t0) * 1000
    start = Cell(0, 0)
    first, last = table.index(start), table.index(goal)
    assert first is not None and last is not None

    def lean() -> set[int] | None:
        return cheapest_states(
            table,
            first * 2,
            last,
            goal,
            limit=1e9,
            spent_ft=0.0,
            diagonals=0,
            allowed=None,
            max_nodes=10**8,
        )

    def c_bwd() -> set[int]:
        return on_cheapest(fwd, bwd, table, start, goal)

    def c_tight() -> set[int]:
        return on_cheapest_tight(fwd, edge_rules, table, start, goal)

    expected = lean()
    assert c_bwd() == expected and c_tight() == expected, name

    def whole(states: Callable[[], set[int]] | None) -> Callable[[], Found | None]:
        def run() -> Found | None:
            if states is None:
                return our_path(encounter, goal)
            kept = compiled_search.cheapest_states
            compiled_search.cheapest_states = _with_states(states)  # type: ignore[assignment]
            try:
                return our_path(encounter, goal)
            finally:
                compiled_search.cheapest_states = kept

        return run

    today = whole(None)()
    assert today is not None
    for variant in (c_bwd, c_tight):
        found = whole(variant)()
        assert found is not None and found.cells == today.cells, name
        assert found.cost_ft == today.cost_ft, name
    runs: dict[str, Callable[[], object]] = {
        "today": whole(None),
        "C+bwd": whole(c_bwd),
        "C+tight": whole(c_tight),
        "lean": lean,
        "lean C+bwd": c_bwd,
        "lean C+tight": c_tight,
        "pathfinding": theirs,
    }
    times: dict[str, list[float]] = {key: [] for key in runs}
    for _ in range(reps):
        for key, run in runs.items():
            t = time.perf_counter()
            run()
            times[key].append((time.perf_counter() - t) * 1000)
    med = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
    pf = med["pathfinding"]
    print(f"{name}: graph built once in {build_ms:.0f} ms; {len(expected or ())} states on path")
    for key, value in med.items():
        print(f"  {key:13s} {value:8.2f} ms  {value / pf:5.2f}x pathfinding")


def main(reps: int) -> None:
    side = 200
    for name, terrain in search_maps(side):
        measure(name, terrain, reps, side)


if __name__ == "__main__":
    print(os.popen("uptime").read().strip())
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
    print(os.popen("uptime").read().strip())
