"""Per-command latency through the handlers (parse, load, rule, reply), no Discord.

    python bench/bench_commands.py [--n 300]

Prints p50 / p95 / max in milliseconds for each command line. Uses a temp database.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.context import Context
from bot.handlers import run_line
from bot.handlers.upkeep import open_store

LINES = (
    "/fall height:60",
    "/fall height:200 into:creature size:large faller_size:medium ruleset:5e-alt",
    "/fall height:90 intentional:true check:18 surface:soft ruleset:epic-path",
    "/jump size:large check:17",
    "/jump check:22 run_up:20 speed:40 ruleset:3.5",
    '/travel speed:"30, 20" terrain:forest distance:60 ruleset:epic-path',
    '/travel speed:"120, 90" terrain:forest distance:60 ruleset:becmi',
    "/ruleset show",
)


async def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "bench.db")
        ctx = Context(store, "bench", "1001", is_gm=True, rng=random.Random(1))
        print(f"{'command':<80} {'p50':>7} {'p95':>7} {'max':>7}  (ms, n={n})")
        for line in LINES:
            samples = []
            for _ in range(n):
                start = time.perf_counter()
                await run_line(ctx, line)
                samples.append((time.perf_counter() - start) * 1000)
            samples.sort()
            p95 = samples[int(len(samples) * 0.95) - 1]
            print(
                f"{line[:80]:<80} {statistics.median(samples):7.3f} {p95:7.3f} {samples[-1]:7.3f}"
            )
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    asyncio.run(main(parser.parse_args().n))
