"""5e-alt's seed and how its rulings cite it."""

from __future__ import annotations

from fractions import Fraction

from bot.rules.rulings import Source
from bot.units import FT_PER_UNIT

SEED = "000_9613c147f2b39ce7.txt"
DOCUMENT = "Alternate Movement"


def source(*sections: str) -> Source:
    return Source("5e-alt", DOCUMENT, sections, seed_file=SEED)


def ft(value: Fraction) -> float:
    return float(value)


__all__ = ["DOCUMENT", "FT_PER_UNIT", "SEED", "ft", "source"]
