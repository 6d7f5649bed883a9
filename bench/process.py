"""The process figures: cold start and RSS, each measured in a fresh process of the
measured checkout (``CODE_ROOT``: the checkout whose ``bot`` this process imported,
which need not hold this bench: ``python -m bench.compare`` runs this bench on an older
checkout's code).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bot

CODE_ROOT = Path(bot.__file__ or ".").resolve().parents[1]


def child_env() -> dict[str, str]:
    """The environment of a child that runs this bench on the measured code: this
    bench's package first, then the measured checkout (the same one when both are in
    one checkout)."""
    bench_parent = Path(__file__).absolute().parents[1]  # a symlinked bench stays itself
    path = dict.fromkeys([str(bench_parent), str(CODE_ROOT)])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def cold_start(reps: int, times: list[float] | None = None) -> float:
    """The median seconds of ``python -m bot ask '/fall height:60'`` (each run's seconds
    also go in ``times``, where given)."""
    times = [] if times is None else times
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "STRIDE_DB": str(Path(tmp) / "cold.db")}
        for _ in range(reps):
            start = time.perf_counter()
            subprocess.run(  # -m from the measured checkout: its bot, as a user runs it
                [sys.executable, "-m", "bot", "ask", "/fall height:60"],
                check=True,
                capture_output=True,
                env=env,
                cwd=CODE_ROOT,
            )
            times.append(time.perf_counter() - start)
    return round(statistics.median(times), 3)


def rss_1000(encounters: int) -> float:
    """Peak RSS of a fresh process (not a fork of this one) that holds ``encounters``
    running encounters and has made a /move in each (``python -m bench.rss``: this
    bench, the measured checkout's code)."""
    out = subprocess.run(
        [sys.executable, "-P", "-m", "bench.rss", str(encounters)],
        check=True,
        capture_output=True,
        text=True,
        env=child_env(),
        cwd=CODE_ROOT,
    )
    return float(out.stdout.strip().splitlines()[-1])
