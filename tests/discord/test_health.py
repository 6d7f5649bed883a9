"""The health and metrics endpoint (issue 18): off by default, /livez, /readyz with its
reasons, /metrics in Prometheus' format counting what the Discord path answered, and the
event loop's lag. Served on an ephemeral port on 127.0.0.1."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Settings
from bot.discord.app import StartupError, StrideBot
from bot.discord.dispatch import dispatch
from bot.health import HealthServer, exposition, watch_loop_lag
from bot.metrics import METRICS, Histogram, Metrics
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.discord.test_app import FakeSync
from tests.handlers.encounter_helpers import person, run


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Each sample of a Prometheus exposition: (name, labels) → value."""
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


@pytest.fixture
async def served() -> AsyncIterator[tuple[HealthServer, dict[str, Any]]]:
    state: dict[str, Any] = {"ready": (True, "ok")}

    async def readiness() -> tuple[bool, str]:
        return state["ready"]  # type: ignore[no-any-return]

    server = HealthServer(Metrics(), readiness, host="127.0.0.1", port=0)
    await server.start()
    try:
        yield server, state
    finally:
        await server.stop()


def test_off_unless_a_port_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STRIDE_HEALTH_PORT", raising=False)
    assert Settings.from_env().health_port is None
    monkeypatch.setenv("STRIDE_HEALTH_PORT", "9310")
    monkeypatch.setenv("STRIDE_HEALTH_HOST", "0.0.0.0")
    read = Settings.from_env()
    assert (read.health_port, read.health_host) == (9310, "0.0.0.0")


@pytest.mark.parametrize("bad", ["http", "0", "70000", "-1"])
def test_a_bad_port_is_refused_saying_what_is_accepted(
    monkeypatch: pytest.MonkeyPatch, bad: str
) -> None:
    monkeypatch.setenv("STRIDE_HEALTH_PORT", bad)
    with pytest.raises(ValueError, match="port number from 1 to 65535"):
        Settings.from_env()


async def test_livez_answers_while_the_loop_runs(served: tuple[HealthServer, Any]) -> None:
    server, _ = served
    status, body = await get(server.port, "/livez")
    assert status == 200 and '"status": "ok"' in body


async def test_readyz_says_why_not(served: tuple[HealthServer, dict[str, Any]]) -> None:
    server, state = served
    assert (await get(server.port, "/readyz"))[0] == 200
    state["ready"] = (False, "shard 1 not connected")
    status, body = await get(server.port, "/readyz")
    assert status == 503 and "shard 1 not connected" in body


async def test_metrics_are_prometheus_text(served: tuple[HealthServer, Any]) -> None:
    server, _ = served
    server.metrics.command("move", "ok", 0.012)
    server.metrics.command("move", "refused", 0.003)
    server.metrics.store_retry()
    status, body = await get(server.port, "/metrics")
    assert status == 200
    found = samples(body)
    assert found[("stride_commands_total", (("command", "move"), ("outcome", "ok")))] == 1
    assert found[("stride_commands_total", (("command", "move"), ("outcome", "refused")))] == 1
    assert found[("stride_command_seconds_count", (("command", "move"),))] == 2
    assert found[("stride_command_seconds_bucket", (("command", "move"), ("le", "0.025")))] == 2
    assert found[("stride_command_seconds_bucket", (("command", "move"), ("le", "0.005")))] == 1
    assert found[("stride_store_retries_total", ())] == 1


def test_histogram_buckets_and_quantile() -> None:
    lag = Histogram((0.01, 0.1, 1.0))
    for seconds in (0.001, 0.002, 0.05, 0.5, 3.0):
        lag.observe(seconds)
    assert lag.cumulative() == [(0.01, 2), (0.1, 3), (1.0, 4), (float("inf"), 5)]
    assert lag.quantile_s(0.5) == 0.1
    assert lag.quantile_s(0.95) == 3.0  # beyond the last bound: the largest seen
    assert Histogram((1.0,)).quantile_s(0.95) == 0.0


async def test_the_lag_watch_records_a_blocked_loop() -> None:
    metrics = Metrics()
    watch = asyncio.create_task(watch_loop_lag(metrics, interval_s=0.01))
    await asyncio.sleep(0.05)
    import time

    time.sleep(0.15)  # hold the loop, as a render on the loop would
    await asyncio.sleep(0.05)
    watch.cancel()
    assert metrics.loop_lag.observed >= 2
    assert metrics.loop_lag.largest_s >= 0.1


async def test_the_discord_path_counts_each_answer_by_outcome(store: Store) -> None:
    """What a Discord user does is what /metrics counts: an answer, a refusal."""
    before = samples(exposition(METRICS).decode())
    ok = FakeInteraction(store)
    await dispatch(ok, "fall", {"height": 60})  # type: ignore[arg-type]
    await dispatch(FakeInteraction(store), "fall", {"height": -5})  # type: ignore[arg-type]
    after = samples(exposition(METRICS).decode())

    def moved(outcome: str) -> float:
        key = ("stride_commands_total", (("command", "fall"), ("outcome", outcome)))
        return after.get(key, 0) - before.get(key, 0)

    assert moved("ok") == 1 and moved("refused") == 1


async def test_a_lost_race_on_the_store_is_counted(store: Store) -> None:
    """Two writers on one board: the one that loses the compare-and-swap retries, and
    stride_store_retries counts it."""
    gm = person(store, "gm", gm=True)
    await run(gm, "/encounter start width:10 height:10", "/token add name:Ari at:A1")
    retries = METRICS.store_retries
    original = store.save_encounter
    raced = False

    async def first_write_loses(*args: Any, **kwargs: Any) -> Any:
        nonlocal raced
        if not raced:
            raced = True
            # another process's change lands between this command's read and its write
            fresh = await store.active_encounter(gm.channel_id)
            assert fresh is not None
            await original(
                gm.channel_id,
                fresh,
                fresh.encounter,
                user_id="other",
                command="token edit",
                summary="another process",
            )
        return await original(*args, **kwargs)

    store.save_encounter = first_write_loses  # type: ignore[method-assign]
    await run(gm, "/move token:Ari to:B2")
    assert METRICS.store_retries == retries + 1


async def test_the_bot_serves_the_endpoint_and_is_not_ready_before_the_gateway(
    settings: Settings, unused_tcp_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = StrideBot(replace(settings, health_port=unused_tcp_port))
    monkeypatch.setattr(bot.tree, "sync", FakeSync())
    try:
        await bot.setup_hook()
        status, body = await get(unused_tcp_port, "/readyz")
        assert status == 503 and "gateway is not connected" in body
        assert (await get(unused_tcp_port, "/livez"))[0] == 200
        assert "stride_event_loop_lag_seconds" in (await get(unused_tcp_port, "/metrics"))[1]
    finally:
        await bot.close()


async def test_the_store_must_answer_to_be_ready(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = StrideBot(settings)
    monkeypatch.setattr(bot.tree, "sync", FakeSync())
    try:
        await bot.setup_hook()
        monkeypatch.setattr(bot, "is_ready", lambda: True)
        assert await bot.readiness() == (True, "ok")
        await bot.store.close()
        ready, reason = await bot.readiness()
        assert not ready and "the store does not answer" in reason
    finally:
        bot._store = None
        await bot.close()


async def test_a_taken_port_stops_the_start_saying_what_to_change(settings: Settings) -> None:
    blocker = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = blocker.sockets[0].getsockname()[1]
    bot = StrideBot(replace(settings, health_port=port))
    try:
        with pytest.raises(StartupError, match="Choose another STRIDE_HEALTH_PORT"):
            await bot.setup_hook()
    finally:
        await bot.close()
        blocker.close()
