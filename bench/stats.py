"""What the bench reports beside each figure: its spread and the machine's load.

A figure measured on a busy host is read with both: ``spread`` (the p25-p75 of the
samples it is the median of) and ``load`` (the 1-minute load average, the highest
seen while the figure was measured: ``Load``).
"""

from __future__ import annotations

import os
import statistics


def spread(samples: list[float], digits: int = 3) -> dict[str, float]:
    """The p25 and p75 of the samples (both the one sample where there is one)."""
    if len(samples) < 2:
        only = round(samples[0], digits) if samples else 0.0
        return {"p25": only, "p75": only}
    q = statistics.quantiles(samples, n=4)
    return {"p25": round(q[0], digits), "p75": round(q[2], digits)}


class Load:
    """The highest 1-minute load average seen from ``Load()`` to ``seen()``."""

    def __init__(self) -> None:
        self.high = os.getloadavg()[0]

    def seen(self) -> float:
        self.high = max(self.high, os.getloadavg()[0])
        return round(self.high, 2)
