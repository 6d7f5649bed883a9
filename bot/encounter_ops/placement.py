"""Footprints: the squares a token covers, and whether (and where) it fits."""

from __future__ import annotations

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell, check_on_map
from bot.grid.geometry import footprint
from bot.grid.terrain import Terrain
from bot.rules.base import Ruleset
from bot.rules.sizes import Size

# Terrain no token may stand in (a pit is an opening to fall into).
NO_STANDING = frozenset({Terrain.WALL, Terrain.PILLAR, Terrain.PIT})


def side(ruleset: Ruleset, size: Size) -> int:
    """Squares on a side a token of ``size`` covers under ``ruleset``."""
    return ruleset.footprint_squares.get(size, 1)


def squares_of(token: Token, ruleset: Ruleset) -> list[Cell]:
    return list(footprint(token.cell, side(ruleset, token.size)))


def shares_squares(size: Size) -> bool:
    """Tiny and smaller creatures may share a square with others."""
    return size <= Size.TINY


def size_label(size: Size, ruleset: Ruleset) -> str:
    n = side(ruleset, size)
    return size.label if n == 1 else f"{size.label}, {n}×{n} squares"


def _occupied(
    encounter: Encounter, ruleset: Ruleset, ignore: str | None = None
) -> dict[Cell, Token]:
    """Squares taken by tokens that don't share (Tiny and smaller are left out)."""
    taken: dict[Cell, Token] = {}
    for token in encounter.tokens.values():
        if token.key != ignore and not shares_squares(token.size):
            for cell in squares_of(token, ruleset):
                taken.setdefault(cell, token)
    return taken


def check_room(
    encounter: Encounter,
    ruleset: Ruleset,
    name: str,
    size: Size,
    cell: Cell,
    *,
    ignore: str | None = None,
) -> None:
    """A token of ``size`` fits with its top-left square at ``cell``, or an error says why."""
    n = side(ruleset, size)
    check_on_map(cell, encounter.width, encounter.height)
    corner = cell.offset(n - 1, n - 1)
    if not encounter.on_map(corner):
        last = Cell(encounter.width - 1, encounter.height - 1)
        raise IllegalMove(
            f"{name} ({size_label(size, ruleset)}) placed at {cell} would reach {corner}, off "
            f"the map (A1 to {last}). Pick a top-left square with room for it."
        )
    taken = {} if shares_squares(size) else _occupied(encounter, ruleset, ignore)
    for square in footprint(cell, n):
        kind = encounter.terrain_at(square)
        if kind in NO_STANDING:
            raise IllegalMove(
                f"{name} can't stand on {square}: it is {kind.value}. Pick another square "
                f"or clear it with /terrain clear cells:{square}."
            )
        other = taken.get(square)
        if other is not None:
            raise IllegalMove(
                f"{square} is taken by {other.name}. Only Tiny and smaller creatures share "
                "a square; pick another square."
            )


def first_fit(
    encounter: Encounter, ruleset: Ruleset, size: Size, *, ignore: str | None = None
) -> Cell | None:
    """The first top-left square, row by row from A1, where a token of ``size`` fits."""
    n = side(ruleset, size)
    blocked = {c for c, kind in encounter.terrain.items() if kind in NO_STANDING}
    if not shares_squares(size):
        blocked |= set(_occupied(encounter, ruleset, ignore))
    for row in range(encounter.height - n + 1):
        for col in range(encounter.width - n + 1):
            cell = Cell(col, row)
            if not any(square in blocked for square in footprint(cell, n)):
                return cell
    return None
