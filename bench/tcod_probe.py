"""Probe (issue 31 item 5): the lean stage of the long search as a kept-graph A* in C
(python-tcod) next to today's lean search, the whole of today's search, and the
``pathfinding`` package, interleaved on the bench's 200² open / random / maze maps.

Run: ``python -m bench.tcod_probe [reps]``. Standalone: nothing in the bot uses it.

The graph: the padded map, two layers (the parity of the diagonals counted), an edge
rule per (direction, layer change) with its cost per square read from the compiled
step table; costs scaled by 8 and a Chebyshev heuristic of 7 per square, so every state
on a cheapest path is closed (with its exact cost) before the goal is. A forward A*
from the start gives the cheapest cost and each state's cost from the start, a backward
A* from the goal each state's cost to it; the states on a cheapest path are those whose
two costs add up to the cheapest.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
import tcod.path

from bench.maps import HERO, maze, open_map, random_terrain
from bench.run import _band_context, our_path, their_path
from bot.encounter import Encounter, Token
from bot.grid.cheapest_states import cheapest_states
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
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


def graphs(costs: dict[tuple[int, int, int], Any], shape: tuple[int, int]) -> Any:
    """The forward and the backward graph (shape (2, columns, stride))."""
    fwd = tcod.path.CustomGraph((2, *shape))
    bwd = tcod.path.CustomGraph((2, *shape))
    for (d, layer, to), by_source in costs.items():
        dc, dr = DIRECTIONS[d]
        dz = to - layer
        src = np.zeros((2, *shape), dtype=np.int32)
        src[layer] = by_source
        # the forward rule reads its cost at the square entered: shift the sources'
        dst = np.zeros((2, *shape), dtype=np.int32)
        dst[to] = np.roll(np.roll(by_source, dc, axis=0), dr, axis=1)
        fwd.add_edge((dz, dc, dr), 1, cost=dst)
        # the backward rule enters the source: its cost is read there
        bwd.add_edge((-dz, -dc, -dr), 1, cost=src)
    h = SCALE - 1
    fwd.set_heuristic(cardinal=h, diagonal=h)
    bwd.set_heuristic(cardinal=h, diagonal=h)
    return fwd, bwd


def on_cheapest(fwd: Any, bwd: Any, table: Any, start: Cell, goal: Cell) -> set[int]:
    """The states on a cheapest path from ``start`` to ``goal`` (even parity at the
    start), as ``cheapest_states`` numbers them."""
    stride, pad = table.stride, table.pad
    s = (0, start.col + pad, start.row + pad)
    g0, g1 = (0, goal.col + pad, goal.row + pad), (1, goal.col + pad, goal.row + pad)
    pf = tcod.path.Pathfinder(fwd)
    pf.add_root(s)
    pf.resolve(g0)
    pf.resolve(g1)
    dist = pf.distance
    best = min(int(dist[g0]), int(dist[g1]))
    pb = tcod.path.Pathfinder(bwd)
    for g in (g0, g1):
        if int(dist[g]) == best:
            pb.add_root(g)
    pb.resolve(s)
    back = pb.distance
    big = np.iinfo(dist.dtype).max
    on = (dist != big) & (back != big) & (dist.astype(np.int64) + back == best)
    layer, col, row = np.nonzero(on)
    states = (col * stride + row) * 2 + layer
    return set(states.tolist())


def measure(name: str, terrain: dict[Cell, Terrain], reps: int, side: int = 200) -> None:
    encounter = Encounter(side, side, "3.5", "gm", terrain=terrain).with_token(
        Token(HERO, Cell(0, 0), team="party", speed_ft=30)
    )
    weight = {Terrain.DIFFICULT: 2, Terrain.WALL: 0}
    matrix = [
        [weight.get(terrain.get(Cell(c, r), Terrain.CLEAR), 1) for c in range(side)]
        for r in range(side)
    ]
    theirs = their_path(matrix, side)
    goal = Cell(side - 1, side - 1)
    rules, ctx = _band_context(encounter)
    table = step_for(rules, ctx)
    t0 = time.perf_counter()
    costs = compile_costs(table, side, side)
    shape = (table.squares // table.stride, table.stride)
    fwd, bwd = graphs(costs, shape)
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

    assert on_cheapest(fwd, bwd, table, start, goal) == lean(), name
    times: dict[str, list[float]] = {"ours": [], "lean": [], "tcod": [], "pathfinding": []}
    runs = {
        "ours": lambda: our_path(encounter, goal),
        "lean": lean,
        "tcod": lambda: on_cheapest(fwd, bwd, table, start, goal),
        "pathfinding": theirs,
    }
    for _ in range(reps):
        for key, run in runs.items():
            t = time.perf_counter()
            run()
            times[key].append((time.perf_counter() - t) * 1000)
    med = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
    pf = med["pathfinding"]
    print(
        f"{name:7s} build {build_ms:7.1f} ms | "
        + " | ".join(f"{k} {v:7.2f} ms ({v / pf:.2f}x)" for k, v in med.items())
        + f" | on-path states {len(lean() or ())}"
    )


def main(reps: int) -> None:
    side = 200
    for name, terrain in (
        ("open", open_map(side)),
        ("random", random_terrain(side)),
        ("maze", maze(side)),
    ):
        measure(name, terrain, reps, side)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
