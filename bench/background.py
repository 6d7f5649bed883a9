"""What accepting a map image costs (issue 38): ``python -m bench.background`` prints,
for map images of several kinds and sizes, the seconds (wall and CPU) and the memory of
``bot.render.background.prepare`` (what /map background runs), each in a fresh process,
and writes them to ``bench/results/background.json``.

The images are made in a temporary folder, busy enough not to compress to nothing and
no bigger than an upload may be (``MAX_BACKGROUND_BYTES``; each case says whether it
is): the PNGs are random colours in blocks of a few pixels (a busy, hand-drawn map),
the JPEGs smooth noise with grain (a photo). Two boards read each: a 30×20 map the
image spans (``cell_px`` left out: the board keeps 1,920 px of a 7,000 px image, so a
JPEG is read at half a side) and a 64×64 map of squares the image's width over 64 (the
board keeps 4,096 px a side or the whole image: a JPEG can't be read reduced, and the
scaling is nearly 1:1, the costliest).

``added_mb`` is what ``prepare`` adds: the child's peak resident set, set back to the
current one just before (Linux's ``clear_refs``; ``peak_reset`` says it was), less the
resident set then (Python, Pillow and the render modules imported, the upload read).
``peak_mb`` is the child's whole peak: a running bot's own memory comes on top of
``added_mb`` instead.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.process import child_env
from bench.rss import peak_rss_mb
from bench.stats import Load, spread

RESULTS = Path(__file__).resolve().parent / "results" / "background.json"
# PNG and JPEG maps of 49, 25 and 16 million pixels; at the cap (16 million), the
# busiest PNG and JPEG an upload holds, a PNG with alpha, a palette PNG, a GIF, and
# progressive JPEGs (their decoder keeps every coefficient, whatever the scale read);
# WebP over its cap and at it (9 million)
CASES = [
    *((kind, side) for kind in ("png", "jpeg") for side in (7000, 5000, 4000)),
    ("jpeg-progressive", 7000),
    *((kind, 4000) for kind in ("png-busy", "jpeg-busy", "png-rgba", "png-palette", "gif")),
    *((kind, 4000) for kind in ("jpeg-progressive", "jpeg-444-progressive")),
    ("webp", 4000),
    ("webp", 3000),
]
# (map width, map height, cell_px): the image spans a 30x20 map; or a 64x64 map of
# 109 px squares in a 7,000 px image, which keeps 4,096 px a side
BOARDS: dict[str, tuple[int, int, int | None]] = {"30x20": (30, 20, None), "64x64": (64, 64, 0)}


def make_image(kind: str, side: int, folder: Path) -> Path:
    """A busy map image of ``side`` px a side, under an upload's size."""
    from PIL import Image

    def noise(size: int, sigma: float) -> Image.Image:
        return Image.merge("RGB", [Image.effect_noise((size, size), sigma) for _ in range(3)])

    def blocks(block: int) -> Image.Image:  # random colours in squares of ``block`` px
        return noise(side // block + 1, 64).resize((side, side), Image.Resampling.NEAREST)

    def photo() -> Image.Image:  # smooth colour with a fine grain
        smooth = noise(side // 16 + 1, 80).resize((side, side), Image.Resampling.BICUBIC)
        return Image.blend(smooth, Image.effect_noise((side, side), 6).convert("RGB"), 0.15)

    suffix = {"png": "png", "webp": "webp", "gif": "gif"}.get(kind.split("-")[0], "jpg")
    path = folder / f"{kind}-{side}.{suffix}"
    if kind == "png":  # 7 px blocks: a 7,000 px PNG of them is under an upload's 8 MB
        blocks(7).save(path, "PNG")
    elif kind == "png-busy":  # 3 px blocks: 7.4 MB at 4,000 px, as busy as fits an upload
        blocks(3).save(path, "PNG")
    elif kind == "png-rgba":
        image = blocks(7)
        image.putalpha(blocks(7).getchannel("G"))  # see-through in places, as a token sheet
        image.save(path, "PNG")
    elif kind == "png-palette":
        blocks(5).quantize(256).save(path, "PNG")
    elif kind == "gif":
        blocks(5).quantize(256).save(path, "GIF")
    elif kind == "webp":
        photo().save(path, "WEBP", quality=80, method=0)
    elif kind == "jpeg-busy":  # coloured grain: 7.5 MB at 4,000 px
        image = Image.blend(photo(), noise(side, 60), 0.25)
        image.save(path, "JPEG", quality=90)
    else:  # jpeg, jpeg-progressive, jpeg-444-progressive (no chroma subsampling)
        progressive, subsampling = "progressive" in kind, 0 if "444" in kind else 2
        photo().save(path, "JPEG", quality=80, progressive=progressive, subsampling=subsampling)
    return path


def accept(path: Path, board: str) -> dict[str, Any]:
    """One /map background's work on ``path``, in this process: its seconds and memory."""
    from bot.errors import InvalidInput
    from bot.render.background import prepare

    data = path.read_bytes()
    width, height, cell_px = BOARDS[board]
    if cell_px == 0:
        cell_px = _cell_for(path, width)
    before_mb = _rss_mb()
    fresh = _reset_peak()
    cpu = _cpu_s()
    start = time.perf_counter()
    try:
        prepared = prepare(data, map_width=width, map_height=height, cell_px=cell_px)
        outcome = f"accepted: {prepared.px_per_square} px a square"
    except InvalidInput as refused:
        outcome = f"refused: {refused}"
    seconds = time.perf_counter() - start
    cpu = _cpu_s() - cpu
    peak = peak_rss_mb()
    return {
        "seconds": round(seconds, 3),
        "cpu_s": round(cpu, 3),
        "peak_mb": round(peak, 1),
        "added_mb": round(peak - before_mb, 1),
        "peak_reset": fresh,
        "outcome": outcome,
    }


def _reset_peak() -> bool:
    """The peak resident set set back to the current one (Linux: ``clear_refs`` 5), so
    the peak read after is the work's own; False where that can't be done (the peak is
    then the process's, imports and all)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def _cpu_s() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _cell_for(path: Path, squares: int) -> int:
    """The 64x64 board's squares: the image's width over 64 (109 px at 7,000 px)."""
    from PIL import Image

    with Image.open(path) as image:
        return image.width // squares


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return peak_rss_mb()


def in_child(path: Path, board: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.background", "--one", str(path), board],
        check=True,
        capture_output=True,
        text=True,
        env=child_env(),
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def measure(cases: list[tuple[str, int]], reps: int) -> dict[str, Any]:
    """Every case on both boards, ``reps`` fresh processes each: the median seconds (wall
    and CPU) and the highest peak."""
    from bot.handlers.backgrounds import MAX_BACKGROUND_BYTES
    from bot.render import background

    found: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, side in cases:
            path = make_image(kind, side, Path(tmp))
            size = path.stat().st_size
            for board in BOARDS:
                load = Load()
                runs = [in_child(path, board) for _ in range(reps)]
                seconds = [r["seconds"] for r in runs]
                case = {
                    "kind": kind,
                    "side": side,
                    "megapixels": round(side * side / 1e6, 1),
                    "file_mb": round(size / 1e6, 2),
                    "under_upload_cap": size <= MAX_BACKGROUND_BYTES,
                    "board": board,
                    "seconds": round(statistics.median(seconds), 3),
                    "seconds_spread": spread(seconds),
                    "cpu_s": round(statistics.median(r["cpu_s"] for r in runs), 3),
                    "peak_mb": max(r["peak_mb"] for r in runs),
                    "added_mb": max(r["added_mb"] for r in runs),
                    "peak_reset": all(r["peak_reset"] for r in runs),
                    "outcome": runs[0]["outcome"],
                    "load": load.seen(),
                }
                found.append(case)
                print(_line(case), flush=True)
            path.unlink()
    return {
        # the caps of the code measured (None: before issue 38's)
        "max_decoded_pixels": getattr(background, "MAX_DECODED_PIXELS", None),
        "max_webp_pixels": getattr(background, "MAX_WEBP_PIXELS", None),
        "cpus": os.cpu_count(),
        "reps": reps,
        "cases": found,
    }


def _line(case: dict[str, Any]) -> str:
    return (
        f"{case['kind']:>20} {case['side']:>5}² ({case['file_mb']:>5} MB) on {case['board']:>5}: "
        f"{case['seconds']:>6.3f} s ({case['cpu_s']:.3f} s CPU), +{case['added_mb']:>5.1f} MB "
        f"(peak {case['peak_mb']:.1f}), load {case['load']}: {case['outcome'][:40]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--one", nargs=2, metavar=("IMAGE", "BOARD"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--cases", default=",".join(f"{k}:{s}" for k, s in CASES), help="kind:side,..."
    )
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS, help="'-': print only")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(accept(Path(args.one[0]), args.one[1])))
        return
    cases = [(k, int(s)) for k, s in (c.split(":") for c in args.cases.split(","))]
    report = measure(cases, args.reps)
    if str(args.out) != "-":
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
