"""The encounter as one mover sees it, and what one action allows.

``Board`` is who stands where; ``Allowance`` what one action lets a token do in
this command; ``Passing`` whether it may enter or share another creature's
space; ``StepContext`` what a step's cost depends on besides its two squares.
Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.encounter import Activity, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell, cell_row
from bot.grid.geometry import footprint, gap
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.engine.moves import MODES, TokenMovement
from bot.rules.rulings import JSONValue, Note

MAX_WAYPOINTS = 10
HOSTILE: frozenset[frozenset[str]] = frozenset({frozenset({"party", "enemy"})})


def hostile(a: Token, b: Token) -> bool:
    return frozenset({a.team, b.team}) in HOSTILE


# ------------------------------------------------------------------ the board


@dataclass(frozen=True)
class Board:
    """The encounter as one mover sees it: who stands where, and the terrain."""

    encounter: Encounter
    mover: Token
    side: int
    sides: Mapping[str, int]
    occupants: Mapping[Cell, tuple[Token, ...]]
    # the mover's height above the ground where it starts and where it ends (a flyer's
    # up:/down:); None: where it stands (004 Three Dimensional Movement reads it)
    heights_ft: tuple[int, int] | None = None

    @classmethod
    def of(cls, encounter: Encounter, mover: Token, footprints: Mapping[Size, int]) -> Board:
        sides = {k: footprints.get(t.size, 1) for k, t in encounter.tokens.items()}
        occupants: dict[Cell, list[Token]] = {}
        for key, token in encounter.tokens.items():
            if key == mover.key:
                continue
            for cell in footprint(token.cell, sides[key]):
                occupants.setdefault(cell, []).append(token)
        return cls(
            encounter,
            mover,
            footprints.get(mover.size, 1),  # the mover need not be on the board yet
            sides,
            {c: tuple(ts) for c, ts in occupants.items()},
        )

    def terrain(self, cell: Cell) -> Terrain:
        return self.encounter.terrain.get(cell, Terrain.CLEAR)

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.encounter.width and 0 <= cell.row < self.encounter.height

    def cells(self, anchor: Cell) -> tuple[Cell, ...]:
        return footprint(anchor, self.side)

    def others_in(self, cells: Iterable[Cell]) -> list[Token]:
        seen: dict[str, Token] = {}
        for cell in cells:
            for token in self.occupants.get(cell, ()):
                seen.setdefault(token.key, token)
        return list(seen.values())

    def footprint_of(self, token: Token) -> tuple[Cell, ...]:
        return footprint(token.cell, self.sides.get(token.key, 1))


# ------------------------------------------------------------------ actions


@dataclass(frozen=True)
class Limits:
    """What an action forbids or fixes about the path (all off for a plain move)."""

    straight: bool = False  # run, charge: a straight line (002 "Run")
    unhampered: bool = False  # run, charge: nothing that hampers movement
    no_creatures: bool = False  # charge: no creature on the way, friends included
    shortest_path: bool = False  # charge: by the shortest path, or not at all
    min_ft: float = 0.0  # charge: at least this far
    one_square: bool = False  # 5-foot step, crawl
    free_square_ft: float | None = None  # 5-foot step: one square for this many feet
    safe_start: bool = False  # withdraw: leaving the first square provokes nobody


@dataclass(frozen=True)
class Stance:
    """Standing up or dropping prone as part of the action; dragging a grappled
    creature along."""

    stand_up: bool = False  # stands first (removes prone)
    stand_cost_ft: float = 0.0
    stand_provokes: bool = False
    drop_prone: bool = False
    dragging: str = ""  # the grappled creature it drags, at a cost (000 Grappled › Movable)
    through: str = ""  # overrun or tumble: it may pass opponents' spaces (001, 004)


@dataclass(frozen=True)
class Allowance:
    """What one action lets a token do in this command."""

    action: str
    mode: str
    available_ft: float  # what this command may spend
    activity: Activity  # the token's activity with the action taken, before spending
    sections: tuple[str, ...]
    limits: Limits = Limits()
    stance: Stance = Stance()
    provokes: bool = True
    full_round: bool = False
    notes: tuple[Note, ...] = ()
    condition_changes: tuple[tuple[str, bool], ...] = ()  # (condition, added?)
    # the ruleset's own bookkeeping on the moved token (becmi's running rounds)
    after: Callable[[Token], Token] | None = None
    crosses: bool = True  # False: appears at the square without crossing those between
    # what the result's JSON adds for the action (the SRDs' "disengaged")
    extra: Mapping[str, JSONValue] = field(default_factory=dict)


@dataclass(frozen=True)
class Passing:
    """May the mover enter a square another creature holds, at what extra, may it stop."""

    allowed: bool
    reason: str = ""  # why not, or what it costs (for the breakdown)
    hampers: bool = False  # counts as difficult terrain / doubles the cost
    may_end: bool = False
    squeezing: bool = False  # ending there squeezes both (epic-path)


@dataclass(frozen=True)
class StepContext:
    """What a step cost depends on besides the two squares."""

    board: Board
    movement: TokenMovement
    allowance: Allowance
    stood: bool  # stood up as part of this command
    # terrain and creature checks per (from, to, mode, charge), shared by every
    # search one move makes (the checks don't depend on what was spent)
    checks: dict[tuple[Cell, Cell, str, bool], tuple[str, bool, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # a ruleset's own per-square results, shared the same way
    memo: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)


def at(board: Board, other: Token) -> str:
    return f"{other.name} at {other.cell}"


def join(*parts: str) -> str:
    return ", ".join(p for p in parts if p)


def check_mode(movement: TokenMovement, token: Token, mode: str | None) -> str:
    """The mode asked for, if the token has it; walk by default."""
    chosen = mode or "walk"
    if chosen not in MODES:
        raise InvalidInput(f'Unknown mode "{mode}". Accepted: {", ".join(MODES)}.')
    if chosen not in movement.speeds_ft or movement.speeds_ft[chosen] <= 0:
        has = ", ".join(m for m, v in movement.speeds_ft.items() if v > 0) or "none"
        raise IllegalMove(f"{token.name} has no {chosen} speed. Its modes: {has}.")
    return chosen


def within_reach(board: Board, enemy: Token, reach_ft: int, square_ft: int) -> frozenset[Cell]:
    """The squares on the map within ``reach_ft`` of ``enemy``'s space, counted in whole
    squares the way a grid measures reach (the fifth-edition rulesets' threat zone)."""
    squares = reach_ft // square_ft
    if squares <= 0:
        return frozenset()
    side = board.sides.get(enemy.key, 1)
    cols, rows = around(board, enemy.cell, side, squares)
    # every square of that window is within reach (a square's gap is at most ``squares``
    # on each axis): a reach wider than the map costs no more than the map
    width = board.encounter.width
    return frozenset(c for row in rows for c in cell_row(row, width)[cols.start : cols.stop])


def in_reach(board: Board, enemy: Token, reach_ft: int, square_ft: int, cell: Cell) -> bool:
    """Whether ``cell`` is one of ``within_reach``, worked out alone."""
    squares = reach_ft // square_ft
    side = board.sides.get(enemy.key, 1)
    return squares > 0 and board.on_map(cell) and max(gap(cell, 1, enemy.cell, side)) <= squares


def around(board: Board, anchor: Cell, side: int, squares: int) -> tuple[range, range]:
    """The columns and rows on the map within ``squares`` of a space of ``side`` squares
    at ``anchor``, on each axis: the window a reach is looked for in, clipped to the map
    (so the work is bounded by the map, however far the reach)."""
    width, height = board.encounter.width, board.encounter.height
    cols = range(max(0, anchor.col - squares), min(width, anchor.col + side + squares))
    rows = range(max(0, anchor.row - squares), min(height, anchor.row + side + squares))
    return cols, rows
