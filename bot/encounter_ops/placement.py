"""Footprints: the squares a token covers, and whether (and where) it fits."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell, check_on_map
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.ruleset import Ruleset

# Terrain no token may stand in (a pit is an opening to fall into).
NO_STANDING = frozenset({Terrain.WALL, Terrain.PILLAR, Terrain.PIT, Terrain.EARTH})


def side(ruleset: Ruleset, size: Size) -> int:
    """Squares on a side a token of ``size`` covers under ``ruleset``."""
    return ruleset.footprint_squares.get(size, 1)


def squares_of(token: Token, ruleset: Ruleset) -> list[Cell]:
    return list(footprint(token.cell, side(ruleset, token.size)))


def size_label(size: Size, ruleset: Ruleset) -> str:
    n = side(ruleset, size)
    return size.label if n == 1 else f"{size.label}, {n}×{n} squares"


def check_room(
    encounter: Encounter, ruleset: Ruleset, token: Token, *, ignore: str | None = None
) -> None:
    """``token`` fits where it stands (its ``cell`` the top-left square), or an error
    says why. ``ignore`` is the token's old key when it is being edited. Who may
    share a square is the ruleset's own rule, the one that ends a /move."""
    n = side(ruleset, token.size)
    cell = token.cell
    check_on_map(cell, encounter.width, encounter.height)
    corner = cell.offset(n - 1, n - 1)
    if not encounter.on_map(corner):
        last = Cell(encounter.width - 1, encounter.height - 1)
        raise IllegalMove(
            f"{token.name} ({size_label(token.size, ruleset)}) placed at {cell} would reach "
            f"{corner}, off the map (A1 to {last}). Pick a top-left square with room for it."
        )
    for square in footprint(cell, n):
        kind = encounter.terrain_at(square)
        if kind in NO_STANDING:
            raise IllegalMove(
                f"{token.name} can't stand on {square}: it is {kind.value}. Pick another "
                f"square or clear it with /terrain clear cells:{square}."
            )
    others = encounter.without_token(ignore) if ignore is not None else encounter
    problem = ruleset.for_encounter(encounter).standing_problem(others, replace(token, cell=cell))
    if problem:
        raise IllegalMove(f"{token.name} can't stand at {cell}: {problem}. Pick another square.")


def may_share(encounter: Encounter, ruleset: Ruleset, a: Token, b: Token) -> bool:
    """Whether ``a`` and ``b`` may stand on a common square: one rides the other, one
    grapples the other, they are at different heights, or the ruleset's sharing rule
    (the one that ends a /move) lets one of them stand in the other's space."""
    if a.riding == b.key or b.riding == a.key:
        return True
    if a.key in b.grappled_by or b.key in a.grappled_by:
        return True  # grapplers may share a space where the ruleset's grapple does
    if a.altitude_ft != b.altitude_ft:
        return True
    rules = ruleset.for_encounter(encounter)
    return any(
        not rules.standing_problem(replace(encounter, tokens={other.key: other}), mover)
        for mover, other in ((a, b), (b, a))
    )


def first_fit(
    encounter: Encounter, ruleset: Ruleset, size: Size, *, ignore: str | None = None
) -> Cell | None:
    """The first top-left square, row by row from A1, where a token of ``size`` fits
    alone (a token placed without at: never lands on another)."""
    n = side(ruleset, size)
    blocked = {c for c, kind in encounter.terrain.items() if kind in NO_STANDING}
    for key, token in encounter.tokens.items():
        if key != ignore:
            blocked.update(squares_of(token, ruleset))
    for row in range(encounter.height - n + 1):
        for col in range(encounter.width - n + 1):
            cell = Cell(col, row)
            if not any(square in blocked for square in footprint(cell, n)):
                return cell
    return None
