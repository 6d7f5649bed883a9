"""No channel starves the others on the live board's server either (issues 26 and 39): a
hostile channel storming the server with reconnecting pages and move requests on a
board at the caps, while another channel's page still gets its change and its data
within Discord's 3 s. The bound is a liveness bound (``asyncio.wait_for``), not a
timing."""

from __future__ import annotations

import asyncio
import random

from aiohttp.test_utils import TestClient, TestServer

from bot.context import Context
from bot.handlers import run_line
from bot.storage import Store
from bot.web.moves import run_here
from bot.web.server import LiveServer
from tests.discord.test_starvation import hostile_board
from tests.web.test_server import next_board_event

SECRET = "starving"
LIVENESS_S = 3.0


def ctx(store: Store, channel: str, user: str) -> Context:
    return Context(
        store,
        channel,
        user,
        is_gm=True,
        rng=random.Random(1),
        web_base_url="http://x",
        web_secret=SECRET,
    )


async def link(store: Store, channel: str, user: str) -> str:
    reply = await run_line(ctx(store, channel, user), "/board link")
    return str(reply.result["gm_url"]).removeprefix("http://x")


async def test_a_storm_on_one_channels_pages_leaves_another_channel_live(store: Store) -> None:
    await store.start_encounter("666", hostile_board(100), user_id="hostile", summary="hostile")
    victim = ctx(store, "4242", "5")
    for line in ("/encounter start width:10 height:10 ruleset:5e", "/token add name:Ari at:B2"):
        await run_line(victim, line)
    hostile_url, victim_url = await link(store, "666", "hostile"), await link(store, "4242", "5")
    server = LiveServer(lambda: store, run_here(lambda: store), secret=SECRET, every_s=0.05)
    async with TestClient(TestServer(server.app())) as http:

        async def reconnect() -> None:
            for _ in range(20):
                async with http.get(f"{hostile_url}/events") as stream:
                    await stream.content.readline()

        async def ask_moves() -> None:
            for n in range(10):
                move = {"token": f"T{n}", "to": "A1", "preview": True}
                await http.post(f"{hostile_url}/move", json=move, headers={"X-Stride-Move": "1"})

        storm = [asyncio.create_task(reconnect()) for _ in range(10)]
        storm += [asyncio.create_task(ask_moves()) for _ in range(3)]
        storm += [
            asyncio.create_task(http.get(f"{hostile_url}/reach?token=T{n}")) for n in range(10)
        ]
        await asyncio.sleep(0.2)  # the storm under way
        async with http.get(f"{victim_url}/events") as stream:
            first = await asyncio.wait_for(next_board_event(stream), LIVENESS_S)
            await run_line(victim, "/token edit token:Ari at:C3")
            second = await asyncio.wait_for(next_board_event(stream), LIVENESS_S)
        data = await asyncio.wait_for(http.get(f"{victim_url}/board"), LIVENESS_S)
        assert data.status == 200
        for task in storm:
            task.cancel()
        await asyncio.gather(*storm, return_exceptions=True)
    assert first["digest"] != second["digest"]
    assert any(t["cell"] == "C3" for t in second["board"]["tokens"])
