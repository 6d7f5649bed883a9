"""What the mover's menu offers (issue 40): the squares that matter, not the cheapest
25. The farthest square the token reaches in each of the pad's eight directions (a
whole move in one tap), the nearest square next to each creature it sees, and the
farthest a Dash adds in each direction (picking one presses Dash too); then a way to
every other square, page by page in the order the squares are named (A1, A2... B1).

With Jump on under a ruleset whose jump takes a check, the menu asks for the check's
total instead (around the DC the last preview named). Pure: the squares come in, the
menu's options go out (``Menu``), as data the Discord shell turns into a select menu.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.handlers.mover_state import MAX_CHECK, MIN_CHECK, MoverState
from bot.units import feet

MAX_OPTIONS = 25  # a Discord select menu lists at most 25 choices
LABEL_MAX = 100  # characters in an option's label
PAGE = MAX_OPTIONS - 2  # squares on a page of every square, between Back and Next
DASH_SUFFIX = "+d"  # an option's value: the square, and Dash pressed to reach it
# the eight directions, clockwise from north, as the pad draws them
DIRECTIONS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("\u2191", (0, -1)),
    ("\u2197", (1, -1)),
    ("\u2192", (1, 0)),
    ("\u2198", (1, 1)),
    ("\u2193", (0, 1)),
    ("\u2199", (-1, 1)),
    ("\u2190", (-1, 0)),
    ("\u2196", (-1, -1)),
)

Costs = Mapping[Cell, float]


@dataclass(frozen=True)
class Option:
    label: str
    value: str


@dataclass(frozen=True)
class Menu:
    """The options (at most 25), the words shown before one is picked, and the value
    picked now (shown as chosen)."""

    options: tuple[Option, ...]
    placeholder: str
    chosen: str = ""


@dataclass
class _Entry:
    cell: Cell
    cost: float
    dash: bool  # only a Dash reaches it
    reasons: list[str] = field(default_factory=list)

    @property
    def value(self) -> str:
        return str(self.cell) + (DASH_SUFFIX if self.dash else "")


def squares_menu(
    encounter: Encounter,
    token: Token,
    now: Costs,
    more: Costs,
    *,
    dash_word: str,
    footprints: Mapping[Size, int],
    state: MoverState,
    page: int = 0,
    nearest: tuple[Cell, float, Cell] | None = None,
) -> Menu:
    """The menu for ``token``: ``now``, what it reaches with the actions pressed, and
    ``more``, what only a Dash (``dash_word``, the button's label) adds; ``page`` 0 is
    the squares that matter, 1 on every square in name order; ``nearest``: the
    nearest square a refused way offers instead (with the square it was refused),
    listed first."""
    now = {cell: cost for cell, cost in now.items() if cell != token.cell}
    more = {cell: cost for cell, cost in more.items() if cell != token.cell and cell not in now}
    every = {**{c: (v, True) for c, v in more.items()}, **{c: (v, False) for c, v in now.items()}}
    if not every:
        return Menu((Option("Nowhere to go from here now", "-"),), "It can't move now")
    named = sorted(every, key=lambda c: (c.col, c.row))
    pages = math.ceil(len(named) / PAGE)
    if 1 <= page <= pages:
        return _page(named, every, page, pages, dash_word)
    entries = _matter(encounter, token, now, more, footprints, nearest, dash_word)
    if len(every) <= MAX_OPTIONS:  # all of them fit: each with what it is, cheapest first
        cheapest = sorted(every, key=lambda c: (every[c][0], c.row, c.col))
        for cell in cheapest:
            entries.setdefault(cell, _Entry(cell, every[cell][0], every[cell][1]))
        ordered = sorted(entries.values(), key=lambda e: (e.cost, e.cell.row, e.cell.col))
        options = tuple(_option(e, dash_word) for e in ordered)
        return Menu(options, "Or pick a square it can reach", _chosen(options, state))
    shown = list(entries.values())[: MAX_OPTIONS - 1]
    options = (*(_option(e, dash_word) for e in shown), _to_page(named, 1, pages, ""))
    return Menu(options, "Or pick a square: the farthest, next to others", _chosen(options, state))


def check_menu(dc: int, landing: str, state: MoverState) -> Menu:
    """The jump check's totals around ``dc`` (the easiest way to ``landing`` needs it)."""
    low = max(MIN_CHECK, min(dc - 5, MAX_CHECK - MAX_OPTIONS + 1))
    options = tuple(
        Option(
            f"Check {total}" + (f" · DC {dc} to land on {landing}" if total == dc else ""),
            f"c{total}",
        )
        for total in range(low, low + MAX_OPTIONS)
    )
    chosen = f"c{state.check}" if state.check is not None else ""
    return Menu(options, f"Your jump check's total (DC {dc})", chosen)


def _chosen(options: tuple[Option, ...], state: MoverState) -> str:
    wanted = {state.to, state.to + DASH_SUFFIX} if state.to else set()
    return next((o.value for o in options if o.value in wanted), "")


def _matter(
    encounter: Encounter,
    token: Token,
    now: Costs,
    more: Costs,
    footprints: Mapping[Size, int],
    nearest: tuple[Cell, float, Cell] | None,
    dash_word: str,
) -> dict[Cell, _Entry]:
    """The squares that matter, in the menu's order: the way a refusal offers, the
    farthest in each direction, next to each creature, the farthest a Dash adds. At most
    24 (room for the pages' option), creatures dropped first (the farthest-off last)."""
    start = token.cell
    entries: dict[Cell, _Entry] = {}

    def add(cell: Cell, cost: float, dash: bool, reason: str) -> None:
        entry = entries.setdefault(cell, _Entry(cell, cost, dash))
        if reason not in entry.reasons:
            entry.reasons.append(reason)

    if nearest is not None and nearest[0] in now and nearest[0] != start:
        add(nearest[0], now[nearest[0]], False, f"nearest to {nearest[2]}")
    for arrows, cell in _farthest(start, now):
        add(cell, now[cell], False, f"farthest {arrows}")
    dashed = [(arrows, cell) for arrows, cell in _farthest(start, more)]
    beside = _beside(encounter, token, now, more, footprints)
    room = MAX_OPTIONS - 1 - len(entries) - len({c for _, c in dashed} - set(entries))
    for name, cell, dash in beside:
        if cell not in entries and room <= 0:
            continue
        if cell not in entries:
            room -= 1
        add(cell, (more if dash else now)[cell], dash, f"next to {name}")
    for arrows, cell in dashed:
        add(cell, more[cell], True, f"farthest {arrows}")
    return entries


def _farthest(start: Cell, costs: Costs) -> list[tuple[str, Cell]]:
    """The farthest square of ``costs`` in each of the eight directions (each square
    counted in the direction nearest its bearing): the farthest along it, then the
    nearest the line, then the cheapest; a square farthest in several directions is
    listed once, with all their arrows."""
    best: dict[int, tuple[tuple[float, float, float, int, int], Cell]] = {}
    for cell, cost in costs.items():
        dx, dy = cell.col - start.col, cell.row - start.row
        if dx == 0 and dy == 0:
            continue
        bearing = math.atan2(dx, -dy)  # 0 north, clockwise
        index = round(bearing / (math.pi / 4)) % 8
        ux, uy = DIRECTIONS[index][1]
        length = math.hypot(ux, uy)
        along = (dx * ux + dy * uy) / length
        off = abs(dx * uy - dy * ux) / length
        key = (-along, off, cost, cell.row, cell.col)
        if index not in best or key < best[index][0]:
            best[index] = (key, cell)
    arrows: dict[Cell, list[str]] = {}
    for index in sorted(best):
        arrows.setdefault(best[index][1], []).append(DIRECTIONS[index][0])
    return [(" ".join(marks), cell) for cell, marks in arrows.items()]


def _beside(
    encounter: Encounter,
    token: Token,
    now: Costs,
    more: Costs,
    footprints: Mapping[Size, int],
) -> list[tuple[str, Cell, bool]]:
    """For each creature the token sees (not one it already stands beside), the
    cheapest square it reaches beside it: foes first (another team), then the rest,
    each nearest first; (name, square, only with a Dash)."""
    side = footprints.get(token.size, 1)
    found: list[tuple[tuple[bool, float, int, int], str, Cell, bool]] = []
    for other in encounter.tokens.values():
        if other.key == token.key:
            continue
        box = _box(other.cell, footprints.get(other.size, 1))
        if _touching(_box(token.cell, side), box):
            continue
        choices = [
            (cost, cell.row, cell.col, cell, dash)
            for costs, dash in ((now, False), (more, True))
            for cell, cost in costs.items()
            if _touching(_box(cell, side), box) and (not dash or cell not in now)
        ]
        if not choices:
            continue
        cost, row, col, cell, dash = min(choices)
        friend = bool(token.team) and other.team == token.team
        found.append(((friend, cost, row, col), other.name, cell, dash))
    return [(name, cell, dash) for _, name, cell, dash in sorted(found, key=lambda f: f[0])]


Box = tuple[int, int, int, int]


def _box(cell: Cell, side: int) -> Box:
    return (cell.col, cell.row, cell.col + side - 1, cell.row + side - 1)


def _touching(a: Box, b: Box) -> bool:
    """Beside each other: apart, with no square between them (a corner counts)."""
    overlap = a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
    near = a[0] - 1 <= b[2] and b[0] <= a[2] + 1 and a[1] - 1 <= b[3] and b[1] <= a[3] + 1
    return near and not overlap


def _option(entry: _Entry, dash_word: str) -> Option:
    what = list(entry.reasons)
    if entry.dash:
        what.append(f"with {dash_word}")
    label = " · ".join((str(entry.cell), feet(entry.cost), *((", ".join(what),) if what else ())))
    return Option(_fit(label), entry.value)


def _page(
    named: list[Cell],
    every: Mapping[Cell, tuple[float, bool]],
    page: int,
    pages: int,
    dash_word: str,
) -> Menu:
    cells = named[(page - 1) * PAGE : page * PAGE]
    options = [Option("\u2039 Back: the squares that matter", "p0")]
    options += [_option(_Entry(c, every[c][0], every[c][1]), dash_word) for c in cells]
    if page < pages:
        options.append(_to_page(named, page + 1, pages, "Next: "))
    return Menu(tuple(options), f"Every square it reaches: page {page} of {pages}")


def _to_page(named: list[Cell], page: int, pages: int, lead: str) -> Option:
    cells = named[(page - 1) * PAGE : page * PAGE]
    return Option(
        f"{lead}every square, {cells[0]}\u2013{cells[-1]} (page {page} of {pages}) \u203a",
        f"p{page}",
    )


def _fit(label: str) -> str:
    return label if len(label) <= LABEL_MAX else label[: LABEL_MAX - 1] + "\u2026"
