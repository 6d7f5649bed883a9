"""Probe (issue 31 item 5): where the unbounded 200² search spends its time, stage by
stage, on the bench's open / random / maze maps, next to the ``pathfinding`` package.

Run: ``python -m bench.search_stages [reps]``. Standalone: nothing in the bot uses it.
Each stage is timed by wrapping the function that does it (the wrappers add a few
microseconds a call, nothing per square):

- ``context``: the ruleset, step context and compiled table (``bench.run.our_path``'s
  own work, before the search);
- ``lean probe``: the lean search's first states in Python (``_in_python``: the probe
  that hands over to C, or the whole lean stage where C isn't used);
- ``C forward``: tcod's A* and the numpy counts of ``states_in_c`` (its walk back
  excluded);
- ``C walk back``: the exact-difference steps marked and followed back (``_on_cheapest``);
- ``tie-break``: the ranked search over the states on a cheapest path (``of which in
  C``: ``c_ranked.ranked_in_c``, where it answers);
- ``worded steps``: the path's squares and its steps as the rules word them
  (``word_path``).

On the maze (7,150 squares), 9 reps, median ms: at 76d92ff (load 2.5) the tie-break
(the ranked search in Python) was 40.1 and the worded steps 19.9 of 76.6 (0.79x
``pathfinding`` in this probe); with the ranked pass in C (``engine/c_ranked.py``,
load 1.9) the tie-break is 9.3 and the worded steps 12.6 of 36.1 (0.42x), the C
stage's forward A* 7.4 and walk back 3.5.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bench.run import our_path, search_case, search_maps
from bot.grid import cheapest_states, compiled_search, search
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.rules.engine import c_ranked, c_search

# (module, attribute, stage): each wrapped in turn, the innermost last
STAGES = (
    (search, "compiled_path", "search"),
    (compiled_search, "cheapest_states", "lean stage"),
    (cheapest_states, "_in_python", "lean probe"),
    (c_search, "states_in_c", "C stage"),
    (c_search, "_on_cheapest", "C walk back"),
    (c_ranked, "ranked_in_c", "C tie-break"),
    (compiled_search, "word_path", "worded steps"),
)


@contextmanager
def timed(spent: dict[str, float]) -> Iterator[None]:
    """Every stage's function wrapped to add its time (ms) to ``spent``."""
    kept = [(module, attr, getattr(module, attr)) for module, attr, _ in STAGES]

    def wrap(fn: Callable[..., Any], stage: str) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            t = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[stage] = spent.get(stage, 0.0) + (time.perf_counter() - t) * 1000

        return run

    for (module, attr, fn), (_, _, stage) in zip(kept, STAGES, strict=True):
        setattr(module, attr, wrap(fn, stage))
    try:
        yield
    finally:
        for module, attr, fn in kept:
            setattr(module, attr, fn)


def breakdown(spent: dict[str, float], total: float) -> dict[str, float]:
    """The stages, each without the stages inside it."""
    get = spent.get
    return {
        "context": total - get("search", 0.0),
        "lean probe": get("lean probe", 0.0),
        "C forward": get("C stage", 0.0) - get("C walk back", 0.0),
        "C walk back": get("C walk back", 0.0),
        "tie-break": get("search", 0.0) - get("lean stage", 0.0) - get("worded steps", 0.0),
        "(of which in C)": get("C tie-break", 0.0),
        "worded steps": get("worded steps", 0.0),
        "(lean stage other)": get("lean stage", 0.0) - get("lean probe", 0.0) - get("C stage", 0.0),
    }


def measure(name: str, terrain: dict[Cell, Terrain], reps: int, side: int = 200) -> None:
    encounter, theirs, goal = search_case(terrain, side)
    found = our_path(encounter, goal)  # the graph built and kept, as the bench's warm-up
    assert found is not None
    rows: list[dict[str, float]] = []
    plain: list[float] = []
    pathfinding: list[float] = []
    for _ in range(reps):
        t = time.perf_counter()
        our_path(encounter, goal)
        plain.append((time.perf_counter() - t) * 1000)
        spent: dict[str, float] = {}
        with timed(spent):
            t = time.perf_counter()
            our_path(encounter, goal)
            total = (time.perf_counter() - t) * 1000
        rows.append(breakdown(spent, total))
        t = time.perf_counter()
        theirs()
        pathfinding.append((time.perf_counter() - t) * 1000)
    med = {key: sorted(row[key] for row in rows)[reps // 2] for key in rows[0]}
    ours, pf = sorted(plain)[reps // 2], sorted(pathfinding)[reps // 2]
    print(
        f"{name}: {len(found.cells)} squares, {found.cost_ft:.0f} ft; "
        f"ours {ours:.1f} ms, pathfinding {pf:.1f} ms ({ours / pf:.2f}x)"
    )
    for key, value in med.items():
        print(f"  {key:20s} {value:8.2f} ms  {100 * value / max(ours, 1e-9):5.1f}%")


def main(reps: int) -> None:
    side = 200
    for name, terrain in search_maps(side):
        measure(name, terrain, reps, side)


if __name__ == "__main__":
    print(os.popen("uptime").read().strip())
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
    print(os.popen("uptime").read().strip())
