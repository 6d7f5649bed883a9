"""/move on a big board: 100x100 squares, 20 tokens, scattered terrain.

    python bench/bench_move.py [--n 200]

Two numbers per case, in milliseconds (p50 / p95 / max):
- ``rule``: the ruleset's ruling alone (search, checks, opportunity attacks);
- ``command``: the whole per-command path through the handler (lock, load
  the JSON state, rule, save with history, reply).
The issue's target is tens of milliseconds for the command.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.context import Context
from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.handlers import run
from bot.handlers.move import MOVE
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest
from bot.storage import Store

SIDE = 100
TOKENS = 20


def board(ruleset: str, seed: int = 7) -> Encounter:
    rng = random.Random(seed)
    encounter = Encounter(SIDE, SIDE, ruleset, "1001")
    kinds = [Terrain.DIFFICULT] * 6 + [Terrain.WALL] * 2 + [Terrain.WATER, Terrain.PILLAR]
    cells = [Cell(c, r) for c in range(SIDE) for r in range(SIDE)]
    for cell in rng.sample(cells, SIDE * SIDE // 8):
        if cell.col > 3 or cell.row > 3:
            encounter = encounter.with_terrain([cell], rng.choice(kinds))
    speed = 120 if ruleset == "becmi" else 30
    encounter = encounter.with_token(Token("Hero", Cell(50, 50), team="party", speed_ft=speed))
    free = [c for c in cells if c not in encounter.terrain and c != Cell(50, 50)]
    for i in range(TOKENS - 1):
        cell = rng.choice(free)
        free.remove(cell)
        team = "enemy" if i % 2 else "party"
        encounter = encounter.with_token(Token(f"T{i}", cell, team=team, speed_ft=speed))
    return encounter.with_terrain(
        [Cell(50 + dc, 50 + dr) for dc in range(-8, 9) for dr in range(-8, 9)], Terrain.CLEAR
    )


def timed(fn: Callable[[], object], n: int) -> tuple[float, float, float]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1], samples[-1]


CASES = (
    ("move 30 ft", {"to": "AZ56"}),
    ("double move", {"to": "BF40", "action": "double"}),
    ("run", {"to": "AY66", "action": "run"}),
    ("unreachable (far)", {"to": "CV100"}),
)


def show(label: str, stats: tuple[float, float, float]) -> None:
    p50, p95, top = stats
    print(f"{label:<44} {p50:8.2f} {p95:8.2f} {top:8.2f}")


def attempt(ruleset: str, encounter: Encounter, options: dict[str, str]) -> object:
    try:
        return get_ruleset(ruleset).move(
            encounter,
            MoveRequest("Hero", Cell.parse(options["to"]), action=options.get("action")),
        )
    except RulingError as exc:
        return exc


async def command_path(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        ctx = Context(store, "bench", "1001", is_gm=True, rng=random.Random(1))
        await store.start_encounter("bench", board("3.5"), user_id="1001", summary="bench")
        samples = []
        targets = ["AZ56", "AY50"]
        for i in range(n):
            start = time.perf_counter()
            await run(ctx, MOVE, {"token": "Hero", "to": targets[i % 2]})
            samples.append((time.perf_counter() - start) * 1000)
            stored = await store.active_encounter("bench")
            assert stored is not None
            hero = stored.encounter.token("Hero")
            await store.save_encounter(
                "bench",
                stored,
                stored.encounter.with_token(get_ruleset("3.5").economy.start_turn(hero)),
                user_id="1001",
                command="turn next",
                summary="bench",
            )
        samples.sort()
        show(
            "3.5 /move through the handler (command)",
            (statistics.median(samples), samples[int(len(samples) * 0.95) - 1], samples[-1]),
        )
        await store.close()


def main(n: int) -> None:
    print(f"{'case':<44} {'p50':>8} {'p95':>8} {'max':>8}  (ms, n={n})")
    for ruleset in ("5e-alt", "3.5", "epic-path", "becmi"):
        encounter = board(ruleset)
        for label, options in CASES:
            if ruleset in ("5e-alt", "becmi") and options.get("action") in ("double",):
                continue
            if ruleset == "5e-alt" and options.get("action") == "run":
                continue
            show(
                f"{ruleset} {label} (rule)",
                timed(lambda e=encounter, o=options, r=ruleset: attempt(r, e, o), n),
            )
    asyncio.run(command_path(n))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=200)
    main(parser.parse_args().n)
