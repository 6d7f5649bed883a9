"""Where one /move's wall clock goes, stage by stage (issue 31's headline target).

    python -m bench.move_stages [--sides 30 200] [--n 40]

The /move is the bench's own (``bench.run._one_move`` on ``battle_map(side)``: through
``run_line``, parse, load, rule, save, picture, the pools as the bot runs them). Each
stage is a function of the path wrapped with a wall-clock timer for the run; a stage's
figure is the median over the moves of its time per move (all its calls in that move),
with the calls per move beside it. Indented stages are parts of the one above them;
``other`` is the move's wall clock less the top-level stages (thread hops, the lock,
the reply's text). Not part of the tests: a measuring tool.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import inspect
import os
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.maps import HERO, battle_map
from bench.run import _channel, _targets
from bot.handlers import run_line
from bot.handlers.upkeep import open_store

# (label, module or class path, attribute, depth): depth 0 stages add up to the move
STAGES: tuple[tuple[str, str, str, int], ...] = (
    ("parse", "bot.handlers", "resolve", 0),
    ("load (read + decode)", "bot.storage.store:Store", "active_encounter", 0),
    ("decode", "bot.storage.store", "read", 1),
    ("settings reads", "bot.storage.settings:SettingsStore", "channel_units", 0),
    ("meta reads", "bot.storage.settings:SettingsStore", "get_meta", 0),
    ("background", "bot.handlers.move", "ctx_background", 0),
    ("ruling (real_move)", "bot.handlers.move", "real_move", 0),
    ("plan (allowance)", "bot.rules.engine.pipeline", "plan_of", 1),
    ("walled-in check", "bot.rules.engine.route", "enclosure", 1),
    ("search", "bot.rules.engine.route", "search_route", 1),
    ("result (attacks...)", "bot.rules.engine.pipeline", "result_of", 1),
    ("dump state", "bot.handlers.encounter_common", "dump_state", 0),
    ("read-back check", "bot.handlers.encounter_common", "checked_now", 0),
    ("history line", "bot.handlers.encounter_common", "history_line", 0),
    ("save", "bot.storage.store:Store", "save_encounter", 0),
    ("read-back (in save)", "bot.storage.store", "checked", 1),
    ("public view", "bot.handlers.move", "public", 0),
    ("reply text", "bot.handlers.move", "encounter_reply", 0),
    ("reach bands", "bot.handlers.board", "speed_bands", 0),
    ("picture", "bot.handlers.board", "render_board", 0),
    ("layout", "bot.render.board", "plan", 1),
    ("encode", "bot.render.board", "encode_png", 1),
    # inside several of the stages above (depth -1): shown apart, after them
    ("floods (bands)", "bot.rules.engine.overview", "band_costs", -1),
    ("map compiled", "bot.rules.engine.compiled", "map_of", -1),
    ("step tables made", "bot.rules.engine.compiled", "_Table", -1),
    ("board (Board.of)", "bot.rules.engine.board:Board", "of", -1),
)

_spent: dict[str, float] = defaultdict(float)
_calls: dict[str, int] = defaultdict(int)
_depth: dict[str, int] = {}


def _owner(path: str) -> Any:
    module_name, _, cls = path.partition(":")
    module = __import__(module_name, fromlist=["_"])
    return getattr(module, cls) if cls else module


def _timed(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def timed_async(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                _spent[label] += time.perf_counter() - start
                _calls[label] += 1

        return timed_async

    @functools.wraps(fn)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            _spent[label] += time.perf_counter() - start
            _calls[label] += 1

    return timed


def instrument() -> Callable[[], None]:
    """Wrap every stage; the function returned puts them back."""
    undo: list[tuple[Any, str, Any]] = []
    for label, path, name, depth in STAGES:
        owner = _owner(path)
        where = owner.__dict__ if isinstance(owner, type) else vars(owner)
        original = where.get(name)
        _depth[label] = depth
        if original is None:  # not in this version of the code (an older checkout)
            continue
        if isinstance(original, classmethod):
            setattr(owner, name, classmethod(_timed(label, original.__func__)))
        else:
            setattr(owner, name, _timed(label, original))
        undo.append((owner, name, original))

    def restore() -> None:
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)

    return restore


async def stages(side: int, n: int) -> dict[str, Any]:
    """The stage times of ``n`` moves at ``side``², after four that warm the caches."""
    per_move: dict[str, list[float]] = defaultdict(list)
    calls: dict[str, list[int]] = defaultdict(list)
    totals: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "stages.db")
        ctx = await _channel(store, "c", battle_map(side))
        for i in range(n + 4):
            _spent.clear()
            _calls.clear()
            start = time.perf_counter()  # as bench.run._one_move: there and back
            await run_line(ctx, f"/move token:{HERO} to:{_targets(side)[i % 2]}")
            took = (time.perf_counter() - start) * 1000
            moved = dict(_spent), dict(_calls)
            await run_line(ctx, "/turn next")  # untimed, as in the bench
            if i < 4:  # the first few warm the caches, as a running bot has them
                continue
            totals.append(took)
            _spent.clear()
            _calls.clear()
            _spent.update(moved[0])
            _calls.update(moved[1])
            top = 0.0
            for label, *_ in STAGES:
                ms = _spent.get(label, 0.0) * 1000
                per_move[label].append(ms)
                calls[label].append(_calls.get(label, 0))
                top += ms if _depth[label] == 0 else 0.0
            per_move["other"].append(took - top)
        await store.close()
    return {
        "total": statistics.median(totals),
        "p25": statistics.quantiles(totals, n=4)[0],
        "p75": statistics.quantiles(totals, n=4)[2],
        "stages": {k: statistics.median(v) for k, v in per_move.items()},
        "calls": {k: statistics.median(v) for k, v in calls.items()},
    }


def report(side: int, found: dict[str, Any]) -> str:
    lines = [
        f"/move at {side}²: p50 {found['total']:.2f} ms "
        f"(p25-p75 {found['p25']:.2f}-{found['p75']:.2f}), load {os.getloadavg()[0]:.2f}"
    ]
    for label, *_ in STAGES:
        ms, count = found["stages"][label], found["calls"][label]
        if (not count and ms < 0.005) or _depth[label] < 0:
            continue
        indent = "    " * (1 + _depth[label])
        lines.append(f"{indent}{label:<24} {ms:6.2f} ms  ×{count:g}")
    lines.append(f"    {'other (hops, lock, text)':<24} {found['stages']['other']:6.2f} ms")
    lines.append("  inside the stages above:")
    for label, *_ in STAGES:
        if _depth[label] < 0 and found["calls"][label]:
            ms, count = found["stages"][label], found["calls"][label]
            lines.append(f"    {label:<24} {ms:6.2f} ms  ×{count:g}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[30, 200])
    parser.add_argument("--n", type=int, default=40)
    args = parser.parse_args(argv)
    restore = instrument()
    try:
        for side in args.sides:
            print(report(side, asyncio.run(stages(side, args.n))))
    finally:
        restore()


if __name__ == "__main__":
    main()
