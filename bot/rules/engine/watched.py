"""A feet amount that notices being read: how the compiled step tables
(``engine/compiled.py``) find out which steps cost what the move has already spent.

The tables ask the rules for a kind of step once, handing it a spent amount of 0 as a
``Watched``; a step whose cost reads it (a mode's share of the allowance, swimming's
limit per round, 5e-alt's "all its Movement") is then asked of the rules every time,
with the real amount. Pure: no Discord, no database.
"""

from __future__ import annotations

from typing import Any, SupportsIndex


class Watched(float):
    """A feet amount that notices being read: a step the rules cost without reading
    what was spent costs the same whatever was spent."""

    read = False

    def _seen(self) -> float:
        self.read = True
        return float.__float__(self)

    def __add__(self, other: float) -> float:
        return self._seen() + other

    def __radd__(self, other: float) -> float:
        return other + self._seen()

    def __sub__(self, other: float) -> float:
        return self._seen() - other

    def __rsub__(self, other: float) -> float:
        return other - self._seen()

    def __mul__(self, other: float) -> float:
        return self._seen() * other

    def __rmul__(self, other: float) -> float:
        return other * self._seen()

    def __truediv__(self, other: float) -> float:
        return self._seen() / other

    def __rtruediv__(self, other: float) -> float:
        return other / self._seen()

    def __floordiv__(self, other: float) -> float:
        return self._seen() // other

    def __mod__(self, other: float) -> float:
        return self._seen() % other

    def __neg__(self) -> float:
        return -self._seen()

    def __abs__(self) -> float:
        return abs(self._seen())

    def __lt__(self, other: float) -> bool:
        return self._seen() < other

    def __le__(self, other: float) -> bool:
        return self._seen() <= other

    def __gt__(self, other: float) -> bool:
        return self._seen() > other

    def __ge__(self, other: float) -> bool:
        return self._seen() >= other

    def __eq__(self, other: object) -> bool:
        return self._seen() == other

    def __ne__(self, other: object) -> bool:
        return self._seen() != other

    def __hash__(self) -> int:
        return hash(self._seen())

    def __bool__(self) -> bool:
        return bool(self._seen())

    def __float__(self) -> float:
        return self._seen()

    def __int__(self) -> int:
        return int(self._seen())

    def __round__(self, ndigits: SupportsIndex | None = None) -> Any:
        return round(self._seen(), ndigits)

    def __format__(self, spec: str) -> str:
        return format(self._seen(), spec)

    def __repr__(self) -> str:
        return repr(self._seen())

    __str__ = __repr__
