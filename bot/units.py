"""Feet as every reply, embed and image label writes them.

Whole feet stay whole ("30 ft"); anything else gets one decimal ("7.1 ft", a
euclidean diagonal), so the same distance reads the same everywhere.
"""

from __future__ import annotations

# 000 Optional Rule: Units of Distance: one Unit is 5 ft.
FT_PER_UNIT = 5


def feet_figure(value: float) -> str:
    """The number alone: ``30``, ``7.1``, ``316,800`` (thousands separated)."""
    rounded = round(value, 1)
    return f"{int(rounded):,}" if rounded == int(rounded) else f"{rounded:,.1f}"


def feet(value: float) -> str:
    """The number with its unit: ``30 ft``."""
    return f"{feet_figure(value)} ft"
