"""Peak RSS with many running encounters: ``python -m bench.rss 1000`` prints MB.

Starts the encounters in one store and makes a /move in each, as a busy bot would.
The peak is this process's own (``VmHWM``, kept per address space, so it starts
anew at exec): ``ru_maxrss`` would report the larger peak of the parent this
process was forked from (issue 31: a child of a 300 MB parent reported 314 MB).
"""

from __future__ import annotations

import asyncio
import random
import resource
import sys
import tempfile
from pathlib import Path

from bench.maps import HERO, battle_map, hero_cell
from bot.context import Context
from bot.grid.coords import Cell
from bot.handlers import run_line
from bot.handlers.upkeep import open_store


async def hold(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "rss.db")
        encounter = battle_map(30)
        here = hero_cell(30)
        for i in range(count):
            await store.start_encounter(f"c{i}", encounter, user_id="1001", summary="bench")
        for i in range(count):
            ctx = Context(store, f"c{i}", "1001", is_gm=True, rng=random.Random(i))
            await run_line(ctx, f"/move token:{HERO} to:{Cell(here.col + 1, here.row)}")
        await store.close()


def peak_rss_mb() -> float:
    """This process's peak resident set in MB, from ``/proc/self/status``; where
    there is no /proc, ``ru_maxrss`` (which a forked child shares with its parent)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    asyncio.run(hold(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
    print(round(peak_rss_mb(), 1))


if __name__ == "__main__":
    main()
