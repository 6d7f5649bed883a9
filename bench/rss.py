"""Peak RSS with many running encounters: ``python -m bench.rss 1000`` prints MB.

Starts the encounters in one store and makes a /move in each, as a busy bot would.
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
from bot.storage import Store


async def hold(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "rss.db")
        encounter = battle_map(30)
        here = hero_cell(30)
        for i in range(count):
            await store.start_encounter(f"c{i}", encounter, user_id="gm", summary="bench")
        for i in range(count):
            ctx = Context(store, f"c{i}", "gm", is_gm=True, rng=random.Random(i))
            await run_line(ctx, f"/move token:{HERO} to:{Cell(here.col + 1, here.row)}")
        await store.close()


def main() -> None:
    asyncio.run(hold(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
    print(round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1))


if __name__ == "__main__":
    main()
