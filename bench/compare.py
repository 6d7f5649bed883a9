"""Two checkouts of the project measured side by side, by the same bench.

    python -m bench.compare OLD_CHECKOUT NEW_CHECKOUT            # the whole suite, 2 rounds
    python -m bench.compare OLD NEW --quick --rounds 1           # a smoke run
    python -m bench.compare OLD NEW --section move --section bands
    python -m bench.compare OLD NEW --out FILE                   # FILE and FILE's .md

The suite's sections (``python -m bench --section NAME``) run interleaved: section by
section, one checkout then the other, the first alternating from section to section
and round to round, so a noisy neighbour falls on both alike. Each run is a fresh
process of this interpreter in the measured checkout (its cwd) with NEW_CHECKOUT's
bench first on the path and the checkout's code after it: both are measured the same
way, whether or not the old checkout has a bench or one that works (``-P``: the cwd
is not put first). A section that fails on one checkout is recorded and left blank.

It writes one JSON (both checkouts' figures, each the median over the rounds, and
every round's) and docs/PERFORMANCE.md's table in Markdown beside it (printed
too). The default is ``bench/results/compare.json`` and ``compare.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import SECTIONS
from bench.compare_table import merge, table

ROOT = Path(__file__).resolve().parent


def name_of(checkout: Path) -> str:
    """The checkout's short commit (``+`` when it has changes), else its folder name."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(checkout), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return checkout.name
    return commit + ("+" if dirty else "")


def order(sections: list[str], rounds: int) -> list[tuple[int, str, tuple[str, str]]]:
    """(round, section, which side first): the sides alternate section by section
    and round by round."""
    plan = []
    for r in range(rounds):
        for i, section in enumerate(sections):
            first = ("old", "new") if (r + i) % 2 == 0 else ("new", "old")
            plan.append((r, section, first))
    return plan


def command(section: str, out: Path, quick: bool) -> list[str]:
    return [
        sys.executable,
        "-P",
        "-m",
        "bench",
        "--section",
        section,
        "--out",
        str(out),
        *(["--quick"] if quick else []),
    ]


def run_one(checkout: Path, shim: Path, section: str, out: Path, quick: bool) -> dict[str, Any]:
    """One section on one checkout in a fresh process: its report, or ``{"error"}``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shim), str(checkout)])}
    done = subprocess.run(
        command(section, out, quick), cwd=checkout, env=env, capture_output=True, text=True
    )
    print(done.stdout.rstrip(), flush=True)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-6:])
        print(f"  FAILED (exit {done.returncode}):\n{tail}", flush=True)
        return {"error": tail, "exit": done.returncode}
    report: dict[str, Any] = json.loads(out.read_text())
    if Path(report.get("code", "")).resolve() != checkout:
        return {"error": f"measured the code in {report.get('code')}, not {checkout}"}
    if Path(report.get("bench", "")).resolve() != (shim / "bench").resolve():
        return {"error": f"measured with the bench in {report.get('bench')}"}
    return report


def compare(
    checkouts: dict[str, Path], sections: list[str], rounds: int, quick: bool
) -> dict[str, Any]:
    """Both checkouts' figures: per side, every round's report and their merge."""
    rounds_of: dict[str, list[dict[str, Any]]] = {s: [{} for _ in range(rounds)] for s in checkouts}
    errors: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        shim = Path(tmp) / "path"
        shim.mkdir()
        (shim / "bench").symlink_to(checkouts["new"] / "bench", target_is_directory=True)
        for r, section, first in order(sections, rounds):
            for side in first:
                print(f"\n#### round {r + 1}, {section}: {side} ({checkouts[side]})", flush=True)
                out = Path(tmp) / f"{side}-{r}-{section}.json"
                got = run_one(checkouts[side], shim, section, out, quick)
                if "error" in got:
                    errors.append({"side": side, "round": r + 1, "section": section, **got})
                    continue
                mine = rounds_of[side][r]
                loads = {**mine.get("load", {}), **got.get("load", {})}
                mine.update(got)
                mine["load"] = loads
    return {
        side: {
            "checkout": str(checkouts[side]),
            "name": name_of(checkouts[side]),
            "figures": merge(rounds_of[side]),
            "rounds": rounds_of[side],
        }
        for side in checkouts
    } | {"errors": errors}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.compare", description=__doc__.splitlines()[0]
    )
    parser.add_argument("old", type=Path, help="the checkout before (the project's root)")
    parser.add_argument("new", type=Path, help="the checkout after; its bench measures both")
    parser.add_argument("--quick", action="store_true", help="each section's smoke run")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each side (default 2)")
    parser.add_argument(
        "--section", action="append", choices=SECTIONS, help="this section only (repeatable)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "compare.json")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    for side in (args.old, args.new):
        if not (side / "bot").is_dir():
            parser.error(f"{side} is not a checkout of the project (it has no bot/)")
    if not (args.new / "bench" / "report.py").is_file():
        parser.error(f"{args.new} has no bench/report.py to measure with")
    chosen = set(args.section or SECTIONS)
    args.sections = [s for s in SECTIONS if s in chosen]
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    checkouts = {"old": args.old.resolve(), "new": args.new.resolve()}
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    result = compare(checkouts, args.sections, args.rounds, args.quick)
    names = (f"before ({result['old']['name']})", f"after ({result['new']['name']})")
    markdown = table(result["old"]["figures"], result["new"]["figures"], names)
    result |= {
        "when": started,
        "cpus": os.cpu_count(),
        "quick": args.quick,
        "rounds": args.rounds,
        "sections": args.sections,
        "table": markdown,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    args.out.with_suffix(".md").write_text(markdown)
    print(f"\n{markdown}")
    for error in result["errors"]:
        print(f"failed: {error['side']} {error['section']} round {error['round']}")
    print(f"wrote {args.out} and {args.out.with_suffix('.md')}")


if __name__ == "__main__":
    main()
