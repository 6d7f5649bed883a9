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


def cold_start(reps: int, times: list[float] | None = None, *, bytecode: bool = False) -> float:
    """The median seconds of ``python -m bot ask '/fall height:60'`` (each run's seconds
    also go in ``times``, where given). The first run makes the database.

    ``bytecode``: with the checkout's modules compiled once beforehand (into a cache of
    this run's own, ``PYTHONPYCACHEPREFIX``), as ``pip install .`` leaves them in the
    Docker image. Without it, a process whose environment says
    ``PYTHONDONTWRITEBYTECODE`` (this project's image, and this bench's host) in an
    editable checkout compiles every module it imports from source on every run."""
    times = [] if times is None else times
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "STRIDE_DB": str(Path(tmp) / "cold.db")}
        if bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
            _ask(env)  # compiles what a calculator imports (and makes the database)
        for _ in range(reps):
            start = time.perf_counter()
            _ask(env)
            times.append(time.perf_counter() - start)
    return round(statistics.median(times), 3)


def _ask(env: dict[str, str]) -> None:
    subprocess.run(  # -m from the measured checkout: its bot, as a user runs it
        [sys.executable, "-m", "bot", "ask", "/fall height:60"],
        check=True,
        capture_output=True,
        env=env,
        cwd=CODE_ROOT,
    )


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
