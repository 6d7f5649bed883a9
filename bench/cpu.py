"""The CPU a run took beside its wall time, and what that means per core (issue 31,
item 8): ``CpuClock`` reads both, ``per_core`` turns moves, wall and CPU seconds into
the figures the throughput section and ``python -m bench.cluster`` report.
"""

from __future__ import annotations

import os
import time
from typing import Any


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class CpuClock:
    """Wall time and CPU time (all this process's threads, and its children's that
    have ended: ``os.times``) from ``CpuClock()`` to ``read()``, in seconds."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = self._cpu()

    @staticmethod
    def _cpu() -> float:
        mine = os.times()
        return time.process_time() + mine.children_user + mine.children_system

    def read(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, self._cpu() - self.cpu


TARGET_MOVES_PER_S = 300  # issue 15's target for the whole host


def per_core(moves: int, wall_s: float, cpu_s: float) -> dict[str, Any]:
    """What ``moves`` in ``wall_s`` seconds, using ``cpu_s`` of CPU, mean per core
    (issue 31, item 8): the CPU one move costs, the moves a fully busy core would
    make, the cores the run kept busy, and what the 300 moves/s target needs of each
    of this host's cores (one process, which the interpreter lock keeps on about one
    core, needs the whole target from one core; ``python -m bench.cluster`` spreads
    it over processes)."""
    cpu_ms = 1000 * cpu_s / moves if moves else 0.0
    host = cores()
    return {
        "wall_s": round(wall_s, 3),
        "cpu_s": round(cpu_s, 3),
        "cores_busy": round(cpu_s / wall_s, 2) if wall_s else 0.0,
        "cpu_ms_per_move": round(cpu_ms, 2),
        "moves_per_s_per_core": round(1000 / cpu_ms, 1) if cpu_ms else 0.0,
        "moves_per_s_per_process": round(moves / wall_s, 1) if wall_s else 0.0,
        "cores": host,
        "target_moves_per_s": TARGET_MOVES_PER_S,
        "target_moves_per_s_per_core": round(TARGET_MOVES_PER_S / host, 1),
        "target_cpu_ms_per_move_one_process": round(1000 / TARGET_MOVES_PER_S, 2),
        "target_cpu_ms_per_move_all_cores": round(1000 * host / TARGET_MOVES_PER_S, 2),
    }
