"""The benchmark suite: every figure issue 15 sets a target for, in one command.

    python -m bench                 # the whole suite (a few minutes)
    python -m bench --quick         # fewer samples: a smoke run
    python -m bench --out FILE      # where the JSON goes (default bench/results/latest.json)

It needs the ``bench`` extra (``pip install -e '.[bench]'``: the ``pathfinding``
package the long searches are compared with). Contenders that are compared are run
alternately in one process, so a noisy neighbour slows both alike. It prints a table
of medians (p95 for latencies) and writes the figures as JSON. Not part of the tests.
"""

from __future__ import annotations

import asyncio
import io
import math
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PIL import Image

from bench.cpu import CpuClock, per_core
from bench.maps import HERO, after_moves, battle_map, hero_cell, maze, open_map, random_terrain
from bench.stats import spread
from bot.context import Context
from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.search import Found, cheapest_path
from bot.grid.terrain import Terrain
from bot.handlers import run_line
from bot.handlers.board import move_view
from bot.render.board import render_board
from bot.rules import get_ruleset
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.overview import band_costs
from bot.rules.engine.search import step_for
from bot.storage import Store

SIZES = (20, 30, 50, 100, 200)
RULESETS = ("3.5", "epic-path", "becmi", "5e-alt", "5e", "5e-2024")
ROOT = Path(__file__).resolve().parent
FOOTPRINTS = get_ruleset("3.5").footprint_squares
Samples = list[float]


def p50(samples: Samples) -> float:
    return statistics.median(samples)


def p95(samples: Samples) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def latency(samples: Samples) -> dict[str, float]:
    return {
        "p50": round(p50(samples), 3),
        "p95": round(p95(samples), 3),
        "n": len(samples),
        **spread(samples),
    }


# ------------------------------------------------------------------ /move end to end


async def _channel(store: Store, name: str, encounter: Encounter) -> Context:
    await store.start_encounter(name, encounter, user_id="1001", summary="bench")
    return Context(store, name, "1001", is_gm=True, rng=random.Random(1))


def _targets(side: int) -> tuple[str, str]:
    here = hero_cell(side)
    return str(Cell(here.col + 3, here.row + 1)), str(here)


async def _one_move(ctx: Context, side: int, i: int) -> float:
    """One timed /move (there and back on alternate calls), then an untimed new round."""
    target = _targets(side)[i % 2]
    start = time.perf_counter()
    await run_line(ctx, f"/move token:{HERO} to:{target}")
    took = (time.perf_counter() - start) * 1000
    await run_line(ctx, "/turn next")
    return took


async def move_latencies(cases: dict[str, tuple[int, Encounter]], n: int) -> dict[str, Samples]:
    """/move through ``run_line`` (parse, load, rule, save, picture), the cases taking
    turns move by move so drift in the machine's speed falls on all of them."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        contexts = {name: await _channel(store, name, enc) for name, (_, enc) in cases.items()}
        out: dict[str, Samples] = {name: [] for name in cases}
        for i in range(n + 4):
            for name, (side, _) in cases.items():
                took = await _one_move(contexts[name], side, i)
                if i >= 4:  # the first few warm the caches, as a running bot has them
                    out[name].append(took)
        await store.close()
    return out


# ------------------------------------------------------------------ reach bands


def _band_context(encounter: Encounter) -> tuple[Any, StepContext]:
    rules = get_ruleset(encounter.ruleset).for_encounter(encounter)
    token = encounter.token(HERO)
    movement = rules.sheet.token_movement(token)
    allowance = rules.economy.allowance(
        encounter, token, MoveRequest(HERO, to=token.cell, action="double"), movement
    )
    board = Board.of(encounter, token, rules.footprint_squares)
    return rules, StepContext(board, movement, allowance, stood=False)


def bands(n: int, *, board: str = "new") -> dict[str, Samples]:
    """One reach band's flood (the board and step context built fresh, as each /move
    builds them) for a 30 ft and a 60 ft budget on the 50x50 battle map.

    ``board``: "new", every flood on an encounter unlike the last, as after real moves
    (two boards in turn, flood by flood, ``bench.maps.after_moves``: the hero and the
    creature nearest it each a square apart, so the squares near creatures change);
    "copy", on a copy of one encounter, equal by value (every cache kept by value hits:
    the figure the bench called "a new board" up to stop 35); "same", on the same
    encounter (a second band, /distance, a refusal's second search reuse its tables)."""
    battle = battle_map(50)
    boards = after_moves(battle) if board == "new" else (battle, battle)
    out: dict[str, Samples] = {"30ft": [], "60ft": []}
    for i in range(n + 3):
        for k, (budget, key) in enumerate(((30.0, "30ft"), (60.0, "60ft"))):
            encounter = boards[k]  # each flood on the board the last one wasn't on
            encounter = encounter if board == "same" else replace(encounter)
            start = time.perf_counter()
            rules, ctx = _band_context(encounter)
            band_costs(rules, ctx, budget)
            if i >= 3:
                out[key].append((time.perf_counter() - start) * 1000)
    return out


# ------------------------------------------------------------------ long searches


def our_path(encounter: Encounter, goal: Cell) -> Found | None:
    """An unbounded 3.5 search (exact 1-2-1-2 costs), board and context included."""
    rules, ctx = _band_context(encounter)
    return cheapest_path(
        encounter.token(HERO).cell,
        goal,
        step_for(rules, ctx),
        budget_ft=1e9,
        min_step_ft=rules.steps.min_step_ft(ctx),
        parity=rules.diagonal_parity,
        max_nodes=10**8,
    )


def their_path(matrix: list[list[int]], side: int) -> Callable[[], int]:
    """The ``pathfinding`` package's plain A* (diagonals allowed where no wall is in the
    way, difficult terrain weight 2) on the same map."""
    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid
    from pathfinding.finder.a_star import AStarFinder

    grid = Grid(matrix=matrix)
    finder = AStarFinder(diagonal_movement=DiagonalMovement.only_when_no_obstacle)

    def run() -> int:
        grid.cleanup()
        path, _ = finder.find_path(grid.node(0, 0), grid.node(side - 1, side - 1), grid)
        return len(path)

    return run


def search_maps(side: int) -> tuple[tuple[str, dict[Cell, Terrain]], ...]:
    """The three maps the long search is measured on: open ground, random terrain, a maze."""
    return (("open", open_map(side)), ("random", random_terrain(side)), ("maze", maze(side)))


def search_case(
    terrain: dict[Cell, Terrain], side: int
) -> tuple[Encounter, Callable[[], int], Cell]:
    """A 3.5 map of ``terrain`` with the hero in the top-left corner, ``pathfinding``'s
    A* over the same squares (walls closed, difficult terrain double), and the goal in
    the far corner."""
    encounter = Encounter(side, side, "3.5", "1001", terrain=terrain).with_token(
        Token(HERO, Cell(0, 0), team="party", speed_ft=30)
    )
    weight = {Terrain.DIFFICULT: 2, Terrain.WALL: 0}
    matrix = [
        [weight.get(terrain.get(Cell(c, r), Terrain.CLEAR), 1) for c in range(side)]
        for r in range(side)
    ]
    return encounter, their_path(matrix, side), Cell(side - 1, side - 1)


def paths(reps: int, side: int = 200) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name, terrain in search_maps(side):
        encounter, theirs, goal = search_case(terrain, side)
        ours_ms: Samples = []
        theirs_ms: Samples = []
        found: Found | None = None
        for _ in range(reps):
            start = time.perf_counter()
            found = our_path(encounter, goal)
            ours_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            theirs()
            theirs_ms.append((time.perf_counter() - start) * 1000)
        out[name] = {
            "ours_ms": round(p50(ours_ms), 2),
            "pathfinding_ms": round(p50(theirs_ms), 2),
            "ours_p25_p75_ms": list(spread(ours_ms, 2).values()),
            "pathfinding_p25_p75_ms": list(spread(theirs_ms, 2).values()),
            "ratio": round(p50(ours_ms) / p50(theirs_ms), 3),
            "cost_ft": found.cost_ft if found else -1.0,
            "squares": len(found.cells) if found else 0,
        }
    return out


# ------------------------------------------------------------------ the picture


def _floor(png: bytes) -> Callable[[], object]:
    """The encode floor: the same pixels, as an indexed image, saved at PNG level 1."""
    pixels = Image.open(io.BytesIO(png)).convert("RGB")
    colours = pixels.getcolors(256)
    indexed = (
        pixels.quantize(256, dither=Image.Dither.NONE)
        if colours is None
        else pixels.convert("P", palette=Image.Palette.ADAPTIVE, colors=len(colours))
    )

    def save() -> object:
        out = io.BytesIO()
        indexed.save(out, "PNG", compress_level=1)
        return out

    return save


def pictures(n: int) -> dict[str, dict[str, float]]:
    """A /move's picture per map size: render + encode, over the encode floor."""
    out: dict[str, dict[str, float]] = {}
    for side in SIZES:
        encounter = battle_map(side)
        rules = get_ruleset("3.5")
        here = hero_cell(side)
        result = rules.move(encounter, MoveRequest(HERO, Cell(here.col + 3, here.row + 1)))
        view = move_view(result)

        def draw(e: Encounter = result.encounter, v: Any = view, f: Any = FOOTPRINTS) -> bytes:
            return render_board(e, f, v)

        png = draw()
        floor = _floor(png)
        drawn: Samples = []
        floors: Samples = []
        for i in range(n + 2):
            start = time.perf_counter()
            draw()
            took = (time.perf_counter() - start) * 1000
            start = time.perf_counter()
            floor()
            if i >= 2:
                drawn.append(took)
                floors.append((time.perf_counter() - start) * 1000)
        out[str(side)] = {
            "render_ms": round(p50(drawn), 3),
            "floor_ms": round(p50(floors), 3),
            "render_p25_p75_ms": list(spread(drawn).values()),
            "ratio": round(p50(drawn) / p50(floors), 3),
            "png_kb": round(len(png) / 1024, 1),
        }
    return out


# ------------------------------------------------------------------ many channels


def _busy_map(side: int, tokens: int) -> tuple[Encounter, list[tuple[str, str, str]]]:
    """A battle map with ``tokens`` tokens in a column, each stepping one square right
    and back: (name, there, back)."""
    encounter = battle_map(side, tokens=1)
    moves = []
    cells = []
    for i in range(tokens):
        cell = Cell(3, 2 + 3 * i)
        cells += [cell, Cell(4, cell.row)]
        moves.append((f"Runner{i}", str(Cell(4, cell.row)), str(cell)))
    encounter = encounter.with_terrain(cells, Terrain.CLEAR)
    for i in range(tokens):
        encounter = encounter.with_token(
            Token(f"Runner{i}", Cell(3, 2 + 3 * i), team="party", speed_ft=30)
        )
    return encounter, moves


async def throughput(channels: int, rounds: int, side: int = 30, tokens: int = 8) -> dict[str, Any]:
    """``channels`` channels at once, each moving ``tokens`` tokens concurrently per
    round (then /turn next): moves a second, refusals, updates lost, event-loop lag,
    and the CPU a move took (``per_core``: the rounds' /turn next and the bench's
    read-back of each round count in it, as a bot's other commands would)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "busy.db")
        encounter, moves = _busy_map(side, tokens)
        contexts = [await _channel(store, f"busy-{i}", encounter) for i in range(channels)]
        lags: Samples = []
        running = True

        async def watch() -> None:
            while running:
                start = time.perf_counter()
                await asyncio.sleep(0.005)
                lags.append((time.perf_counter() - start - 0.005) * 1000)

        done = refused = lost = 0

        async def one(ctx: Context, name: str, to: str) -> bool:
            try:
                await run_line(ctx, f"/move token:{name} to:{to}")
                return True
            except RulingError:
                return False

        async def channel(ctx: Context) -> None:
            nonlocal done, refused, lost
            for r in range(rounds):
                wanted = {name: (there if r % 2 == 0 else back) for name, there, back in moves}
                ok = await asyncio.gather(*(one(ctx, n, to) for n, to in wanted.items()))
                await run_line(ctx, "/turn next")
                stored = await store.active_encounter(ctx.channel_id)
                assert stored is not None
                for (name, to), moved in zip(wanted.items(), ok, strict=True):
                    if not moved:
                        refused += 1
                        continue
                    done += 1
                    if str(stored.encounter.token(name).cell) != to:
                        lost += 1

        watcher = asyncio.create_task(watch())
        clock = CpuClock()
        await asyncio.gather(*(channel(ctx) for ctx in contexts))
        seconds, cpu_s = clock.read()
        running = False
        await watcher
        await store.close()
    return {
        "moves_per_s": round(done / seconds, 1),
        "moves": done,
        "refused": refused,
        "lost_updates": lost,
        "loop_lag_ms_p95": round(p95(lags), 2) if lags else 0.0,
        **per_core(done, seconds, cpu_s),
    }


# ------------------------------------------------------------------ the report


def main(argv: list[str] | None = None) -> None:
    """The whole suite (``bench/report.py`` runs the sections and writes the JSON)."""
    from bench.report import main as report

    report(argv)


if __name__ == "__main__":
    main()
