"""History is compact (a row keeps only what its change altered) yet /undo stays exact,
and ended encounters are purged after the retention period (on SQLite and PostgreSQL)."""

from __future__ import annotations

import random

from bot.context import Context
from bot.grid.coords import column_name
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import run, state


async def test_a_move_on_a_full_terrain_200_board_stores_a_small_history_row(db_url: str):
    """The issue measured 11 MB of history for one full-terrain 200×200 board (50 full
    copies): a move's row now keeps the tokens, not the terrain."""
    store = await Store.open(db_url)
    try:
        gm = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run(gm, "/encounter start width:200 height:200 ruleset:3.5")
        # 968 squares in a checkerboard over A1:AR44 (no runs along a row, which the
        # stored state would keep as their two ends)
        for row in range(1, 45):
            cells = " ".join(f"{column_name(c)}{row}" for c in range(row % 2, 44, 2))
            await run(gm, f'/terrain set cells:"{cells}" kind:difficult')
        await run(gm, "/token add name:Ari at:A1")
        whole = len(await state(store, "c") or "")
        states = [await state(store, "c")]
        for cell in ("B2", "C3", "D4"):
            for line in (f"/move token:Ari to:{cell}", "/turn next"):
                await run(gm, line)
                states.append(await state(store, "c"))
        async with store.backend.reading() as db:
            rows = await db.fetchall("SELECT before_state FROM history WHERE command = 'move'")
        sizes = [len(r[0]) for r in rows]
        assert sizes and max(sizes) < whole / 10, (sizes, whole)
        # undo walks back exactly, state by state, to before the first move
        for expected in reversed(states[:-1]):
            await run(gm, "/undo")
            assert await state(store, "c") == expected
    finally:
        await store.close()


async def test_ended_encounters_are_purged_after_the_retention_period(db_url: str):
    store = await Store.open(db_url)
    try:
        gm = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run(gm, "/encounter start width:5 height:5", "/encounter end confirm:true")
        await run(gm, "/encounter start width:6 height:6")  # running: never purged
        assert await store.purge_ended(90) == 0  # ended just now: kept
        async with store.backend.transaction() as db:
            await db.execute("UPDATE encounters SET ended_at = '2000-01-01T00:00:00+00:00'")
        assert await store.purge_ended(90) == 1
        assert (await store.active_encounter("c")) is not None
        assert await store.archived_encounters("c") == []
    finally:
        await store.close()
