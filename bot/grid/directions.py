"""Moves written as directions, as Avrae map users type them: ``10nw 5n`` is 10 ft
north-west, then 5 ft north (issue 29). Read here into legs, then walked square by
square from where a token stands; /move rules the squares like any path. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.errors import InvalidInput
from bot.grid.coords import Cell

# north is up the map (row 1 at the top)
COMPASS: dict[str, tuple[int, int]] = {
    "n": (0, -1),
    "ne": (1, -1),
    "e": (1, 0),
    "se": (1, 1),
    "s": (0, 1),
    "sw": (-1, 1),
    "w": (-1, 0),
    "nw": (-1, -1),
}
MAX_SQUARES = 200  # the most squares one path: walks (a map is at most 200 across)
_LEG = re.compile(r"(?:(\d+)\s*(?:ft|feet|')?\s*)?(ne|nw|se|sw|n|e|s|w)", re.IGNORECASE)
ACCEPTED = (
    'distances in feet and compass directions, e.g. path:"10nw 5n" (a bare "n" is one square)'
)


@dataclass(frozen=True)
class Leg:
    """One stretch of a directional move: which way, and how far (None: one square)."""

    across: int
    down: int
    feet: int | None
    text: str


def parse_directions(text: str | None) -> tuple[Leg, ...]:
    """``"10nw 5n"`` → its legs; anything else is an ``InvalidInput`` saying what is
    accepted."""
    if not text or not text.strip():
        return ()
    legs = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if not part:
            continue
        found = _LEG.fullmatch(part)
        if found is None:
            raise InvalidInput(f'path: "{part}" is not a direction. Use {ACCEPTED}.')
        across, down = COMPASS[found.group(2).lower()]
        feet = int(found.group(1)) if found.group(1) else None
        if feet == 0:
            raise InvalidInput(f'path: "{part}" goes nowhere. Use {ACCEPTED}.')
        legs.append(Leg(across, down, feet, part))
    return tuple(legs)


def walk(start: Cell, legs: tuple[Leg, ...], square_ft: int) -> tuple[Cell, ...]:
    """The squares ``legs`` pass from ``start``, in order (``start`` left out): each
    leg's feet in whole squares of ``square_ft``."""
    cells: list[Cell] = []
    here = start
    for leg in legs:
        feet = leg.feet if leg.feet is not None else square_ft
        if feet % square_ft:
            raise InvalidInput(
                f'path: "{leg.text}" is {feet} ft, not a whole number of {square_ft} ft '
                f"squares. Use {ACCEPTED}."
            )
        for _ in range(feet // square_ft):
            here = Cell(here.col + leg.across, here.row + leg.down)
            cells.append(here)
            if len(cells) > MAX_SQUARES:
                raise InvalidInput(f"path: walks more than {MAX_SQUARES} squares; give less.")
    return tuple(cells)


__all__ = ["COMPASS", "Leg", "parse_directions", "walk"]
