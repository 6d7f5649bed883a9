"""The benchmark suite's report: each section run in turn, its figures printed with
their spread (p25-p75) and the load average while it ran, and written as JSON
(``bench/results/latest.json``: the keys issue 15 set stay; ``load``, the spreads and
``bands_30`` are added). ``python -m bench`` runs it (``bench/run.py`` measures).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

from bench import SECTIONS
from bench.bands import measure as bands_on
from bench.board_message import measure as board_renders
from bench.live import measure as live_pages
from bench.maps import battle_map
from bench.process import CODE_ROOT, cold_start, rss_1000
from bench.run import (
    ROOT,
    RULESETS,
    SIZES,
    Samples,
    bands,
    latency,
    move_latencies,
    paths,
    pictures,
    throughput,
)
from bench.stats import Load, spread


class _Sections:
    """The report's sections as they run: each one's title printed, and the highest
    load average seen while it ran kept under ``report["load"][key]``."""

    def __init__(self, report: dict[str, Any]) -> None:
        self.loads: dict[str, float] = report.setdefault("load", {})
        self.key = ""
        self.load = Load()

    def start(self, key: str, title: str) -> None:
        self.end()
        self.key, self.load = key, Load()
        print(f"\n== {title}", flush=True)

    def end(self) -> float:
        if self.key:
            self.loads[self.key] = self.load.seen()
        return self.loads.get(self.key, 0.0)


def _spread(v: dict[str, Any]) -> str:
    return f"(p25-p75 {v['p25']:.2f}-{v['p75']:.2f})"


def _moves(report: dict[str, Any], sections: _Sections, n: int) -> None:
    sections.start("move_ms", "/move end to end (ms, run_line, 6 tokens)")
    cases = {f"{side}": (side, battle_map(side)) for side in SIZES}
    moves = asyncio.run(move_latencies(cases, n))
    report["move_ms"] = {k: latency(v) for k, v in moves.items()}
    load = sections.end()
    for k, v in report["move_ms"].items():
        print(f"  {k:>4}²   p50 {v['p50']:8.2f} {_spread(v)}   p95 {v['p95']:8.2f}   load {load}")


def _sweep(report: dict[str, Any], sections: _Sections, n: int) -> None:
    sections.start("move_sweep_ms", "/move sweep: tokens on 100², rulesets on 50² (ms)")
    sweep_n = max(20, n // 2)
    sweep = {f"tokens-{t}": (100, battle_map(100, tokens=t)) for t in (6, 50, 100)}
    sweep |= {f"ruleset-{r}": (50, battle_map(50, ruleset=r)) for r in RULESETS}
    swept = asyncio.run(move_latencies(sweep, sweep_n))
    report["move_sweep_ms"] = {k: latency(v) for k, v in swept.items()}
    load = sections.end()
    for k, v in report["move_sweep_ms"].items():
        print(f"  {k:<18} p50 {v['p50']:8.2f} {_spread(v)}   p95 {v['p95']:8.2f}   load {load}")


def _bands(report: dict[str, Any], sections: _Sections, n: int) -> None:
    sections.start("bands_ms", "reach bands, 50² (ms per band)")
    banded = bands(n)
    report["bands_ms"] = {k: latency(v) for k, v in banded.items()}
    copied = bands(n, board="copy")
    report["bands_ms_copy"] = {k: latency(v) for k, v in copied.items()}
    reused = bands(n, board="same")
    report["bands_ms_same_board"] = {k: latency(v) for k, v in reused.items()}
    load = sections.end()
    for title, key in (
        ("a new board, as after a move", "bands_ms"),
        ("a copy of the board, equal values", "bands_ms_copy"),
        ("the same board again", "bands_ms_same_board"),
    ):
        for k, v in report[key].items():
            print(
                f"  {k:<6} p50 {v['p50']:8.3f} {_spread(v)}   p95 {v['p95']:8.3f}   ({title})"
                f"   load {load}"
            )
    # 30², with the rules asked per band (bench.bands)
    report["bands_30"] = {
        "new_board": bands_on(30, n, board="new"),
        "copy": bands_on(30, n, board="copy"),
        "same_board": bands_on(30, n, board="same"),
    }
    for board, figures in report["bands_30"].items():
        for k, v in figures.items():
            print(
                f"  30² {k:<5} p50 {v['p50']:7.3f} {_spread(v)}  asks {v['asks']:4.0f}  "
                f"({board.replace('_', ' ')})   load {v['load']}"
            )


def _paths(report: dict[str, Any], sections: _Sections, quick: bool) -> None:
    sections.start(
        "path_200", "unbounded search corner to corner, 200² (3.5 exact vs pathfinding A*)"
    )
    searched = paths(3 if quick else 5)
    report["path_200"] = searched
    report["path_ms_200"] = {k: v["ours_ms"] for k, v in searched.items()}
    report["path_ratio_vs_pathfinding_200"] = {k: v["ratio"] for k, v in searched.items()}
    load = sections.end()
    for k, v in searched.items():
        ours, theirs = v["ours_p25_p75_ms"], v["pathfinding_p25_p75_ms"]
        print(
            f"  {k:<7} ours {v['ours_ms']:9.1f} ({ours[0]:.1f}-{ours[1]:.1f})  "
            f"pathfinding {v['pathfinding_ms']:9.1f} ({theirs[0]:.1f}-{theirs[1]:.1f})  "
            f"ratio {v['ratio']:6.3f}  ({v['cost_ft']:.0f} ft, {v['squares']} squares)"
            f"   load {load}"
        )


def _pictures(report: dict[str, Any], sections: _Sections, n: int) -> None:
    sections.start("render", "picture: render + encode over the encode floor")
    drawn = pictures(max(10, n // 4))
    report["render"] = drawn
    report["render_over_encode_floor"] = {k: v["ratio"] for k, v in drawn.items()}
    report["png_kb_30"] = drawn["30"]["png_kb"]
    load = sections.end()
    for k, v in drawn.items():
        low, high = v["render_p25_p75_ms"]
        print(
            f"  {k:>4}²  render {v['render_ms']:7.2f} ({low:.2f}-{high:.2f})  floor "
            f"{v['floor_ms']:6.2f}  x{v['ratio']:5.2f}  {v['png_kb']:6.1f} KB   load {load}"
        )


def _board(report: dict[str, Any], sections: _Sections, n: int) -> None:
    sections.start("board_message", "the board message's render after a /move, 30² (ms)")
    figures = asyncio.run(board_renders(max(20, n // 2)))
    report["board_message"] = figures
    report["board_message_ms_after_move"] = figures["after_move_ms"]["p50"]
    load = sections.end()
    for key, title in (("after_move_ms", "after a move"), ("again_ms", "the same board again")):
        v = figures[key]
        print(f"  {title:<22} p50 {v['p50']:7.2f} {_spread(v)}   load {load}")
    print(f"  CPU per render after a move, p50 {figures['after_move_cpu_ms_p50']} ms")


def _busy(report: dict[str, Any], sections: _Sections, quick: bool) -> None:
    sections.start("throughput", "40 channels at once, 30², 8 tokens moving concurrently in each")
    busy = asyncio.run(throughput(40, 4 if quick else 12))
    report["throughput"] = busy
    report["moves_per_s_40_channels"] = busy["moves_per_s"]
    report["loop_lag_ms_p95"] = busy["loop_lag_ms_p95"]
    report["lost_updates"] = busy["lost_updates"]
    report["cpu_ms_per_move"] = busy["cpu_ms_per_move"]
    report["moves_per_s_per_core"] = busy["moves_per_s_per_core"]
    print(
        f"  {busy['moves_per_s']} moves/s ({busy['moves']} moves, {busy['refused']} refused), "
        f"lost updates {busy['lost_updates']}, loop lag p95 {busy['loop_lag_ms_p95']} ms   "
        f"load {sections.end()}"
    )
    print(
        f"  CPU {busy['cpu_ms_per_move']} ms a move ({busy['cpu_s']} s CPU in {busy['wall_s']} s,"
        f" {busy['cores_busy']} cores busy): {busy['moves_per_s_per_core']} moves/s per core, "
        f"{busy['moves_per_s_per_process']} per process"
    )
    print(
        f"  {busy['target_moves_per_s']} moves/s on this {busy['cores']}-core host needs "
        f"{busy['target_moves_per_s_per_core']} per core: <= "
        f"{busy['target_cpu_ms_per_move_all_cores']} ms CPU a move over all cores, "
        f"<= {busy['target_cpu_ms_per_move_one_process']} ms in one process"
    )


def _process(report: dict[str, Any], sections: _Sections, quick: bool) -> None:
    sections.start("process", "process")
    runs: Samples = []
    report["cold_start_s"] = cold_start(3 if quick else 7, runs)
    report["cold_start"] = {"p50_s": report["cold_start_s"], **spread(runs)}
    cached: Samples = []
    report["cold_start_bytecode_s"] = cold_start(3 if quick else 7, cached, bytecode=True)
    report["cold_start_bytecode"] = {"p50_s": report["cold_start_bytecode_s"], **spread(cached)}
    held = 100 if quick else 1000
    report["rss_encounters"] = held
    report["rss_mb_1000_encounters"] = rss_1000(held)
    load = sections.end()
    print(
        f"  cold start {report['cold_start_s']} s {_spread(report['cold_start'])} "
        f"(python -m bot ask '/fall height:60')   load {load}"
    )
    print(
        f"  cold start with bytecode cached {report['cold_start_bytecode_s']} s "
        f"{_spread(report['cold_start_bytecode'])} (as pip install compiles it)"
    )
    print(
        f"  RSS {report['rss_mb_1000_encounters']} MB with {held:,} encounters "
        f"(a fresh process)   load {load}"
    )


def _live(report: dict[str, Any], sections: _Sections, quick: bool) -> None:
    sections.start("live", "the live board: 1,000 open pages over 100 channels, one process")
    pages, channels, changes = (200, 20, 40) if quick else (1000, 100, 100)
    figures = asyncio.run(live_pages(pages, channels, changes))
    report["live"] = figures
    report["live_change_to_event_ms_p95"] = figures["change_to_event_ms"]["p95"]
    report["live_kb_per_open_page"] = figures["kb_per_open_page"]
    load = sections.end()
    waits = figures["change_to_event_ms"]
    print(
        f"  a change to its event on every page of its channel: p50 {waits['p50']} ms, "
        f"p95 {waits['p95']} ms over {waits['n']:,} page events ({pages:,} pages, "
        f"{channels} channels; {figures['missed_events']} missed)   load {load}"
    )
    print(
        f"  {figures['kb_per_open_page']} KB a page open; the server's CPU per change "
        f"{figures['server_cpu_ms_per_change']} ms (the view built and drawn once per change)"
    )


def run_section(name: str, report: dict[str, Any], sections: _Sections, quick: bool) -> None:
    """One section's figures into ``report`` (``name`` one of ``SECTIONS``)."""
    n = int(report["samples"])
    runs = {
        "move": lambda: _moves(report, sections, n),
        "sweep": lambda: _sweep(report, sections, n),
        "bands": lambda: _bands(report, sections, n),
        "path": lambda: _paths(report, sections, quick),
        "render": lambda: _pictures(report, sections, n),
        "board": lambda: _board(report, sections, n),
        "throughput": lambda: _busy(report, sections, quick),
        "process": lambda: _process(report, sections, quick),
        "live": lambda: _live(report, sections, quick),
    }
    runs[name]()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Stride's benchmark suite (issue 15)")
    parser.add_argument("--quick", action="store_true", help="fewer samples: a smoke run")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="where the JSON goes (default bench/results/latest.json for the whole suite; "
        "with --section, no file unless this is given)",
    )
    parser.add_argument("--label", default="", help="a note stored with the figures")
    parser.add_argument(
        "--section",
        action="append",
        choices=SECTIONS,
        default=None,
        help="run this section alone (repeatable; the suite's order is kept)",
    )
    args = parser.parse_args(argv)
    chosen = set(args.section or SECTIONS)
    args.sections = [name for name in SECTIONS if name in chosen]
    if args.out is None and not args.section:
        args.out = ROOT / "results" / "latest.json"
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    report: dict[str, Any] = {
        "label": args.label,
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "samples": 30 if args.quick else 200,
        "quick": args.quick,
        "sections": args.sections,
        "code": str(CODE_ROOT),
        "bench": str(ROOT),
    }
    sections = _Sections(report)
    for name in args.sections:
        run_section(name, report, sections, args.quick)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")
        print(f"\nwrote {args.out}")
