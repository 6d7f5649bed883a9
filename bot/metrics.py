"""What this process has done, counted: commands by outcome, how long they took, how
late the event loop ran, lost races on the store, the shards' latency.

Plain Python on purpose: the handlers count store retries on every path (the console
too), and the console must start fast, so nothing here imports the Prometheus
library. ``bot.health`` reads these numbers and serves them in Prometheus' format
when the health endpoint is on.
"""

from __future__ import annotations

import bisect
import threading
from collections import Counter
from dataclasses import dataclass, field

# Seconds. A command's answer: most are milliseconds, a big map's search a second.
COMMAND_BUCKETS_S: tuple[float, ...] = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
# How late the event loop woke: a heartbeat is at risk past a few seconds.
LAG_BUCKETS_S: tuple[float, ...] = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
OUTCOMES = ("ok", "refused", "error")


@dataclass
class Histogram:
    """Observations counted into fixed buckets (upper bounds, inclusive), with their
    sum: what a Prometheus histogram exposes."""

    bounds_s: tuple[float, ...]
    counts: list[int] = field(default_factory=list)  # one per bound, then +Inf
    total_s: float = 0.0
    observed: int = 0
    largest_s: float = 0.0

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * (len(self.bounds_s) + 1)

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(self.bounds_s, seconds)] += 1
        self.total_s += seconds
        self.observed += 1
        self.largest_s = max(self.largest_s, seconds)

    def cumulative(self) -> list[tuple[float, int]]:
        """(upper bound, observations at or under it), +Inf last."""
        running, out = 0, []
        for bound, count in zip((*self.bounds_s, float("inf")), self.counts, strict=True):
            running += count
            out.append((bound, running))
        return out

    def quantile_s(self, q: float) -> float:
        """The bucket bound under which a ``q`` share of observations fall (an upper
        estimate, as Prometheus' histogram_quantile gives); 0 with no observations."""
        if not self.observed:
            return 0.0
        wanted = q * self.observed
        for bound, running in self.cumulative():
            if running >= wanted:
                return self.largest_s if bound == float("inf") else bound
        return self.largest_s


@dataclass
class Metrics:
    """One process's counts. Thread-safe: store retries are counted from the loop, and
    nothing here is slow."""

    commands: Counter[tuple[str, str]] = field(default_factory=Counter)
    command_seconds: dict[str, Histogram] = field(default_factory=dict)
    loop_lag: Histogram = field(default_factory=lambda: Histogram(LAG_BUCKETS_S))
    store_retries: int = 0  # a compare-and-swap lost to another writer, tried again
    store_gave_up: int = 0  # "the board changed while you moved": retries ran out
    shard_latency_s: dict[int, float] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def command(self, name: str, outcome: str, seconds: float) -> None:
        """One command (or board button) answered: ``outcome`` is ok, refused or error."""
        with self._lock:
            self.commands[(name, outcome)] += 1
            histogram = self.command_seconds.get(name)
            if histogram is None:
                histogram = self.command_seconds[name] = Histogram(COMMAND_BUCKETS_S)
            histogram.observe(seconds)

    def lag(self, seconds: float) -> None:
        with self._lock:
            self.loop_lag.observe(max(0.0, seconds))

    def store_retry(self) -> None:
        with self._lock:
            self.store_retries += 1

    def store_conflict_refused(self) -> None:
        with self._lock:
            self.store_gave_up += 1

    def shard_latency(self, shard_id: int, seconds: float) -> None:
        with self._lock:
            self.shard_latency_s[shard_id] = seconds


METRICS = Metrics()  # this process's
