"""Where a /move picture's time goes, step by step (issue 31 item 4).

    python -m bench.render_calls [--side 30] [--n 200]

Draws bench/run.py ``pictures()``'s /move picture ``--n`` times with each step
``bot.render.board`` calls wrapped in a wall-clock timer, and prints each step's
mean ms a picture, its calls a picture and its share of the whole (render +
encode). Steps called inside another (``draw_token`` inside ``_tokens``) are
indented under it and not counted again in the total; ``(rest)`` is what no wrapped
step covers (the copy of the static layer, the label strips pasted again). The
wrappers cost about a microsecond a call, so the figures are a little high.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import bot.render.board as board
from bench.bench_render import FOOTPRINTS, move_picture

# board.py's names, each with the step it runs inside (None: called by _picture itself)
STEPS: dict[str, str | None] = {
    "plan": None,
    "static_layer": None,
    "static_entry": None,
    "band_squares": None,
    "paint_overlay": None,
    "_overlay": None,
    "shown": None,
    "squares": None,
    "darkness": None,
    "grid": None,
    "bbox": None,
    "barriers": None,
    "outline": None,
    "fill_areas": None,
    "_tokens": None,
    "label_areas": None,
    "_move": None,
    "draw_token": "_tokens/_move",
    "draw_earlier_legs": "_move",
    "draw_path": "_move",
    "draw_provoked": "_move",
    "draw_cost_labels": "_move",
    "overview": None,
    "footprint_cells": None,
    "inset_corner": None,
    "put_rgb": None,
    "draw_caption": None,
    "encode_png": None,
}


def _timed(
    name: str, fn: Callable[..., Any], spent: dict[str, float], calls: dict[str, int]
) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += time.perf_counter() - start
            calls[name] += 1

    return wrapper


def breakdown(side: int, n: int) -> list[tuple[str, float, float, float]]:
    """(step, ms a picture, calls a picture, share of the whole), in ``STEPS``' order,
    then ``(rest)`` and ``total``."""
    encounter, view = move_picture(side)
    spent: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)
    saved = {name: getattr(board, name) for name in STEPS if hasattr(board, name)}
    for name, fn in saved.items():
        setattr(board, name, _timed(name, fn, spent, calls))
    try:
        for _ in range(5):  # the caches warm, as a running bot has them
            board.render_board(encounter, FOOTPRINTS, view)
        spent.clear()
        calls.clear()
        start = time.perf_counter()
        for _ in range(n):
            board.render_board(encounter, FOOTPRINTS, view)
        total = (time.perf_counter() - start) * 1000 / n
    finally:
        for name, fn in saved.items():
            setattr(board, name, fn)
    rows = []
    top = 0.0
    for name, inside in STEPS.items():
        if name not in saved:  # a step this checkout's board has not got
            continue
        ms = spent[name] * 1000 / n
        if inside is None:
            top += ms
        label = name if inside is None else f"  {name} (in {inside})"
        rows.append((label, ms, calls[name] / n, ms / total))
    rows.append(("(rest)", total - top, 0.0, (total - top) / total))
    rows.append(("total", total, 0.0, 1.0))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=30)
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"{'step':34}  ms/pic  calls  share")
    for label, ms, per, share in breakdown(args.side, args.n):
        print(f"{label:34}  {ms:6.3f}  {per:5.1f}  {share:5.1%}")


if __name__ == "__main__":
    main()
