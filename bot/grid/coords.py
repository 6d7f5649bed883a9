"""Cells as players name them on a battle map: column letters, then row number.

``A1`` is the top-left square; columns run ``A``..``Z``, ``AA``, ``AB``...
(as spreadsheets and most battle-map images label them). ``Cell.parse("c4")``
and ``str(cell)`` round-trip; inside the code a cell is a zero-based
``(col, row)`` pair, cheap to hash.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from bot.errors import InvalidInput

_CELL = re.compile(r"([A-Za-z]{1,3})\s*(\d{1,4})")
CELL_HELP = "a column letter and a row number, e.g. A1 or AB12"
CELLS_HELP = (
    "cells separated by spaces or commas: single cells (C3), runs along a column or "
    "row (E3-E6, C3-F3) and rectangles by opposite corners (F1:H2)"
)


def column_name(col: int) -> str:
    """0 → A, 25 → Z, 26 → AA (bijective base 26); a column left of A is "?"."""
    if col < 0:
        return "?"
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


class Cell(NamedTuple):
    """One square of the grid, zero-based."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{column_name(self.col)}{self.row + 1}"

    @classmethod
    def parse(cls, text: str) -> Cell:
        match = _CELL.fullmatch(text.strip())
        if match is None or int(match.group(2)) < 1:
            raise InvalidInput(f'"{text}" is not a square. Use {CELL_HELP}.')
        return cls(column_index(match.group(1)), int(match.group(2)) - 1)

    def offset(self, dcol: int, drow: int) -> Cell:
        return Cell(self.col + dcol, self.row + drow)


def check_on_map(cell: Cell, width: int, height: int, text: str | None = None) -> Cell:
    if not (0 <= cell.col < width and 0 <= cell.row < height):
        last = Cell(width - 1, height - 1)
        raise InvalidInput(
            f"{text or cell} is off the map: it runs from A1 to {last} "
            f"({width} columns by {height} rows)."
        )
    return cell


def parse_on_map(text: str, width: int, height: int) -> Cell:
    return check_on_map(Cell.parse(text), width, height, text.strip().upper())


def parse_cells(text: str, width: int, height: int, *, limit: int | None = None) -> list[Cell]:
    """``"C3 D3 E3-E6 F1:H2"`` → the cells, in order of mention, without repeats.

    A run (``E3-E6``) must keep its column or its row; a rectangle (``F1:H2``)
    takes any two opposite corners. Every cell must be on the map.
    """
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts:
        raise InvalidInput(f"No cells given. Use {CELLS_HELP}.")
    seen: dict[Cell, None] = {}
    for part in parts:
        for cell in _expand(part, width, height):
            seen[cell] = None
            if limit is not None and len(seen) > limit:
                raise InvalidInput(f"That is more than {limit} cells at once.")
    return list(seen)


def parse_waypoints(text: str | None) -> tuple[Cell, ...]:
    """``"C3, E5"`` or ``"C3 → E5"`` → the squares a path must pass, in order.

    Unlike ``parse_cells`` the order matters and a square may come back
    (there and back again); runs and rectangles mean nothing here.
    """
    if not text:
        return ()
    parts = [p for p in re.split(r"[\s,;]+|→|->", text.strip()) if p]
    for part in parts:
        if ":" in part or "-" in part:
            raise InvalidInput(
                f'"{part}": via: lists single squares in the order to pass them, e.g. via:"C3, E5".'
            )
    return tuple(Cell.parse(p) for p in parts)


def _expand(part: str, width: int, height: int) -> list[Cell]:
    for sep in (":", "-"):
        if sep in part:
            first_text, _, last_text = part.partition(sep)
            try:
                first = parse_on_map(first_text, width, height)
                last = parse_on_map(last_text, width, height)
            except InvalidInput as exc:
                raise InvalidInput(f'"{part}": {exc} Accepted: {CELLS_HELP}.') from exc
            if sep == "-" and first.col != last.col and first.row != last.row:
                raise InvalidInput(
                    f'"{part}" is neither a column nor a row run. For a rectangle '
                    f"write its corners with a colon: {first}:{last}."
                )
            cols = range(min(first.col, last.col), max(first.col, last.col) + 1)
            rows = range(min(first.row, last.row), max(first.row, last.row) + 1)
            return [Cell(c, r) for r in rows for c in cols]
    try:
        return [parse_on_map(part, width, height)]
    except InvalidInput as exc:
        raise InvalidInput(f"{exc} Accepted: {CELLS_HELP}.") from exc


EdgeKey = tuple[Cell, Cell]
SIDES = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}
EDGES_HELP = (
    'pairs of side-by-side squares, "C3/C4 D3/D4", or squares and a side: cells:"C3-E3" side:south'
)


def edge_key(a: Cell, b: Cell) -> EdgeKey:
    """The edge between two side-by-side squares, the same whichever is named first."""
    return (a, b) if (a.row, a.col) <= (b.row, b.col) else (b, a)


def edge_name(edge: EdgeKey) -> str:
    return f"{edge[0]}/{edge[1]}"


def parse_edges(text: str, width: int, height: int, side: str | None = None) -> list[EdgeKey]:
    """Edges between squares: ``"C3/C4 D3/D4"``, or with ``side`` ("south"...) the
    given side of every square in ``text`` (lists, runs and rectangles as for cells)."""
    if side is not None:
        step = SIDES.get(side.strip().lower())
        if step is None:
            raise InvalidInput(f'side: "{side}" is not a side. Use north, south, east or west.')
        edges = []
        for cell in parse_cells(text, width, height):
            other = cell.offset(*step)
            if 0 <= other.col < width and 0 <= other.row < height:
                edges.append(edge_key(cell, other))
        if not edges:
            raise InvalidInput(f"Those squares have no {side} neighbours on the map.")
        return list(dict.fromkeys(edges))
    found: dict[EdgeKey, None] = {}
    for part in (p for p in re.split(r"[\s,;]+", text.strip()) if p):
        first, sep, second = part.partition("/")
        if not sep:
            raise InvalidInput(f'"{part}" is not an edge. Use {EDGES_HELP}.')
        a = parse_on_map(first, width, height)
        b = parse_on_map(second, width, height)
        if abs(a.col - b.col) + abs(a.row - b.row) != 1:
            raise InvalidInput(
                f'"{part}": an edge lies between two squares side by side (C3/C4 or C3/D3).'
            )
        found[edge_key(a, b)] = None
    if not found:
        raise InvalidInput(f"No edges given. Use {EDGES_HELP}.")
    return list(found)


@lru_cache(maxsize=512)
def cell_row(row: int, width: int) -> tuple[Cell, ...]:
    """Every square of ``row`` on a map ``width`` squares wide, made once: the squares a
    reach or a template covers on a big map are slices of it (making them one by one
    was most of the work)."""
    return tuple(Cell(col, row) for col in range(width))
