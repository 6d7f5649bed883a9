"""The live board under load (issue 39): ``python -m bench --section live``, or
``python -m bench.live [--pages N] [--channels N] [--changes N]``.

``python -m bot serve`` runs in a process of its own over a SQLite file holding
``channels`` boards; this process opens ``pages`` event streams over them (as many per
channel), each fetching its picture after every event as a page does, then makes
``changes`` moves through the handlers, one channel at a time, and times each change
from its commit to its event on every page of its channel. It reports those times
(p50, p95), the server's memory per open page (its RSS with the pages open, less
before, over the pages) and what one change costs the server (its CPU over the
changes, and how many pictures it drew: once per change and view, not per page).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from bench.stats import spread
from bot.context import Context
from bot.handlers import run_line
from bot.handlers.upkeep import open_store
from bot.storage import Store

SECRET = "bench-live"
ROOT = Path(__file__).resolve().parents[1]


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _ctx(store: Store, channel: str) -> Context:
    return Context(
        store,
        channel,
        "1",
        is_gm=True,
        rng=random.Random(1),
        web_base_url="http://127.0.0.1",
        web_secret=SECRET,
    )


async def _boards(store: Store, channels: int) -> list[str]:
    """One small fight per channel; each channel's table link."""
    links = []
    for i in range(channels):
        ctx = _ctx(store, f"live-{i}")
        for line in (
            "/encounter start width:16 height:12 ruleset:5e",
            "/token add name:Ari at:A2 owner:77",
            "/token add name:Goblin count:3 at:J6",
        ):
            await run_line(ctx, line)
        reply = await run_line(ctx, "/board link")
        links.append(str(reply.result["url"]).removeprefix("http://127.0.0.1"))
    return links


class Page:
    """One open page: its event stream, the time of each event, its picture fetched."""

    def __init__(self, http: aiohttp.ClientSession, base: str, link: str) -> None:
        self.http, self.base, self.link = http, base, link
        self.events: list[float] = []
        self.ready = asyncio.Event()
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        async with self.http.get(f"{self.base}{self.link}/events") as stream:
            async for raw in stream.content:
                line = raw.decode()
                if not line.startswith("data: "):
                    continue
                self.events.append(time.perf_counter())
                self.ready.set()
                digest = json.loads(line[6:])["digest"]
                async with self.http.get(f"{self.base}{self.link}/picture/{digest}.png") as png:
                    await png.read()


async def measure(pages: int = 1000, channels: int = 100, changes: int = 100) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="stride-live-"))
    db = folder / "live.db"
    store = await open_store(db)
    links = await _boards(store, channels)
    port = 20000 + random.randrange(20000)
    env = {**os.environ, "STRIDE_DB": str(db), "STRIDE_WEB_SECRET": SECRET}
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "serve",
        "--port",
        str(port),
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    connector = aiohttp.TCPConnector(limit=0)
    try:
        async with aiohttp.ClientSession(connector=connector) as http:
            for _ in range(200):
                try:
                    async with http.get(f"{base}/static/live.css") as up:
                        await up.read()
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            # one page per channel first: what a channel costs once (its board read and
            # drawn, the code loaded) is not what each more page costs
            opened = [Page(http, base, links[i]) for i in range(channels)]
            await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in opened)), 120)
            await asyncio.sleep(1.0)
            rss_before = _rss_kb(server.pid)
            opened += [Page(http, base, links[i % channels]) for i in range(channels, pages)]
            await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in opened)), 120)
            await asyncio.sleep(1.0)
            rss_open = _rss_kb(server.pid)
            cpu_before = _cpu_s(server.pid)
            latencies: list[float] = []
            for n in range(changes):
                channel = n % channels
                watching = [p for i, p in enumerate(opened) if i % channels == channel]
                seen = [len(p.events) for p in watching]
                started = time.perf_counter()
                await run_line(
                    _ctx(store, f"live-{channel}"),
                    f"/token edit token:Ari at:{'AB'[n % 2]}{3 + n % 8}",
                )
                deadline = started + 10
                while any(len(p.events) <= s for p, s in zip(watching, seen, strict=True)):
                    if time.perf_counter() > deadline:
                        break
                    await asyncio.sleep(0.002)
                latencies += [
                    (p.events[s] - started) * 1000
                    for p, s in zip(watching, seen, strict=True)
                    if len(p.events) > s
                ]
                await asyncio.sleep(0.05)
            cpu_s = _cpu_s(server.pid) - cpu_before
            missed = changes * (pages // channels) - len(latencies)
            for page in opened:
                page.task.cancel()
    finally:
        server.terminate()
        await server.wait()
        await store.close()
    ordered = sorted(latencies)
    return {
        "pages": pages,
        "channels": channels,
        "changes": changes,
        "change_to_event_ms": {
            "p50": round(ordered[len(ordered) // 2], 1) if ordered else None,
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1)
            if ordered
            else None,
            "n": len(ordered),
            **(spread(ordered) if ordered else {}),
        },
        "missed_events": missed,
        "kb_per_open_page": round((rss_open - rss_before) / max(1, pages - channels), 1),
        "server_rss_mb": {"before_pages": rss_before // 1024, "pages_open": rss_open // 1024},
        "server_cpu_ms_per_change": round(cpu_s * 1000 / changes, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--changes", type=int, default=100)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.pages, args.channels, args.changes)), indent=2))


if __name__ == "__main__":
    main()
