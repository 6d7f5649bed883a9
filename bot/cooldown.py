"""How often one user may run the commands that cost the bot real work (a /move's
path search, a /map picture): a token bucket per user, plus a cap on how many of
theirs may run at once. Pure and clock-injected, so it is tested without waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BURST = 20  # costly commands a user may send back to back (a GM moving a horde)
REFILL_S = 1.0  # then one more every this many seconds
AT_ONCE = 3  # of theirs running at the same time
PRUNE_AT = 1_000  # users remembered before the idle ones are forgotten


@dataclass
class _Bucket:
    tokens: float
    at: float
    running: int = 0


@dataclass
class Cooldown:
    burst: int = BURST
    refill_s: float = REFILL_S
    at_once: int = AT_ONCE
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def take(self, user_id: str, now: float) -> float:
        """Start one costly command for ``user_id``: 0.0 when it may run (the caller
        must ``release`` it when done), else how many seconds to wait."""
        if len(self._buckets) >= PRUNE_AT:
            self._forget_idle(now)
        bucket = self._buckets.get(user_id)
        if bucket is None:
            bucket = self._buckets[user_id] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) / self.refill_s)
        bucket.at = now
        if bucket.running >= self.at_once:
            return self.refill_s
        if bucket.tokens < 1.0:
            return (1.0 - bucket.tokens) * self.refill_s
        bucket.tokens -= 1.0
        bucket.running += 1
        return 0.0

    def release(self, user_id: str) -> None:
        bucket = self._buckets.get(user_id)
        if bucket is not None and bucket.running > 0:
            bucket.running -= 1

    def _forget_idle(self, now: float) -> None:
        """Users with nothing running whose bucket has refilled: nothing to remember."""
        full_after = self.burst * self.refill_s
        self._buckets = {
            u: b for u, b in self._buckets.items() if b.running or now - b.at < full_after
        }

    def __len__(self) -> int:
        return len(self._buckets)
