"""Moves per second across processes: 1, 2 and 4 processes on one PostgreSQL against one
process on SQLite, and what the compare-and-swap costs when processes contend.

    python -m bench.cluster            # a minute or two
    python -m bench.cluster --quick    # a smoke run
    python -m bench.cluster --out FILE # default bench/results/cluster.json

Each process is ``python -m bench.cluster --worker``: it opens the store and drives its
own channels concurrently through ``run_line``, the handlers the console and Discord use
(each /move searches, saves with a compare-and-swap and draws the board), after a common
start time. PostgreSQL is a throwaway server started like the tests start one
(tests/postgres_server.py: ``initdb``/``pg_ctl`` on the machine). Not part of the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
CHANNELS_PER_PROCESS = 8
TOKENS = 4  # runners per channel, each stepping right and back


# ------------------------------------------------------------------ one process


async def _worker(args: argparse.Namespace) -> dict[str, Any]:
    from bench.run import _busy_map
    from bot.context import Context
    from bot.errors import BoardChanged, RulingError
    from bot.handlers import run_line
    from bot.metrics import METRICS
    from bot.storage import Store

    store = await Store.open(args.db)
    _, moves = _busy_map(30, TOKENS)
    channels = args.channels.split(",")
    done = refused = changed = 0
    latencies: list[float] = []

    # Own channels: real moves (a path search each), then /turn next for fresh movement.
    # Shared channels (--contended): the GM's slides, which need no turn, so every
    # refusal is a lost race and nothing else.
    how = " forced:slide" if args.contended else ""

    async def channel(name: str, index: int) -> None:
        nonlocal done, refused, changed
        ctx = Context(store, name, "gm", is_gm=True, rng=random.Random(index))
        for round_number in range(args.rounds):
            for runner, there, back in moves:
                to = there if round_number % 2 == 0 else back
                started = time.perf_counter()
                try:
                    await run_line(ctx, f"/move token:{runner} to:{to}{how}")
                    done += 1
                    latencies.append(time.perf_counter() - started)
                except BoardChanged:
                    changed += 1
                except RulingError:
                    refused += 1
            if not args.contended:
                await run_line(ctx, "/turn next")

    await asyncio.sleep(max(0.0, args.start_at - time.time()))
    started = time.perf_counter()
    await asyncio.gather(*(channel(name, i) for i, name in enumerate(channels)))
    seconds = time.perf_counter() - started
    await store.close()
    latencies.sort()
    return {
        "moves": done,
        "refused": refused,
        "board_changed": changed,
        "retries": METRICS.store_retries,
        "seconds": seconds,
        "move_ms_p50": round(1000 * latencies[len(latencies) // 2], 2) if latencies else None,
    }


# ------------------------------------------------------------------ the runs


async def _prepare(db: str, channels: list[str]) -> None:
    from bench.run import _busy_map
    from bot.storage import Store

    store = await Store.open(db)
    encounter, _ = _busy_map(30, TOKENS)
    for name in channels:
        await store.start_encounter(name, encounter, user_id="gm", summary="bench")
    await store.close()


def _run(db: str, processes: int, rounds: int, *, contended: bool) -> dict[str, Any]:
    """``processes`` workers at once; each drives its own channels, or with
    ``contended`` all of them drive the same channels (writes race)."""
    tag = f"p{processes}-{'c' if contended else 'u'}-{time.time_ns()}"
    per_process = [
        [f"{tag}-{0 if contended else p}-{c}" for c in range(CHANNELS_PER_PROCESS)]
        for p in range(processes)
    ]
    asyncio.run(_prepare(db, sorted({c for cs in per_process for c in cs})))
    start_at = time.time() + 2.0 + 0.3 * processes  # after every interpreter has started
    env = {**os.environ, "PYTHONPATH": str(ROOT.parent)}
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.cluster",
                "--worker",
                "--db",
                db,
                "--channels",
                ",".join(channels),
                "--rounds",
                str(rounds),
                "--start-at",
                str(start_at),
                *(["--contended"] if contended else []),
            ],
            stdout=subprocess.PIPE,
            env=env,
            cwd=ROOT.parent,
        )
        for channels in per_process
    ]
    results = []
    for worker in workers:
        out, _ = worker.communicate(timeout=600)
        results.append(json.loads(out))
    wall = max(r["seconds"] for r in results)
    moves = sum(r["moves"] for r in results)
    return {
        "processes": processes,
        "contended": contended,
        "moves": moves,
        "moves_per_s": round(moves / wall, 1),
        "retries": sum(r["retries"] for r in results),
        "board_changed": sum(r["board_changed"] for r in results),
        "refused": sum(r["refused"] for r in results),
        "move_ms_p50": max(r["move_ms_p50"] or 0 for r in results),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cluster", description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "cluster.json")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--channels", help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=6, help=argparse.SUPPRESS)
    parser.add_argument("--start-at", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--contended", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(asyncio.run(_worker(args))))
        return

    sys.path.insert(0, str(ROOT.parent))
    from tests.postgres_server import PostgresServer

    rounds = 2 if args.quick else 6
    report: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "channels_per_process": CHANNELS_PER_PROCESS,
        "moves_per_channel": rounds * TOKENS,
    }
    print(f"{CHANNELS_PER_PROCESS} channels per process, {rounds * TOKENS} moves each, 30²")
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = _run(str(Path(tmp) / "bench.db"), 1, rounds, contended=False)
        report["sqlite_1"] = sqlite
        print(f"  SQLite, 1 process        {sqlite['moves_per_s']:7.1f} moves/s")
        server = PostgresServer.start()
        try:
            for processes in (1, 2, 4):
                db = server.create_database()
                row = _run(db, processes, rounds, contended=False)
                report[f"postgresql_{processes}"] = row
                print(f"  PostgreSQL, {processes} process(es) {row['moves_per_s']:7.1f} moves/s")
            for processes in (1, 2):
                db = server.create_database()
                row = _run(db, processes, rounds, contended=True)
                report[f"postgresql_{processes}_same_channels"] = row
                print(
                    f"  PostgreSQL, {processes} on the same channels "
                    f"{row['moves_per_s']:7.1f} moves/s, {row['retries']} retries, "
                    f"{row['board_changed']} given up, p50 {row['move_ms_p50']} ms"
                )
        finally:
            server.stop()
            server.remove()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
