"""The board message's render after a /move (issue 31, item 6), measured on its own.

    python -m bench.board_message [--n 100]      # or: python -m bench --section board

On Discord every change also edits the channel's board message (``bot.discord.board``:
refreshes coalesced per channel, the edit skipped when the board's digest is the same).
What is left per move is the board message's own render (``board_message``: the table's
board at a phone's width, through the board pool as the shell calls it). Measured:

- ``after_move``: the render just after each /move (the bench's own /move on
  ``battle_map(30)``, there and back), as the shell draws it. The move's picture has
  just drawn the same tokens on the same squares, so its cached token drawings and
  static layers are there to reuse.
- ``again``: the same board's message rendered a second time, with nothing changed:
  every layer cached. (The shell doesn't draw this at all: the digest is the same, so
  there is no edit. It is the floor a render of this board has.)

Wall clock and CPU per render (``time.process_time`` over the process, so the worker
thread's work counts). Not part of the tests: a measuring tool.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.maps import battle_map
from bench.run import _channel, _one_move, latency
from bot.handlers.board import board_message
from bot.handlers.upkeep import open_store
from bot.storage import Store

SIDE = 30


async def _render(store: Store, channel: str) -> tuple[float, float]:
    stored = await store.active_encounter(channel)
    assert stored is not None
    wall, cpu = time.perf_counter(), time.process_time()
    reply = await board_message(stored.encounter)
    assert reply.image_png, "the board message has a picture"
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


async def measure(n: int) -> dict[str, Any]:
    """The board message's render after each of ``n`` moves, and the same again."""
    after: list[float] = []
    again: list[float] = []
    cpu_after: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "board.db")
        ctx = await _channel(store, "board", battle_map(SIDE))
        for i in range(n + 4):
            await _one_move(ctx, SIDE, i)
            first, first_cpu = await _render(store, ctx.channel_id)
            second, _ = await _render(store, ctx.channel_id)
            if i >= 4:  # the first few warm the caches, as a running bot has them
                after.append(first)
                cpu_after.append(first_cpu)
                again.append(second)
        await store.close()
    return {
        "side": SIDE,
        "after_move_ms": latency(after),
        "again_ms": latency(again),
        "after_move_cpu_ms_p50": round(sorted(cpu_after)[len(cpu_after) // 2], 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100)
    args = parser.parse_args(argv)
    figures = asyncio.run(measure(args.n))
    for key in ("after_move_ms", "again_ms"):
        v = figures[key]
        print(f"  {key:<14} p50 {v['p50']:7.2f} (p25-p75 {v['p25']:.2f}-{v['p75']:.2f})")
    print(f"  CPU per render after a move, p50 {figures['after_move_cpu_ms_p50']} ms")


if __name__ == "__main__":
    main()
