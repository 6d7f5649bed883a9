"""Beyond one machine (issue 39): with several processes on PostgreSQL, a page open on
one process gets a change made by another as it commits, through PostgreSQL's
LISTEN/NOTIFY on the store's own database (the pages' periodic read is set far off here,
so only the notice can bring it)."""

from __future__ import annotations

import asyncio
import random

from aiohttp.test_utils import TestClient, TestServer

from bot.context import Context
from bot.handlers import run_line
from bot.storage import Store
from bot.web.moves import run_here
from bot.web.server import LiveServer
from tests.postgres_server import PostgresServer
from tests.web.test_server import next_board_event

SECRET = "two-processes"


async def test_a_page_on_one_process_hears_a_change_made_on_another(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.create_database()
    maker, serving = await Store.open(url), await Store.open(url)
    try:
        gm = Context(
            maker,
            "77",
            "1",
            is_gm=True,
            rng=random.Random(1),
            web_base_url="http://x",
            web_secret=SECRET,
        )
        for line in ("/encounter start width:8 height:8", "/token add name:Ari at:A1"):
            await run_line(gm, line)
        link = str((await run_line(gm, "/board link")).result["url"]).removeprefix("http://x")
        server = LiveServer(lambda: serving, run_here(lambda: serving), secret=SECRET, every_s=60)
        async with (
            TestClient(TestServer(server.app())) as http,
            http.get(f"{link}/events") as stream,
        ):
            first = await asyncio.wait_for(next_board_event(stream), 5)
            await run_line(gm, "/token edit token:Ari at:C3")  # the other process
            second = await asyncio.wait_for(next_board_event(stream), 3)
        assert first["digest"] != second["digest"]
        assert [t["cell"] for t in second["board"]["tokens"]] == ["C3"]
    finally:
        await maker.close()
        await serving.close()
