"""Issue 39, beyond one machine: on PostgreSQL every process hears of every board
change as it commits (LISTEN/NOTIFY on the store's own database, no other broker), so a
live page connected to any process is told of a change made in any other; on SQLite
nothing is heard, and the pages read the boards' versions instead (both kinds)."""

from __future__ import annotations

import asyncio
import random

from bot.context import Context
from bot.handlers import run_line
from bot.storage import Store


async def test_a_change_in_one_process_is_heard_in_another(db_url: str) -> None:
    maker, watcher = await Store.open(db_url), await Store.open(db_url)
    heard: list[str] = []
    stop = await watcher.listen_boards(heard.append)
    try:
        gm = Context(maker, "chan-9", "1", is_gm=True, rng=random.Random(1))
        before = await watcher.board_versions(["chan-9", "other"])
        assert before == {"chan-9": None, "other": None}
        for line in ("/encounter start width:6 height:6", "/token add name:Ari", "/undo"):
            await run_line(gm, line)
        await asyncio.sleep(0.3)
        after = await watcher.board_versions(["chan-9", "other"])
        assert after["chan-9"] is not None and after["other"] is None
        if db_url.startswith("postgresql"):
            assert heard == ["chan-9", "chan-9", "chan-9"]
        else:
            assert heard == []
    finally:
        await stop()
        await maker.close()
        await watcher.close()
