"""One board compiled for the step tables (``engine/compiled.py``): every square's
small integer class (its terrain, whether it is dark, who stands in it) in flat
column-major tables padded past the map's edge, the walls and doors by pair of
squares, the block of squares a step in each direction reads, and, packed with numpy
for the whole map at once, each square's kind of step over terrain alone.

What depends on the map alone (terrain and darkness classes, the packed kinds) is kept
for the few maps last compiled, by identity; a board's map, for the few boards last
compiled. Pure: no Discord, no database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.terrain import Terrain
from bot.rules.engine.board import Board
from bot.rules.engine.compiled_kinds import occupant_value

OFF_MAP = -1  # the class of a square beyond the map's edge


class Layout:
    """Where each square sits in the flat tables: column-major, padded on every side
    so a footprint stepping off the map still reads (off-map) classes."""

    def __init__(self, width: int, height: int, pad: int) -> None:
        self.width, self.height, self.pad = width, height, pad
        self.stride = height + 2 * pad
        self.size = (width + 2 * pad) * self.stride

    def flat(self, cell: Cell) -> int:
        return (cell.col + self.pad) * self.stride + cell.row + self.pad


_LOCK = threading.Lock()  # guards the layers, keys and maps kept
_LAYERS: OrderedDict[tuple[int, ...], tuple[object, object, list[int], dict[Hashable, int]]] = (
    OrderedDict()
)
_LAYERS_KEPT = 16


def _terrain_layer(encounter: Encounter, layout: Layout) -> tuple[list[int], dict[Hashable, int]]:
    """The classes of terrain and darkness alone: the same for every mover and every
    state that keeps the map, so kept for the few maps last compiled."""
    key = (id(encounter.terrain), id(encounter.dark), layout.width, layout.height, layout.pad)
    with _LOCK:
        kept = _LAYERS.get(key)
        if kept is not None and kept[0] is encounter.terrain and kept[1] is encounter.dark:
            _LAYERS.move_to_end(key)
            return kept[2], kept[3]
    names: dict[Hashable, int] = {(Terrain.CLEAR, False, ()): 0}
    classes = [OFF_MAP] * layout.size
    stride, pad = layout.stride, layout.pad
    for col in range(layout.width):
        base = (col + pad) * stride + pad
        classes[base : base + layout.height] = [0] * layout.height
    dark = encounter.dark
    for cell, kind in encounter.terrain.items():
        if 0 <= cell.col < layout.width and 0 <= cell.row < layout.height:
            name = (kind, cell in dark, ())
            classes[layout.flat(cell)] = names.setdefault(name, len(names))
    for cell in dark:
        if 0 <= cell.col < layout.width and 0 <= cell.row < layout.height:
            name = (encounter.terrain.get(cell, Terrain.CLEAR), True, ())
            classes[layout.flat(cell)] = names.setdefault(name, len(names))
    with _LOCK:
        _LAYERS[key] = (encounter.terrain, encounter.dark, classes, names)
        while len(_LAYERS) > _LAYERS_KEPT:
            _LAYERS.popitem(last=False)
    return classes, names


Directions = list[tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]]
_KEYS: OrderedDict[tuple[int, ...], tuple[object, object, object, Any]] = OrderedDict()


@lru_cache(maxsize=64)
def _directions(stride: int, side: int) -> Directions:
    """Per direction: its index, the offset to the next anchor, the block of squares
    the step reads (both footprints and the two corner anchors'), and the block's inner
    edges (pairs of squares). The same for every board of a width and mover's size:
    made once (each board's map compiled reads it, never changes it)."""
    out: Directions = []
    for d, (dc, dr) in enumerate(DIRECTIONS):
        cols = range(min(0, dc), max(0, dc) + side)
        rows = range(min(0, dr), max(0, dr) + side)
        block = tuple(c * stride + r for c in cols for r in rows)
        inner = tuple(
            (c * stride + r, n)
            for c in cols
            for r in rows
            for n in ((c + 1) * stride + r, c * stride + r + 1)
            if n in block
        )
        out.append((d, dc * stride + dr, block, inner))
    return out


@lru_cache(maxsize=64)
def _reads(stride: int, side: int) -> tuple[int, ...]:
    """Every square a step from a square reads, as offsets from it (``_directions``)."""
    return tuple(sorted({o for _, _, block, _ in _directions(stride, side) for o in block}))


def _terrain_keys(
    encounter: Encounter,
    layout: Layout,
    classes: list[int],
    barriers: dict[tuple[int, int], str],
    directions: Directions,
) -> Any:
    """Every square's kind of step in each direction over terrain, darkness and
    barriers alone, as one integer per (square, direction): the classes of the block
    the step reads and the barriers inside it, packed with numpy for the whole map at
    once and kept for the few maps last compiled. None where the integers would not
    fit (then each square's kind is worked out on its own)."""
    key = (
        id(encounter.terrain),
        id(encounter.dark),
        id(encounter.edges),
        layout.width,
        layout.height,
        layout.pad,
    )
    with _LOCK:
        kept = _KEYS.get(key)
        if (
            kept is not None
            and kept[0] is encounter.terrain
            and kept[1] is encounter.dark
            and kept[2] is encounter.edges
        ):
            _KEYS.move_to_end(key)
            return kept[3]
    made = _pack(layout, classes, barriers, directions)
    with _LOCK:
        _KEYS[key] = (encounter.terrain, encounter.dark, encounter.edges, made)
        while len(_KEYS) > _LAYERS_KEPT:
            _KEYS.popitem(last=False)
    return made


def _pack(
    layout: Layout,
    classes: list[int],
    barriers: dict[tuple[int, int], str],
    directions: Directions,
) -> Any:
    codes: dict[str, int] = {}
    for kind in barriers.values():
        codes.setdefault(kind, len(codes) + 1)
    base = max(classes) + 2  # classes run from OFF_MAP (-1) up
    edge_base = len(codes) + 1
    for _, _, block, inner in directions:
        if base ** len(block) * edge_base ** (len(inner) if codes else 0) >= 2**62:
            return None
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is a dependency
        return None
    size, stride = layout.size, layout.stride
    shifted = np.asarray(classes, dtype=np.int64) + 1
    east = south = None
    if codes:
        east = np.zeros(size, dtype=np.int64)
        south = np.zeros(size, dtype=np.int64)
        for (fa, fb), kind in barriers.items():
            if fb == fa + stride:
                east[fa] = codes[kind]
            elif fb == fa + 1:
                south[fa] = codes[kind]
    # only squares whose whole block lies in the tables are packed (the others are
    # padding, never stepped from)
    low = -min(min(block) for _, _, block, _ in directions)
    high = max(max(block) for _, _, block, _ in directions)
    span = size - low - high
    keys = np.full((size, len(directions)), -1, dtype=np.int64)
    for d, _, block, inner in directions:
        key = np.zeros(span, dtype=np.int64)
        for o in block:
            key *= base
            key += shifted[low + o : low + o + span]
        if east is not None and south is not None:
            for a, b in inner:
                key *= edge_base
                key += (east if b == a + stride else south)[low + a : low + a + span]
        keys[low : low + span, d] = key
    return keys


class CompiledMap:
    """One board's classes (terrain, darkness and the other creatures), barriers by pair
    of squares, and the block of squares a step in each direction reads."""

    def __init__(self, board: Board) -> None:
        encounter = board.encounter
        side = board.side
        self.layout = layout = Layout(encounter.width, encounter.height, side + 1)
        base, names = _terrain_layer(encounter, layout)
        self._board, self._names = board, names
        self._values: dict[int, Hashable] = {OFF_MAP: "off the map"}
        self._by_number: dict[int, Any] | None = None
        occupied: list[int] = []
        if board.occupants:
            classes = list(base)
            names = dict(names)
            for cell, tokens in board.occupants.items():
                if 0 <= cell.col < layout.width and 0 <= cell.row < layout.height:
                    name = (
                        encounter.terrain.get(cell, Terrain.CLEAR),
                        cell in encounter.dark,
                        tuple(t.key for t in tokens),
                    )
                    classes[layout.flat(cell)] = names.setdefault(name, len(names))
                    occupied.append(layout.flat(cell))
            self._names = names
        else:
            classes = base
        self.classes = classes
        # each class's value by number (``value_of``), filled in as read; OFF_MAP last
        self._by_class: list[Hashable | None] = [None] * (len(self._names) + 1)
        self.barriers: dict[tuple[int, int], str] = {}
        for (a, b), kind in encounter.edges.items():
            fa, fb = layout.flat(a), layout.flat(b)
            if 0 <= fa < layout.size and 0 <= fb < layout.size:
                self.barriers[(fa, fb)] = self.barriers[(fb, fa)] = kind.value
        self.directions = _directions(layout.stride, side)
        self._encounter, self._base = encounter, base
        self._keys: Any = None
        self._keys_made = False
        # the squares a step from which reads an occupied square: their kinds are
        # worked out one by one (the packed keys know terrain alone)
        self.reads = reads = _reads(layout.stride, side)  # what a step from a square reads
        self.near_occupied = {f - o for f in occupied for o in reads}

    def value_of(self, klass: int) -> Hashable:
        """A class as a value the same on every board (``engine/compiled_kinds.py``):
        its terrain, whether it is dark, and its creatures as values."""
        found = self._values.get(klass)
        if found is None:
            by_number = self._by_number
            if by_number is None:  # the first time: every class's name by number
                by_number = self._by_number = {n: name for name, n in self._names.items()}
            kind, dark, keys = by_number[klass]
            board = self._board
            tokens = board.encounter.tokens
            found = self._values[klass] = (
                kind,
                dark,
                tuple(occupant_value(board, tokens[k]) for k in keys),
            )
        return found

    def near_values(self, index: int) -> tuple[Hashable, ...]:
        """What the steps from square ``index`` depend on, as values the same on every
        board of the map: the squares they read (``value_of``) and the barriers between."""
        classes, barriers = self.classes, self.barriers
        by_class = self._by_class  # OFF_MAP (-1) last
        read = []
        for o in self.reads:
            klass = classes[index + o]
            value = by_class[klass]
            if value is None:
                value = by_class[klass] = self.value_of(klass)
            read.append(value)
        values = tuple(read)
        if barriers:
            values += tuple(
                barriers.get((index + a, index + b))
                for _, _, _, inner in self.directions
                for a, b in inner
            )
        return values

    def keys(self) -> Any:
        """The packed kinds of step over terrain (``_terrain_keys``), or None."""
        if not self._keys_made:
            self._keys_made = True
            self._keys = _terrain_keys(
                self._encounter, self.layout, self._base, self.barriers, self.directions
            )
        return self._keys


_MAPS: OrderedDict[int, tuple[Board, CompiledMap]] = OrderedDict()


def map_of(board: Board) -> CompiledMap:
    """The compiled map of this board (the same board object: the same map), kept for
    the few boards last compiled."""
    with _LOCK:
        kept = _MAPS.get(id(board))
        if kept is not None and kept[0] is board:
            return kept[1]
    made = CompiledMap(board)
    with _LOCK:
        _MAPS[id(board)] = (board, made)
        while len(_MAPS) > _LAYERS_KEPT:
            _MAPS.popitem(last=False)
    return made
