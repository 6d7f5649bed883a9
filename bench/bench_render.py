"""Board image rendering: how long ``render_board`` takes on the per-command path.

    python bench/bench_render.py [--n 50] [--out DIR]

Four cases, in milliseconds (p50 / p95 / max), PNG encoding included:
- ``20x20 whole``: /encounter show on the default map, 10 tokens, some terrain;
- ``30x30 move``: a /move on a 30x30 map shown whole, 16 tokens, bands, threats;
- ``100x100 move``: a /move on a 100x100 map with 20 tokens, path, speed bands;
- ``200x200 window``: /map on a 200x200 map: a window at 24 px with the inset.

``floor`` is the encode floor: the same pixels, already an indexed image, saved
as PNG at compression level 1 (the least any encoder of these pixels spends);
``x floor`` is the p50 over it. Targets: render+encode at most 2x the floor, and
the 30x30 board at most 60 KB. ``--out`` writes each case's PNG.

``--stages`` splits a /move's picture (bench/run.py's ``pictures()`` boards, at each of
its map sizes) into its stages, p50 ms: ``plan`` (the layout), ``draw`` (the drawing
into a palette image, plan excluded), ``merge`` (the colours on it and the palette
written: ``bot.render.palette_png.encode``) and ``save`` (zlib and the PNG: since
issue 31 round 4, ``palette_png.write_png``, not Pillow's save, so it can be under
the floor). ``python -m bench.render_calls`` splits ``draw`` step by step.

Baseline, main at 9d5f7f2 (issue 31 item 4), load average 0.06, p50 of 60, when the
board was drawn in RGB and encoding it meant ``search`` (the palette search,
``getcolors``), ``map`` (the pixels mapped to it, ``quantize``), then the save:

    side  total  plan  draw  search   map  save  floor  x floor  colours  KB
     20²   4.99  0.68  1.31    0.46  0.30  0.50   0.48    10.5       73  11.1
     30²   4.03  0.77  1.45    0.43  0.30  0.62   0.57     7.0       73  11.7
     50²   4.63  0.93  1.53    0.43  0.30  0.57   0.51     9.0       62  11.9
    100²   4.52  1.03  1.07    0.44  0.31  0.60   0.52     8.7       62  13.2
    200²   4.07  0.70  1.49    0.44  0.31  0.60   0.55     7.4       62  13.0

The palette search and the mapping (0.75 ms) cost more than the save; the layout
(0.7-1.0 ms, ``fitting_cell`` asking ``capacity`` ~44 times) more than either.

Drawn into a palette image (issue 31 item 4), load average 5.8 (a busy host), p50 of 60
(``colours``: of the PNG, after the merge both encoders make):

    side  total  plan  draw  merge  save  floor  x floor  colours  KB
     20²   2.29  0.10  1.20   0.11  0.48   0.48      4.8       63  10.5
     30²   2.07  0.10  1.21   0.18  0.57   0.52      4.0       63  11.1
     50²   2.02  0.10  1.17   0.09  0.54   0.55      3.7       55  11.3
    100²   2.03  0.11  1.15   0.06  0.59   0.57      3.6       55  12.4
    200²   2.29  0.14  1.06   0.09  0.58   0.59      3.9       55  12.4

What is left over the floor is the drawing itself (tokens, bands, outlines, labels,
the inset: Python calling Pillow a few hundred times a picture).

Before and after interleaved in one process (main's bot/render copied beside this
one, each picture drawn by both in turn), p50 of 80, load average 4.0 (busy):

    side  before  after  floor  before x  after x  after/before
     20²   5.71   2.89   0.68     8.4      4.3       0.51
     30²   5.21   2.64   0.65     8.0      4.1       0.51
     50²   6.85   3.43   0.86     8.0      4.0       0.50
    100²   7.69   3.83   0.78     9.9      4.9       0.50
    200²   5.63   2.65   0.71     7.9      3.7       0.47

Over twelve different moves in turn (kept tokens and insets hit less): 0.46-0.75x;
with every cache emptied before each picture (main's static layer too): 0.48-0.81x.

Issue 31 round 4 (branch render2x over 76d92ff): the bands, hatching, darkness, grid
and inner outline painted as palette-index arrays (``render/painted.py``), labels
replayed (``render/stamp.py``), the inset drawn in the board's indices, the label
strips kept per window, the PNG written by zlib itself. 76d92ff's bot/render imported
beside this one, each picture drawn by both in turn, p50 of 150 (ms, load 1.8-2.6):

    side  before  after  floor  before x  after x  after/before
     20²   2.17   1.70   0.65     3.34     2.61      0.78
     30²   2.11   1.61   0.64     3.29     2.50      0.76
     50²   2.30   1.71   0.70     3.27     2.43      0.74
    100²   2.20   1.67   0.70     3.12     2.37      0.76
    200²   2.46   1.83   0.74     3.32     2.47      0.74

Twelve different moves at 30² in turn (9 windows, so the static layer is redrawn
about half the time, as in play): 4.34x -> 3.08x the floor (0.71x).

The same on a quiet host (load 0.03-0.31, 04:19 UTC), ``python -m bench.compare
76d92ff-worktree . --section render --rounds 3`` (fresh processes, the sides in
turn, median of the rounds): 30² 2.12 -> 1.43 ms, 3.4x -> 2.3x the floor (0.67x);
per round, after: 2.06-2.55x at 20²-200². In one process, p50 of 150: 3.37 / 3.38 /
3.08 / 2.98 / 2.99x -> 2.60 / 2.65 / 2.33 / 2.23 / 2.24x; twelve moves in turn at
30² / 200²: 4.51 / 4.16x -> 2.91 / 2.76x. The floor is Pillow's save; this
checkout's own writer spends ~0.78x of it (0.50 ms at 30²), so over the pixels'
own zlib cost the picture is ~3.0x (30²) and ~2.7x (100²).
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.render.board import BoardView, MoveOverlay, render_board
from bot.render.layout import plan
from bot.rules import get_ruleset

FOOTPRINTS = get_ruleset("3.5").footprint_squares
KINDS = [Terrain.DIFFICULT] * 6 + [Terrain.WALL] * 2 + [Terrain.WATER, Terrain.PILLAR, Terrain.PIT]


def board(side: int, tokens: int, seed: int = 7, density: int = 8) -> Encounter:
    """A ``side`` x ``side`` map with one square in ``density`` holding terrain."""
    rng = random.Random(seed)
    encounter = Encounter(side, side, "3.5", "1001")
    cells = [Cell(c, r) for r in range(side) for c in range(side)]
    terrain = {cell: rng.choice(KINDS) for cell in rng.sample(cells, len(cells) // density)}
    encounter = Encounter(side, side, "3.5", "1001", terrain=terrain)
    free = [c for c in cells if c not in terrain]
    for i in range(tokens):
        cell = free.pop(rng.randrange(len(free)))
        team = ("party", "enemy", "neutral")[i % 3]
        size = Size.LARGE if i % 7 == 3 else Size.MEDIUM
        conditions = frozenset({"prone"}) if i % 5 == 4 else frozenset()
        encounter = encounter.with_token(
            Token(f"Token {i}", cell, size=size, team=team, conditions=conditions)
        )
    return encounter


def move_view(encounter: Encounter, start: Cell, length: int) -> BoardView:
    path = [start]
    for i in range(length):
        last = path[-1]
        path.append(Cell(last.col + 1, last.row + (1 if i % 3 == 0 else 0)))
    costs = tuple(5.0 * i for i in range(len(path)))
    end = path[-1]
    now = frozenset(Cell(end.col + dc, end.row + dr) for dc in range(-4, 5) for dr in range(-4, 5))
    more = frozenset(Cell(end.col + dc, end.row + dr) for dc in range(-8, 9) for dr in range(-8, 9))
    overlay = MoveOverlay(tuple(path), costs, "token-0", (start,), now, more)
    return BoardView(move=overlay)


def cases() -> dict[str, Callable[[], bytes]]:
    small = board(20, 10)
    big = board(100, 20, density=8)
    first = big.tokens["token-0"]
    big = big.with_token(Token(first.name, Cell(50, 50), team="party"))
    start = Cell(44, 48)
    move = move_view(big, start, 12)
    moved = big.with_token(
        Token(first.name, move.move.path[-1] if move.move else start, team="party")
    )
    huge = board(200, 40, density=6)
    mid = board(30, 16)
    mid_first = mid.tokens["token-0"]
    mid_move = move_view(mid, Cell(8, 10), 8)
    assert mid_move.move is not None
    mid = mid.with_token(Token(mid_first.name, mid_move.move.path[-1], team="party"))
    threats = frozenset(Cell(c, r) for c in range(18, 24) for r in range(14, 20))
    mid_view = BoardView(move=mid_move.move, threats=threats)
    return {
        "20x20 whole": lambda: render_board(small, FOOTPRINTS, BoardView(whole_map=True)),
        "30x30 move": lambda: render_board(mid, FOOTPRINTS, mid_view),
        "100x100 move": lambda: render_board(moved, FOOTPRINTS, move),
        "200x200 window": lambda: render_board(huge, FOOTPRINTS, BoardView(whole_map=True)),
    }


def measure(fn: Callable[[], object], n: int) -> list[float]:
    fn()  # warm the tile and font caches, as a running bot has them
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def floor_of(png: bytes) -> Callable[[], object]:
    """Saving these pixels, as an indexed image, at PNG level 1."""
    indexed = Image.open(io.BytesIO(png)).convert("RGB")
    colours = indexed.getcolors(256)
    if colours is None:
        indexed = indexed.quantize(256, dither=Image.Dither.NONE)
    else:
        indexed = indexed.convert("P", palette=Image.Palette.ADAPTIVE, colors=len(colours))

    def save() -> object:
        out = io.BytesIO()
        indexed.save(out, "PNG", compress_level=1)
        return out

    return save


def move_picture(side: int) -> tuple[Encounter, BoardView]:
    """bench/run.py ``pictures()``'s /move on a ``side`` x ``side`` battle map."""
    from bench.maps import HERO, battle_map, hero_cell
    from bot.handlers.board import move_view as view_of
    from bot.rules.engine.moves import MoveRequest

    here = hero_cell(side)
    result = get_ruleset("3.5").move(
        battle_map(side), MoveRequest(HERO, Cell(here.col + 3, here.row + 1))
    )
    return result.encounter, view_of(result)


def stages(n: int) -> None:
    """``--stages``: where a /move picture's time goes (see the module's docstring)."""
    from bench.run import SIZES

    print("side  total  plan  draw  merge  save  floor  x floor  colours  KB")
    for side in SIZES:
        print(f"{side:>3}²  " + _stages_of(*move_picture(side), n))


def _stages_of(encounter: Encounter, view: BoardView, n: int) -> str:
    from bot.render.board import _picture
    from bot.render.draw import encode_png

    picture = _picture(encounter, FOOTPRINTS, view, paletted=True)
    png = render_board(encounter, FOOTPRINTS, view)
    written = picture.copy()
    encode_png(written)  # its palette as written: what the save alone costs
    figures = {
        "total": lambda: render_board(encounter, FOOTPRINTS, view),
        "plan": lambda: plan(encounter, FOOTPRINTS, view),
        "image": lambda: _picture(encounter, FOOTPRINTS, view, paletted=True),
        "encode": lambda: encode_png(picture.copy()),
        "save": lambda: _write(written),
        "floor": floor_of(png),
    }
    ms = {name: statistics.median(measure(fn, n)) for name, fn in figures.items()}
    colours = len(Image.open(io.BytesIO(png)).convert("RGB").getcolors(256) or [])
    return (
        f"{ms['total']:5.2f}  {ms['plan']:4.2f}  {ms['image'] - ms['plan']:4.2f}"
        f"  {ms['encode'] - ms['save']:5.2f}  {ms['save']:4.2f}  {ms['floor']:5.2f}"
        f"  {ms['total'] / ms['floor']:7.1f}  {colours:7}  {len(png) / 1024:4.1f}"
    )


def _write(im: Image.Image) -> bytes:
    """The PNG writer ``encode_png`` ends with, on a palette already as written."""
    from bot.render.palette_png import write_png

    assert im.palette is not None
    return write_png(im.size, bytes(im.palette.palette), im.tobytes())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--stages", action="store_true", help="a /move picture's stages")
    args = parser.parse_args(argv)
    if args.stages:
        stages(args.n)
        return
    for name, fn in cases().items():
        times = measure(fn, args.n)
        png = fn()
        floor = statistics.median(measure(floor_of(png), args.n))
        p50 = statistics.median(times)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"{name:16} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {times[-1]:6.1f} ms  "
            f"floor {floor:5.1f} ms  x floor {p50 / floor:4.1f}  {len(png)} B"
        )
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name.replace(' ', '_')}.png").write_bytes(png)


if __name__ == "__main__":
    main()
