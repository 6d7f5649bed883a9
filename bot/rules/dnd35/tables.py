"""The 3.5 seeds' tables as data (001 Tactical Speed; Big and Little Creatures in Combat)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from bot.grid.sizes import Size

# The share of a square a very small creature takes (001 Tiny, Diminutive, and Fine
# Creatures), as an exact fraction.
SQUARE_SHARE: Mapping[Size, Fraction] = {
    Size.TINY: Fraction(1, 4),
    Size.DIMINUTIVE: Fraction(1, 25),
    Size.FINE: Fraction(1, 100),
}


FOOTPRINTS: Mapping[Size, int] = {
    Size.FINE: 1,
    Size.DIMINUTIVE: 1,
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
    Size.COLOSSAL: 6,
}


# Table: Creature Size and Scale, Natural Reach (Tall / Long).
REACH_TALL_FT: Mapping[Size, int] = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 5,
    Size.MEDIUM: 5,
    Size.LARGE: 10,
    Size.HUGE: 15,
    Size.GARGANTUAN: 20,
    Size.COLOSSAL: 30,
}


REACH_LONG_FT: Mapping[Size, int] = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 5,
    Size.MEDIUM: 5,
    Size.LARGE: 5,
    Size.HUGE: 10,
    Size.GARGANTUAN: 15,
    Size.COLOSSAL: 20,
}


# Table: Tactical Speed: (no armor or light armor, medium or heavy armor).
TACTICAL_SPEED_FT: Mapping[str, tuple[int, int]] = {
    "human": (30, 20),
    "elf": (30, 20),
    "half-elf": (30, 20),
    "half-orc": (30, 20),
    "dwarf": (20, 20),
    "halfling": (20, 15),
    "gnome": (20, 15),
}
