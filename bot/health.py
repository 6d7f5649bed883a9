"""The health and metrics endpoint, and the event loop's lag.

Off unless ``STRIDE_HEALTH_PORT`` is set: then a small HTTP server (aiohttp, which
discord.py already brings) answers on ``STRIDE_HEALTH_HOST`` (127.0.0.1 unless set):

- ``GET /livez``: 200 while the process's event loop answers at all (a blocked loop
  can't answer, and the probe times out: that is the signal);
- ``GET /readyz``: 200 when every gateway shard this process owns is connected and
  the store answers a query, else 503 with the reason;
- ``GET /metrics``: ``bot.metrics`` in Prometheus' text format (prometheus_client).

Nothing here imports discord: the app hands over what readiness means.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Iterator

from aiohttp import web
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector

from bot.metrics import Histogram, Metrics

log = logging.getLogger(__name__)

LAG_INTERVAL_S = 0.25  # how often the loop's lateness is sampled
READY_TIMEOUT_S = 2.0  # a store that takes longer than this to answer is not ready
PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8"

Readiness = Callable[[], Awaitable[tuple[bool, str]]]


async def watch_loop_lag(metrics: Metrics, interval_s: float = LAG_INTERVAL_S) -> None:
    """Forever: sleep ``interval_s`` and record how much later than asked the loop woke.
    Work that holds the loop (a render, a search not sent to a thread) shows as lag."""
    loop = asyncio.get_running_loop()
    while True:
        started = loop.time()
        await asyncio.sleep(interval_s)
        metrics.lag(loop.time() - started - interval_s)


def _buckets(histogram: Histogram) -> list[tuple[str, float]]:
    return [
        ("+Inf" if bound == float("inf") else repr(bound), float(count))
        for bound, count in histogram.cumulative()
    ]


class _MetricsCollector(Collector):
    """Reads ``Metrics`` at scrape time into Prometheus metric families."""

    def __init__(self, metrics: Metrics, refresh: Callable[[], None] | None) -> None:
        self._metrics = metrics
        self._refresh = refresh

    def collect(self) -> Iterator[Metric]:
        if self._refresh is not None:
            self._refresh()
        m = self._metrics
        with m._lock:
            commands = CounterMetricFamily(
                "stride_commands",
                "Slash commands and board buttons answered, by command and outcome",
                labels=["command", "outcome"],
            )
            for (name, outcome), count in sorted(m.commands.items()):
                commands.add_metric([name, outcome], count)
            yield commands
            seconds = HistogramMetricFamily(
                "stride_command_seconds",
                "Time from an interaction's arrival to its answer, by command",
                labels=["command"],
            )
            for name, histogram in sorted(m.command_seconds.items()):
                seconds.add_metric([name], _buckets(histogram), histogram.total_s)
            yield seconds
            lag = HistogramMetricFamily(
                "stride_event_loop_lag_seconds",
                f"How late the event loop woke from a {LAG_INTERVAL_S} s sleep",
            )
            lag.add_metric([], _buckets(m.loop_lag), m.loop_lag.total_s)
            yield lag
            yield GaugeMetricFamily(
                "stride_event_loop_lag_p95_seconds",
                "95th percentile of the event loop's lag since start (bucket bound)",
                value=m.loop_lag.quantile_s(0.95),
            )
            yield GaugeMetricFamily(
                "stride_event_loop_lag_max_seconds",
                "Largest event loop lag since start",
                value=m.loop_lag.largest_s,
            )
            yield CounterMetricFamily(
                "stride_store_retries",
                "Changes that lost a compare-and-swap to another writer and were tried again",
                value=m.store_retries,
            )
            yield CounterMetricFamily(
                "stride_store_conflicts_refused",
                "Changes refused after the retries ran out ('the board changed')",
                value=m.store_gave_up,
            )
            shards = GaugeMetricFamily(
                "stride_shard_latency_seconds",
                "Gateway heartbeat latency, by shard",
                labels=["shard"],
            )
            for shard, latency in sorted(m.shard_latency_s.items()):
                shards.add_metric([str(shard)], latency)
            yield shards


def exposition(metrics: Metrics, refresh: Callable[[], None] | None = None) -> bytes:
    """``metrics`` in Prometheus' text exposition format."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_MetricsCollector(metrics, refresh))
    return generate_latest(registry)


class HealthServer:
    """The endpoint's HTTP server; ``start`` binds, ``stop`` closes."""

    def __init__(
        self,
        metrics: Metrics,
        readiness: Readiness,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        refresh: Callable[[], None] | None = None,
        routes: Callable[[web.Application], None] | None = None,
    ) -> None:
        self.metrics = metrics
        self.routes = routes  # more pages on the same server (the live board's)
        self.readiness = readiness
        self.host = host
        self.port = port
        self.refresh = refresh
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/livez", self._livez)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        if self.routes is not None:
            self.routes(app)
        return app

    async def start(self) -> int:
        """Listen; the port bound (the one asked for, or a free one for port 0)."""
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        addresses = self._runner.addresses
        if addresses:
            self.port = int(addresses[0][1])
        log.info("Health endpoint on http://%s:%d (/livez /readyz /metrics)", self.host, self.port)
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _livez(self, request: web.Request) -> web.Response:
        return _json(200, {"status": "ok", "loop_lag_max_s": self.metrics.loop_lag.largest_s})

    async def _readyz(self, request: web.Request) -> web.Response:
        try:
            ready, reason = await asyncio.wait_for(self.readiness(), READY_TIMEOUT_S)
        except TimeoutError:
            ready, reason = False, f"no answer within {READY_TIMEOUT_S:g} s"
        except Exception as exc:  # a readiness check that fails is a reason, not a crash
            ready, reason = False, f"{type(exc).__name__}: {exc}"
        return _json(200 if ready else 503, {"ready": ready, "reason": reason})

    async def _metrics(self, request: web.Request) -> web.Response:
        body = await asyncio.to_thread(exposition, self.metrics, self.refresh)
        return web.Response(body=body, headers={"Content-Type": PROMETHEUS_TEXT})


def _json(status: int, data: dict[str, object]) -> web.Response:
    return web.Response(
        status=status, text=json.dumps(data), content_type="application/json", charset="utf-8"
    )
