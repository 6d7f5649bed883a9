"""Alternate Movement's numbers as data (000 Size, Jump, Fall, Updating A Creature's Movement)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from bot.grid.sizes import Size

# Cut points between the options (see the module docstring).
NONE_FROM = Fraction(3, 4)


HALF_FROM = Fraction(5, 12)


ONE_THIRD_FROM = Fraction(1, 4)


JUMP_HORIZONTAL_FT = 10


JUMP_VERTICAL_FT = 5


JUMP_EXTEND_DC = 10


JUMP_RUN_UP_FT = 10


JUMP_BALANCE_DC = 10  # Jumping Through Difficult Terrain


FALL_CAP_FT = 200


LIQUID_CAP_FT = 100


FT_PER_DIE = 10


FALL_PER_ROUND_FT = 500


SAVE_DC_FLOOR = 10


PRONE_DC_FLOOR = 10


FOOTPRINTS: Mapping[Size, int] = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
}
# The seed's sizes, smallest first.
SIZES: tuple[Size, ...] = tuple(FOOTPRINTS)
