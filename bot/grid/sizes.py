"""Size categories, in order. Which ones a ruleset has is the ruleset's business."""

from __future__ import annotations

from enum import IntEnum
from functools import cache

from bot.names import Vocabulary


class Size(IntEnum):
    FINE = -4
    DIMINUTIVE = -3
    TINY = -2
    SMALL = -1
    MEDIUM = 0
    LARGE = 1
    HUGE = 2
    GARGANTUAN = 3
    COLOSSAL = 4
    TITANIC = 5

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def letter(self) -> str:
        return self.name[0] if self is not Size.TITANIC else "Ti"


_ALIASES: dict[Size, tuple[str, ...]] = {
    Size.FINE: ("f",),
    Size.DIMINUTIVE: ("d", "dim"),
    Size.TINY: ("t",),
    Size.SMALL: ("s", "sm"),
    Size.MEDIUM: ("m", "med"),
    Size.LARGE: ("l", "lg"),
    Size.HUGE: ("h",),
    Size.GARGANTUAN: ("g", "garg"),
    Size.COLOSSAL: ("c", "col"),
    Size.TITANIC: ("ti", "tit"),
}


@cache
def size_vocabulary(sizes: tuple[Size, ...]) -> Vocabulary:
    """The names a ruleset accepts for its own sizes."""
    return Vocabulary("size", {s.name.lower(): _ALIASES[s] for s in sizes})


def parse_size(text: str, sizes: tuple[Size, ...]) -> Size:
    return Size[size_vocabulary(sizes).match(text).upper()]
