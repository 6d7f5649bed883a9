"""Feet as every reply, embed and image label writes them.

Whole feet stay whole ("30 ft"); anything else gets one decimal ("7.1 ft", a
euclidean diagonal), so the same distance reads the same everywhere.
"""

from __future__ import annotations

import math
import re

# 000 Optional Rule: Units of Distance: one Unit is 5 ft.
FT_PER_UNIT = 5


def feet_figure(value: float) -> str:
    """The number alone: ``30``, ``7.1``, ``316,800`` (thousands separated)."""
    rounded = round(value, 1)
    return f"{int(rounded):,}" if rounded == int(rounded) else f"{rounded:,.1f}"


def feet(value: float) -> str:
    """The number with its unit: ``30 ft``."""
    return f"{feet_figure(value)} ft"


def miles_word(figure: str) -> str:
    """``figure`` (a number as written: "1", "2.5") with its unit: "1 mile", "2.5 miles"."""
    return f"{figure} {'mile' if figure == '1' else 'miles'}"


# ------------------------------------------------------------ a table's units

METRES_PER_FOOT = 0.3  # the tabletop convention: a 5 ft square is 1.5 m
SHOWN_UNITS = ("feet", "metres", "squares")
_FEET_WRITTEN = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?) ?(?:ft\b|feet\b)"
)


_FEET_PAIR = re.compile(r"(?<![\w.,/])(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?) ?ft\b")


def _number(value: float) -> str:
    rounded = math.floor(value * 10 + 0.5) / 10  # halves up: 7.5 ft is 2.3 m, as a table says
    return f"{int(rounded):,}" if rounded == int(rounded) else f"{rounded:,.1f}"


def in_units(text: str, units: str, square_ft: int = 5) -> str:
    """``text`` with every distance written in feet ("30 ft", "15 feet", "10/30 ft")
    shown in the table's ``units``: metres (1.5 m a 5 ft square) or squares of
    ``square_ft``."""
    if units == "feet":
        return text

    def number(value_ft: float) -> str:
        if units == "metres":
            return _number(value_ft * METRES_PER_FOOT)
        return _number(value_ft / square_ft)

    def unit(value_ft: float) -> str:
        if units == "metres":
            return "m"
        return "square" if value_ft == square_ft else "squares"

    def one(match: re.Match[str]) -> str:
        value_ft = float(match.group(1).replace(",", ""))
        return f"{number(value_ft)} {unit(value_ft)}"

    def pair(match: re.Match[str]) -> str:  # "10/30 ft used": both numbers are feet
        used, total = float(match.group(1)), float(match.group(2))
        return f"{number(used)}/{number(total)} {unit(total)}"

    return _FEET_WRITTEN.sub(one, _FEET_PAIR.sub(pair, text))
