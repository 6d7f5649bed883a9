"""The before/after table of ``python -m bench.compare``: two reports of the suite
(``bench/report.py``'s JSON), several rounds of each merged, as docs/PERFORMANCE.md's
Performance table in Markdown. Pure: no timing, no processes (tests/bench tests it).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

Report = dict[str, Any]
# one table cell: its text, and the number the after/before ratio is taken of
Cell = tuple[str, float | None]
MISSING: Cell = ("—", None)


def merge(reports: list[Any]) -> Any:
    """Several rounds' reports as one: each number the median of the rounds' (a
    number missing from a round is left out of its median), each dict merged key by
    key, lists of numbers element by element, anything else the first round's."""
    present = [r for r in reports if r is not None]
    if not present:
        return None
    if all(isinstance(r, dict) for r in present):
        keys = list(dict.fromkeys(k for r in present for k in r))
        return {k: merge([r.get(k) for r in present]) for k in keys}
    if all(_number(r) for r in present):
        return round(statistics.median(present), 3)
    if _same_length_lists(present):
        return [merge(list(column)) for column in zip(*present, strict=True)]
    return present[0]


def _same_length_lists(values: list[Any]) -> bool:
    return all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _get(report: Report, *path: str) -> Any:
    """``report[path[0]][path[1]]...``, or None where any step is missing."""
    value: Any = report
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _latency(key: str, size: str) -> Callable[[Report], list[Cell]]:
    def cells(report: Report) -> list[Cell]:
        p50, p95 = _get(report, key, size, "p50"), _get(report, key, size, "p95")
        if p50 is None:
            return [MISSING]
        return [(f"{p50:.1f} ({p95:.1f})" if p95 is not None else f"{p50:.1f}", p50)]

    return cells


def _each(
    key: str, names: tuple[str, ...], fmt: str, field: str = "p50"
) -> Callable[[Report], list[Cell]]:
    """One cell per name under ``key`` (the figure, or its ``field`` where a dict)."""

    def cells(report: Report) -> list[Cell]:
        out: list[Cell] = []
        for name in names:
            value = _get(report, key, name)
            value = value.get(field) if isinstance(value, dict) else value
            out.append(MISSING if value is None else (fmt.format(value), value))
        return out

    return cells


def _render(report: Report) -> list[Cell]:
    ratio, kb = _get(report, "render_over_encode_floor", "30"), report.get("png_kb_30")
    if ratio is None:
        return [MISSING]
    return [(f"{ratio:.1f}× ({kb})", ratio)]


def _busy(report: Report) -> list[Cell]:
    rate = report.get("moves_per_s_40_channels")
    if rate is None:
        return [MISSING]
    lost, lag = report.get("lost_updates"), report.get("loop_lag_ms_p95")
    return [(f"{rate:.1f} ({lost}; {lag:.0f} ms)", rate)]


def _cpu(report: Report) -> list[Cell]:
    cpu, per_core = report.get("cpu_ms_per_move"), report.get("moves_per_s_per_core")
    if cpu is None:
        return [MISSING]
    return [(f"{cpu:.2f} ({per_core:.0f}/s)", cpu)]


def _single(key: str, fmt: str) -> Callable[[Report], list[Cell]]:
    def cells(report: Report) -> list[Cell]:
        value = report.get(key)
        return [MISSING if value is None else (fmt.format(value), value)]

    return cells


BANDS = ("30ft", "60ft")
SEARCHES = ("open", "random", "maze")
SIZES = ("20", "30", "50", "100", "200")

# (the row's title, the section's key in report["load"], its cells from one report)
ROWS: list[tuple[str, str, Callable[[Report], list[Cell]]]] = [
    (f"{s}²" if s != "20" else "/move p50 (p95), ms: 20²", "move_ms", _latency("move_ms", s))
    for s in SIZES
]
ROWS += [
    (
        "reach band, 30 ft / 60 ft, ms (a new board, as after a move)",
        "bands_ms",
        _each("bands_ms", BANDS, "{:.2f}"),
    ),
    (
        'the same bands on a copy of the board (equal values, up to stop 35\'s "new"), ms',
        "bands_ms",
        _each("bands_ms_copy", BANDS, "{:.2f}"),
    ),
    (
        "the same bands on the same board again, ms",
        "bands_ms",
        _each("bands_ms_same_board", BANDS, "{:.2f}"),
    ),
    (
        "200² search vs `pathfinding` A*: open / random / maze",
        "path_200",
        _each("path_ratio_vs_pathfinding_200", SEARCHES, "{:.2f}×"),
    ),
    ("render + encode over the encode floor, 30² (KB)", "render", _render),
    ("render + encode, 30², ms", "render", _each("render", ("30",), "{:.2f}", "render_ms")),
    (
        "the board message's render after a /move, 30², ms (CPU)",
        "board_message",
        _each("board_message", ("after_move_ms", "after_move_cpu_ms_p50"), "{:.2f}"),
    ),
    ("moves/s, 40 channels at 30² (lost updates; loop lag p95)", "throughput", _busy),
    ("CPU per move in that run, ms (moves/s per core)", "throughput", _cpu),
    ("cold start, s", "process", _single("cold_start_s", "{:.2f}")),
    ("cold start, bytecode cached, s", "process", _single("cold_start_bytecode_s", "{:.2f}")),
    ("RSS with 1,000 encounters, MB", "process", _single("rss_mb_1000_encounters", "{:.0f}")),
]


def _ratio(before: list[Cell], after: list[Cell]) -> str:
    ratios = [
        f"{a / b:.2f}×" if a is not None and b else "—"
        for (_, b), (_, a) in zip(before, after, strict=False)
    ]
    return " / ".join(ratios)


def _load(report: Report, key: str) -> str:
    value = _get(report, "load", key)
    return "—" if value is None else f"{value:.1f}"


def table(before: Report, after: Report, names: tuple[str, str] = ("before", "after")) -> str:
    """docs/PERFORMANCE.md's table for two merged reports: per row both figures,
    after/before (of the p50s; for moves/s higher is better) and each run's load."""
    lines = [
        f"| | {names[0]} | {names[1]} | after/before | load (before / after) |",
        "|---|---|---|---|---|",
    ]
    for title, load_key, cells in ROWS:
        if title.startswith("RSS"):
            held = after.get("rss_encounters") or before.get("rss_encounters") or 1000
            title = f"RSS with {held:,} encounters, MB"
        old, new = cells(before), cells(after)
        if all(v is None for _, v in old + new):
            continue  # a section not run
        lines.append(
            f"| {title} | {' / '.join(t for t, _ in old)} | {' / '.join(t for t, _ in new)} "
            f"| {_ratio(old, new)} | {_load(before, load_key)} / {_load(after, load_key)} |"
        )
    return "\n".join(lines) + "\n"
