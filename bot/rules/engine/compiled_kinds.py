"""Step kinds kept across boards, by value (issue 31).

Every saved move is a new encounter, so the step tables (``engine/compiled.py``),
kept per encounter, start empty after each one. What a kind of step costs depends on
nothing the move changes, though: the ruleset and its options, the mover (wherever it
stands), the action, the terrain, darkness and barriers its footprint reads and who
stands there. So the costs the rules gave are kept here too, keyed by those values:

- per *mover context*: the ruleset's class and the encounter's options, the mover as
  a value with its square left out, its height for this move, its movement, the
  action's allowance, whether it stood, and whether the search refuses what hampers;
- within one, per *kind of step*: the direction and, for every square the step reads,
  its terrain, whether it is dark, and each creature standing in it as a value (its
  square left out, but whether the mover starts inside its space kept: Epic Path's
  Stepover reads it), and the walls and doors on the edges between those squares.

A table that meets a kind of step it hasn't seen reads it here before asking the
rules. Both levels are bounded LRU caches. Per mover context and map (``TerrainSteps``)
the steps of every square no creature is near are kept too, and those of a square
near one with the values of the squares they read (a later board where they hold the
same values reads them). Pure: no Discord, no database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.rules.engine.board import Board, StepContext

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

Kind = tuple[float, float, int]  # a step's cost after an even, an odd count; diagonals added

_LOCK = threading.Lock()
_ORIGIN = Cell(0, 0)
CONTEXTS_KEPT = 32  # mover contexts kept
KINDS_KEPT = 4096  # kinds of step kept per mover context


class KnownKinds:
    """What the rules said each kind of step (by value) costs in one mover context."""

    def __init__(self) -> None:
        self.kinds: OrderedDict[Hashable, Kind] = OrderedDict()

    def get(self, key: Hashable) -> Kind | None:
        with _LOCK:
            found = self.kinds.get(key)
            if found is not None:
                self.kinds.move_to_end(key)
            return found

    def put(self, key: Hashable, kind: Kind) -> None:
        with _LOCK:
            self.kinds[key] = kind
            while len(self.kinds) > KINDS_KEPT:
                self.kinds.popitem(last=False)


_CONTEXTS: list[tuple[tuple[Any, ...], KnownKinds]] = []


_VALUES: OrderedDict[int, tuple[Token, str]] = OrderedDict()
VALUES_KEPT = 256  # tokens' values kept, by identity (a saved move keeps the others')


def as_value(token: Token) -> str:
    """A token as a value with its square left out (its fields hold dicts: their text).
    Kept for the token object last asked about (tokens are never changed in place; a
    move makes a new one), since the text costs ~15 us and each board asks again."""
    with _LOCK:
        kept = _VALUES.get(id(token))
        if kept is not None and kept[0] is token:
            return kept[1]
    made = repr(replace(token, cell=_ORIGIN))
    with _LOCK:
        _VALUES[id(token)] = (token, made)
        while len(_VALUES) > VALUES_KEPT:
            _VALUES.popitem(last=False)
    return made


def known_kinds(rules: Ruleset, ctx: StepContext, unhampered: bool) -> KnownKinds:
    """The kinds kept for this mover context (made empty the first time)."""
    board = ctx.board
    key = (
        type(rules),
        as_value(board.mover),
        board.side,
        board.heights_ft,
        repr(sorted(board.encounter.options.items())),
        ctx.stood,
        unhampered,
        ctx.movement,
        ctx.allowance,
    )
    with _LOCK:
        for i, (kept, kinds) in enumerate(_CONTEXTS):
            if kept == key:
                _CONTEXTS.append(_CONTEXTS.pop(i))
                return kinds
        made = KnownKinds()
        _CONTEXTS.append((key, made))
        del _CONTEXTS[:-CONTEXTS_KEPT]
        return made


def occupant_value(board: Board, other: Token) -> tuple[str, bool]:
    """A creature in a square a step reads, as a value: the token without its square,
    and whether the mover starts inside its space."""
    inside = bool(set(board.cells(board.mover.cell)) & set(board.footprint_of(other)))
    return as_value(other), inside


Leans = tuple[list[Any], list[Any]]
# a square's steps counted in whole units, from a state of each parity: (what to add to
# the state, the cost in units) (``engine/band_flood.py``)
Whole = tuple[list[tuple[int, int]], list[tuple[int, int]]]


class TerrainSteps:
    """One mover context's steps over one map's terrain alone (the squares no creature
    is near), by square and by packed kind (``compiled_map._terrain_keys``): what every
    table of that context on a board of that map starts from. The packed kinds are
    numbered per map, so these are kept per map's packed keys, by identity."""

    def __init__(self) -> None:
        self.packed_kinds: list[dict[int, Kind]] = [{} for _ in range(8)]
        self.rows: dict[tuple[int, ...], list[Any]] = {}  # the steps per packed row
        self.steps: dict[int, list[Any]] = {}  # per square
        self.open_steps: dict[int, Leans] = {}
        self.every_steps: dict[int, Leans] = {}
        self.cells: dict[int, Cell] = {}  # the square of an index (the layout is the map's)
        # a square near creatures: the values of the squares its steps read (and the
        # barriers between them), and its steps; a later board with the same values
        # there reads them, as does any square whose squares read hold the same values
        # (a creature on open ground is alike wherever it stands)
        self.near: dict[int, tuple[tuple[Hashable, ...], list[Any]]] = {}
        self.alike: dict[tuple[Hashable, ...], list[Any]] = {}
        # each list of steps laid out for a search, by the list (``CompiledStep._lean``)
        self.open_rows: dict[int, tuple[Any, Leans]] = {}
        self.every_rows: dict[int, tuple[Any, Leans]] = {}
        # the bands' steps in whole units (``engine/band_flood.py``): per square no
        # creature is near, and per list of steps laid out (``every_rows``' lists)
        self.whole_steps: dict[int, Whole] = {}
        self.whole_rows: dict[int, tuple[Leans, Whole]] = {}

    def near_steps(self, index: int, values: tuple[Hashable, ...]) -> list[Any] | None:
        """The steps of a square near creatures whose squares read hold ``values``, as
        this square or another square had them, or None."""
        kept = self.near.get(index)
        if kept is not None and kept[0] == values:
            return kept[1]
        alike = self.alike.get(values)
        if alike is not None:
            self.near[index] = (values, alike)
        return alike

    def keep_near(self, index: int, values: tuple[Hashable, ...], steps: list[Any]) -> None:
        self.near[index] = (values, steps)
        if len(self.alike) >= LISTS_KEPT:  # bounded: a new board's squares come first
            self.alike.clear()
        self.alike[values] = steps


_TERRAIN: OrderedDict[tuple[int, int], tuple[KnownKinds, object, TerrainSteps]] = OrderedDict()
# (mover context, map) pairs kept: a /move makes 3-4 (its bands, its route), and the
# pairs of a few channels moving in turn must outlast one another (8 thrashed with five
# boards: /move 1.5-2 ms slower); about 100-150 KB each, so 64 hold ~10 MB at most
TERRAIN_KEPT = 64
LISTS_KEPT = 4096  # lists of steps laid out for a search, per (mover context, map)


def terrain_steps(known: KnownKinds, packed: object) -> TerrainSteps:
    """The terrain steps of this mover context on the map ``packed`` was made for."""
    key = (id(known), id(packed))
    with _LOCK:
        kept = _TERRAIN.get(key)
        if kept is not None and kept[0] is known and kept[1] is packed:
            _TERRAIN.move_to_end(key)
            return kept[2]
        made = TerrainSteps()
        _TERRAIN[key] = (known, packed, made)
        while len(_TERRAIN) > TERRAIN_KEPT:
            _TERRAIN.popitem(last=False)
        return made
