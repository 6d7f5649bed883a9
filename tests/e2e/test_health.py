"""The real `python -m bot` serves its health endpoint (issue 18): ready once the
gateway is connected and the store answers, and /metrics counts what it answered."""

from __future__ import annotations

import asyncio
import socket

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import FakeDiscord


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


async def test_ready_when_connected_and_counting_commands(
    bot_process: BotProcess, discord_fake: FakeDiscord
) -> None:
    port = free_port()
    bot_process.extra_env = {"STRIDE_HEALTH_PORT": str(port)}
    await bot_process.start()
    status = 0
    for _ in range(100):  # the gateway is up; discord.py marks itself ready just after
        status, body = await get(port, "/readyz")
        if status == 200:
            break
        await asyncio.sleep(0.05)
    assert status == 200, body
    assert (await get(port, "/livez"))[0] == 200
    await discord_fake.ask("fall", {"height": 60})
    _, text = await get(port, "/metrics")
    counted = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    assert counted[("stride_commands_total", (("command", "fall"), ("outcome", "ok")))] == 1
    assert ("stride_shard_latency_seconds", (("shard", "0"),)) in counted
