"""Moves per second across processes: 1, 2 and 4 processes on one PostgreSQL against one
process on SQLite, and what the compare-and-swap costs when processes contend.

    python -m bench.cluster            # a minute or two
    python -m bench.cluster --quick    # a smoke run
    python -m bench.cluster --out FILE # default bench/results/cluster.json

Each process is ``python -m bench.cluster --worker``: it opens the store and drives its
own channels concurrently through ``run_line``, the handlers the console and Discord use
(each /move searches, saves with a compare-and-swap and draws the board), after a common
start time. Each row has the CPU a move took in the workers (``time.process_time``) and
in the PostgreSQL server (its process and ended backends, from /proc) and the load
average; ``scaling`` has, per process count, the speed-up over one process, moves/s
per core it could use and per process, and the speed-up per core (1.0: perfect);
``target`` what 300 moves/s needs per core on this host and how far the best run is
from it (issue 31, item 8). PostgreSQL is a throwaway server started like the tests
start one (tests/postgres_server.py: ``initdb``/``pg_ctl`` on the machine). Not part of
the tests.
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

from bench.cpu import TARGET_MOVES_PER_S, CpuClock, cores
from bench.process import CODE_ROOT, child_env
from bench.stats import Load

ROOT = Path(__file__).resolve().parent
CHANNELS_PER_PROCESS = 8
TOKENS = 4  # runners per channel, each stepping right and back


# ------------------------------------------------------------------ one process


async def _worker(args: argparse.Namespace) -> dict[str, Any]:
    from bench.run import _busy_map
    from bot.context import Context
    from bot.errors import BoardChanged, RulingError
    from bot.handlers import run_line
    from bot.handlers.upkeep import open_store
    from bot.metrics import METRICS

    store = await open_store(args.db)
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
        ctx = Context(store, name, "1001", is_gm=True, rng=random.Random(index))
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
    clock = CpuClock()
    await asyncio.gather(*(channel(name, i) for i, name in enumerate(channels)))
    seconds, cpu_s = clock.read()
    await store.close()
    latencies.sort()
    return {
        "moves": done,
        "refused": refused,
        "board_changed": changed,
        "retries": METRICS.store_retries,
        "seconds": seconds,
        "cpu_s": cpu_s,
        "move_ms_p50": round(1000 * latencies[len(latencies) // 2], 2) if latencies else None,
    }


# ------------------------------------------------------------------ the runs


async def _prepare(db: str, channels: list[str]) -> None:
    from bench.run import _busy_map
    from bot.handlers.upkeep import open_store

    store = await open_store(db)
    encounter, _ = _busy_map(30, TOKENS)
    for name in channels:
        await store.start_encounter(name, encounter, user_id="1001", summary="bench")
    await store.close()


def _server_cpu_s(pid: int | None) -> float | None:
    """The CPU seconds PostgreSQL's server process and its ended backends have used
    (``/proc/PID/stat``: utime, stime, cutime, cstime), or None where unreadable."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _server_pid(data: Path) -> int | None:
    try:
        return int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _workers(db: str, per_process: list[list[str]], rounds: int, contended: bool) -> list[Any]:
    """The worker processes' reports, all started together (``--start-at``)."""
    start_at = time.time() + 2.0 + 0.3 * len(per_process)  # after every interpreter starts
    env = child_env()
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-P",
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
            cwd=CODE_ROOT,
        )
        for channels in per_process
    ]
    return [json.loads(worker.communicate(timeout=600)[0]) for worker in workers]


def _run(
    db: str, processes: int, rounds: int, *, contended: bool, server: int | None = None
) -> dict[str, Any]:
    """``processes`` workers at once; each drives its own channels, or with
    ``contended`` all of them drive the same channels (writes race). ``server``: the
    PostgreSQL server's process, whose CPU is counted too."""
    tag = f"p{processes}-{'c' if contended else 'u'}-{time.time_ns()}"
    per_process = [
        [f"{tag}-{0 if contended else p}-{c}" for c in range(CHANNELS_PER_PROCESS)]
        for p in range(processes)
    ]
    asyncio.run(_prepare(db, sorted({c for cs in per_process for c in cs})))
    load, host = Load(), _Host(server)
    results = _workers(db, per_process, rounds, contended)
    time.sleep(0.3)  # the backends end and the server counts their CPU
    server_s, others = host.read()
    totals = _total(results, server_s)
    return {
        "processes": processes,
        "contended": contended,
        **totals,
        "load": load.seen(),
        "other_cores_busy": others,
    }


class _Host:
    """The CPU the whole host, the workers (this process's children) and the server
    used from ``_Host()`` to ``read()``: what was left is other jobs' (a figure from a
    host where they kept a core busy is not this code's scaling)."""

    def __init__(self, server: int | None) -> None:
        self.server = server
        self.start = (time.perf_counter(), _host_busy_s(), _children_s(), _server_cpu_s(server))

    def read(self) -> tuple[float | None, float | None]:
        """(the server's CPU seconds, the cores other jobs kept busy on average)."""
        wall, busy, children, server = self.start
        server_now, busy_now = _server_cpu_s(self.server), _host_busy_s()
        server_s = None if server is None or server_now is None else server_now - server
        if busy is None or busy_now is None:
            return server_s, None
        ours = _children_s() - children + (server_s or 0.0)
        others = (busy_now - busy - ours) / (time.perf_counter() - wall)
        return server_s, round(max(0.0, others), 2)


def _host_busy_s() -> float | None:
    """CPU seconds the host has spent on anything but idling (/proc/stat)."""
    try:
        line = Path("/proc/stat").read_text().splitlines()[0]
    except OSError:
        return None
    ticks = [int(f) for f in line.split()[1:9]]  # user nice system idle iowait irq softirq steal
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def _children_s() -> float:
    mine = os.times()
    return mine.children_user + mine.children_system


def _total(results: list[Any], server_s: float | None) -> dict[str, Any]:
    """The workers' reports summed (the slowest one's seconds for the rate)."""
    moves = sum(r["moves"] for r in results)
    return {
        "moves": moves,
        "moves_per_s": round(moves / max(r["seconds"] for r in results), 1),
        "retries": sum(r["retries"] for r in results),
        "board_changed": sum(r["board_changed"] for r in results),
        "refused": sum(r["refused"] for r in results),
        "move_ms_p50": max(r["move_ms_p50"] or 0 for r in results),
        "cpu_ms_per_move": _per_move(sum(r["cpu_s"] for r in results), moves),
        "server_cpu_ms_per_move": _per_move(server_s, moves),
    }


def _per_move(cpu_s: float | None, moves: int) -> float | None:
    """Milliseconds of CPU a move, or None where unknown."""
    return round(1000 * cpu_s / moves, 2) if cpu_s is not None and moves else None


def scaling(rows: dict[int, dict[str, Any]], host_cores: int) -> dict[str, dict[str, Any]]:
    """How the moves a second scale with the processes (uncontended, on PostgreSQL):
    per process count the speed-up over one process, the cores it could use
    (no more than the host's), the moves a second per core and per process, and the
    speed-up per core it could use (1.0: perfect scaling)."""
    one = rows[1]["moves_per_s"]
    out = {}
    for processes, row in rows.items():
        usable = min(processes, host_cores)
        speedup = row["moves_per_s"] / one if one else 0.0
        out[str(processes)] = {
            "moves_per_s": row["moves_per_s"],
            "speedup_vs_1_process": round(speedup, 2),
            "cores_usable": usable,
            "moves_per_s_per_core": round(row["moves_per_s"] / usable, 1),
            "moves_per_s_per_process": round(row["moves_per_s"] / processes, 1),
            "speedup_per_core": round(speedup / usable, 2),
            "processes": processes,
            "load": row["load"],
            "other_cores_busy": row.get("other_cores_busy"),
        }
    return out


def _target(best: dict[str, Any], host_cores: int) -> dict[str, Any]:
    """What 300 moves/s needs on this host, against the best uncontended run."""
    needed_per_core = TARGET_MOVES_PER_S / host_cores
    return {
        "target_moves_per_s": TARGET_MOVES_PER_S,
        "cores": host_cores,
        "needed_moves_per_s_per_core": round(needed_per_core, 1),
        "needed_cpu_ms_per_move_all_in": round(1000 / needed_per_core, 2),
        "best_processes": best["processes"],
        "best_moves_per_s": best["moves_per_s"],
        "best_moves_per_s_per_core": best["moves_per_s_per_core"],
        "short_by": round(TARGET_MOVES_PER_S / best["moves_per_s"], 2),
    }


def _postgres(report: dict[str, Any], rounds: int) -> None:
    sys.path.insert(0, str(CODE_ROOT))
    from tests.postgres_server import PostgresServer

    server = PostgresServer.start()
    pid = _server_pid(server.data)
    try:
        rows: dict[int, dict[str, Any]] = {}
        for processes in (1, 2, 4):
            row = _run(server.create_database(), processes, rounds, contended=False, server=pid)
            rows[processes] = report[f"postgresql_{processes}"] = row
            print(
                f"  PostgreSQL, {processes} process(es) {row['moves_per_s']:7.1f} moves/s, "
                f"CPU {row['cpu_ms_per_move']} ms a move in the bot, "
                f"{row['server_cpu_ms_per_move']} in the server   load {row['load']}, "
                f"{row['other_cores_busy']} cores busy with other jobs"
            )
        for processes in (1, 2):
            row = _run(server.create_database(), processes, rounds, contended=True, server=pid)
            report[f"postgresql_{processes}_same_channels"] = row
            print(
                f"  PostgreSQL, {processes} on the same channels "
                f"{row['moves_per_s']:7.1f} moves/s, {row['retries']} retries, "
                f"{row['board_changed']} given up, p50 {row['move_ms_p50']} ms   load {row['load']}"
            )
    finally:
        server.stop()
        server.remove()
    report["scaling"] = scaling(rows, cores())
    for processes, row in report["scaling"].items():
        print(
            f"  {processes} process(es): x{row['speedup_vs_1_process']} one process, "
            f"{row['moves_per_s_per_core']} moves/s per core ({row['cores_usable']} usable), "
            f"{row['moves_per_s_per_process']} per process, x{row['speedup_per_core']} per core"
        )
    best = max(report["scaling"].values(), key=lambda r: r["moves_per_s"])
    report["target"] = _target(best, cores())
    t = report["target"]
    print(
        f"  {t['target_moves_per_s']} moves/s on {t['cores']} cores needs "
        f"{t['needed_moves_per_s_per_core']} per core (<= {t['needed_cpu_ms_per_move_all_in']} "
        f"ms CPU a move, bot and server); the best here: {t['best_moves_per_s']} moves/s "
        f"({t['best_processes']} processes, {t['best_moves_per_s_per_core']} per core), "
        f"{t['short_by']}x short"
    )


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

    rounds = 2 if args.quick else 6
    report: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "machine": {"cpus": os.cpu_count(), "cores": cores(), "python": sys.version.split()[0]},
        "channels_per_process": CHANNELS_PER_PROCESS,
        "moves_per_channel": rounds * TOKENS,
    }
    print(f"{CHANNELS_PER_PROCESS} channels per process, {rounds * TOKENS} moves each, 30²")
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = _run(str(Path(tmp) / "bench.db"), 1, rounds, contended=False)
        report["sqlite_1"] = sqlite
        print(
            f"  SQLite, 1 process        {sqlite['moves_per_s']:7.1f} moves/s, "
            f"CPU {sqlite['cpu_ms_per_move']} ms a move   load {sqlite['load']}, "
            f"{sqlite['other_cores_busy']} cores busy with other jobs"
        )
    _postgres(report, rounds)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
