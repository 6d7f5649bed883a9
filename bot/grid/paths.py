"""What every path search shares: a step (``Edge``, ``StepFn``), a path found
(``Found``), how equally cheap paths are ranked, and the cap on one search's work.

The searches themselves are ``bot.grid.search`` (the reference, step by step) and
``bot.grid.compiled_search`` (over a ruleset's compiled step tables).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.grid.coords import Cell

EPSILON = 1e-9
# How many squares one search may expand before it gives up: a legal move across a
# 200×200 map expands a few thousand; only a search for an unreachable square on a
# huge open map comes near this (bounding one command's work; see SearchTooLarge).
MAX_NODES = 40_000


class SearchTooLarge(Exception):
    """A search hit its cap on squares expanded without deciding."""


@dataclass(frozen=True)
class Edge:
    """One legal step: where to, what it cost, the diagonal count after it, and why."""

    to: Cell
    cost_ft: float
    diagonals: int
    why: str = ""
    hampered: bool = False  # terrain or creatures made it dearer (no run, charge, step)


StepFn = Callable[[Cell, Cell, int, float], Edge | None]


@dataclass(frozen=True)
class Found:
    cells: tuple[Cell, ...]  # start first
    edges: tuple[Edge, ...]
    cost_ft: float
    diagonals: int


# What a path is ranked by, in order: feet (rounded, so float noise in 5e-alt's
# euclidean diagonals never decides), steps to avoid, squares entered, then how
# far its squares stray from the straight line between the ends, so that of
# equally cheap paths the one a table would draw wins (A4 to F4 along row 4,
# not zigzagging through row 2).
Rank = tuple[float, float, int, int]


def rank(cost_ft: float, avoid: float, steps: int, stray: int) -> Rank:
    return (round(cost_ft, 6), avoid, steps, stray)
