"""Reach bands on one map size, with the number of times the rules were asked.

    python -m bench.bands [--side 30] [--n 200]

A band is one flood of what the mover can reach (``band_costs``), its board and step
context built fresh; "a new board" floods an encounter unlike the last flood's (as
after real moves: ``bench.maps.after_moves``, the hero and the creature nearest it a
square apart in turn), "a copy" an encounter equal by value to the last (the figure
called "a new board" up to stop 35: every cache kept by value hits), "the same board"
the very encounter the step tables were made for. Beside each
figure: its spread (p25-p75), the rules asked per band (each ask is one kind of step
worked out by the ruleset's own step function) and the load average while it ran.
Not part of the tests.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from typing import Any

from bench.maps import after_moves, battle_map
from bench.stats import Load, spread
from bot.rules.engine import compiled
from bot.rules.engine.overview import band_costs


def measure(side: int, n: int, *, board: str) -> dict[str, dict[str, Any]]:
    """Bands of 30 and 60 ft on the ``side`` battle map, taking turns; ``board``:
    "new", "copy" or "same" (``bench.run.bands``)."""
    from bench.run import _band_context  # the same context the suite's bands build

    battle = battle_map(side)
    boards = after_moves(battle) if board == "new" else (battle, battle)
    asked = [0]
    ask = compiled._Table._ask

    def counted(self: Any, frm: int, to: int, d: int) -> tuple[float, float, int]:
        asked[0] += 1
        return ask(self, frm, to, d)

    compiled._Table._ask = counted  # type: ignore[method-assign]
    out: dict[str, dict[str, Any]] = {}
    try:
        samples: dict[str, list[float]] = {"30ft": [], "60ft": []}
        asks: dict[str, list[int]] = {"30ft": [], "60ft": []}
        load = Load()
        for i in range(n + 3):
            for k, (budget, key) in enumerate(((30.0, "30ft"), (60.0, "60ft"))):
                encounter = boards[k]  # each flood on the board the last one wasn't on
                encounter = encounter if board == "same" else replace(encounter)
                asked[0] = 0
                start = time.perf_counter()
                rules, ctx = _band_context(encounter)
                band_costs(rules, ctx, budget)
                if i >= 3:
                    samples[key].append((time.perf_counter() - start) * 1000)
                    asks[key].append(asked[0])
        for key, taken in samples.items():
            out[key] = {
                "p50": round(statistics.median(taken), 3),
                **spread(taken),
                "asks": statistics.median(asks[key]),
                "load": load.seen(),
            }
    finally:
        compiled._Table._ask = ask  # type: ignore[method-assign]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=30)
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    for board, label in (("new", "a new board"), ("copy", "a copy"), ("same", "the same board")):
        for key, v in measure(args.side, args.n, board=board).items():
            print(
                f"{args.side}² {key:<5} p50 {v['p50']:7.3f} ms (p25-p75 {v['p25']:.3f}-"
                f"{v['p75']:.3f})  asks {v['asks']:5.0f}  load {v['load']:5.2f}  ({label})"
            )


if __name__ == "__main__":
    main()
