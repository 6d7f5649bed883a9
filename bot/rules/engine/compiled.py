"""One mover's map compiled into flat tables, so the path search and the reach bands
read step costs instead of asking the rules for every step.

Every square gets a small integer class: its terrain, whether it is dark, and who
stands in it. What one step costs depends on nothing but the classes of the squares
its footprint covers going from one square to the next, the walls and doors on the
edges between them, and the parity of the diagonals counted (the shared checks in
``steps.py`` and every ruleset's ``step_cost`` read no more). So a step is worked
out by the rules once per *kind* of neighbourhood: the first step of each kind asks
the ruleset's own step function (the rich per-step object, which also words a
refusal and each step shown to the user), and every later step of that kind reads
its cost from the table. On open ground a whole search asks the rules a few dozen
times; the searches themselves run over integer indexes (``bot.grid.compiled_search``).

A step whose cost depends on what the move has already spent (a mode's share of the
allowance, swimming's limit per round, 5e-alt's "all its Movement") is found out the
first time it is asked (the spent amount it is given notices being read) and then
asked of the rules every time, with the real amount. Pure: no Discord, no database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

from bot.encounter import Encounter
from bot.grid.compiled_tables import (
    HAMPERED,
    ILLEGAL,
    VOLATILE,
    CompiledSteps,
    Lean,
    TableFallback,
    all_leans,
    open_leans,
)
from bot.grid.coords import Cell
from bot.grid.geometry import DIRECTIONS
from bot.grid.search import Edge, StepFn
from bot.grid.terrain import Terrain
from bot.rules.engine.board import Board, StepContext

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

OFF_MAP = -1  # the class of a square beyond the map's edge
# the offset to the square entered, its cost (after an even, an odd count of
# diagonals), the diagonals it adds
Entry = tuple[int, float, float, int]


class _Watched(float):
    """A feet amount that notices being read: a step the rules cost without reading
    what was spent costs the same whatever was spent."""

    read = False

    def _seen(self) -> float:
        self.read = True
        return float.__float__(self)

    def __add__(self, other: float) -> float:
        return self._seen() + other

    def __radd__(self, other: float) -> float:
        return other + self._seen()

    def __sub__(self, other: float) -> float:
        return self._seen() - other

    def __rsub__(self, other: float) -> float:
        return other - self._seen()

    def __mul__(self, other: float) -> float:
        return self._seen() * other

    def __rmul__(self, other: float) -> float:
        return other * self._seen()

    def __truediv__(self, other: float) -> float:
        return self._seen() / other

    def __rtruediv__(self, other: float) -> float:
        return other / self._seen()

    def __floordiv__(self, other: float) -> float:
        return self._seen() // other

    def __mod__(self, other: float) -> float:
        return self._seen() % other

    def __neg__(self) -> float:
        return -self._seen()

    def __abs__(self) -> float:
        return abs(self._seen())

    def __lt__(self, other: float) -> bool:
        return self._seen() < other

    def __le__(self, other: float) -> bool:
        return self._seen() <= other

    def __gt__(self, other: float) -> bool:
        return self._seen() > other

    def __ge__(self, other: float) -> bool:
        return self._seen() >= other

    def __eq__(self, other: object) -> bool:
        return self._seen() == other

    def __ne__(self, other: object) -> bool:
        return self._seen() != other

    def __hash__(self) -> int:
        return hash(self._seen())

    def __bool__(self) -> bool:
        return bool(self._seen())

    def __float__(self) -> float:
        return self._seen()

    def __int__(self) -> int:
        return int(self._seen())

    def __round__(self, ndigits: SupportsIndex | None = None) -> Any:
        return round(self._seen(), ndigits)

    def __format__(self, spec: str) -> str:
        return format(self._seen(), spec)

    def __repr__(self) -> str:
        return repr(self._seen())

    __str__ = __repr__


# ------------------------------------------------------------------ the map's classes


class _Layout:
    """Where each square sits in the flat tables: column-major, padded on every side
    so a footprint stepping off the map still reads (off-map) classes."""

    def __init__(self, width: int, height: int, pad: int) -> None:
        self.width, self.height, self.pad = width, height, pad
        self.stride = height + 2 * pad
        self.size = (width + 2 * pad) * self.stride

    def flat(self, cell: Cell) -> int:
        return (cell.col + self.pad) * self.stride + cell.row + self.pad


_LOCK = threading.Lock()
_LAYERS: OrderedDict[tuple[int, ...], tuple[object, object, list[int], dict[Hashable, int]]] = (
    OrderedDict()
)
_LAYERS_KEPT = 16


def _terrain_layer(encounter: Encounter, layout: _Layout) -> tuple[list[int], dict[Hashable, int]]:
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


_Directions = list[tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]]
_KEYS: OrderedDict[tuple[int, ...], tuple[object, object, object, Any]] = OrderedDict()


def _directions(stride: int, side: int) -> _Directions:
    """Per direction: its index, the offset to the next anchor, the block of squares
    the step reads (both footprints and the two corner anchors'), and the block's inner
    edges (pairs of squares)."""
    out: _Directions = []
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


def _terrain_keys(
    encounter: Encounter,
    layout: _Layout,
    classes: list[int],
    barriers: dict[tuple[int, int], str],
    directions: _Directions,
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
    layout: _Layout,
    classes: list[int],
    barriers: dict[tuple[int, int], str],
    directions: _Directions,
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


class _Map:
    """One board's classes (terrain, darkness and the other creatures), barriers by pair
    of squares, and the block of squares a step in each direction reads."""

    def __init__(self, board: Board) -> None:
        encounter = board.encounter
        side = board.side
        self.layout = layout = _Layout(encounter.width, encounter.height, side + 1)
        base, names = _terrain_layer(encounter, layout)
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
        else:
            classes = base
        self.classes = classes
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
        reads = {o for _, _, block, _ in self.directions for o in block}
        self.near_occupied = {f - o for f in occupied for o in reads}

    def keys(self) -> Any:
        """The packed kinds of step over terrain (``_terrain_keys``), or None."""
        if not self._keys_made:
            self._keys_made = True
            self._keys = _terrain_keys(
                self._encounter, self.layout, self._base, self.barriers, self.directions
            )
        return self._keys


_MAPS: OrderedDict[int, tuple[Board, _Map]] = OrderedDict()


def _map_of(board: Board) -> _Map:
    with _LOCK:
        kept = _MAPS.get(id(board))
        if kept is not None and kept[0] is board:
            return kept[1]
    made = _Map(board)
    with _LOCK:
        _MAPS[id(board)] = (board, made)
        while len(_MAPS) > _LAYERS_KEPT:
            _MAPS.popitem(last=False)
    return made


# ------------------------------------------------------------------ the step table


class _Table:
    """What the steps cost for one step context, filled in as the searches ask."""

    def __init__(self, rules: Ruleset, ctx: StepContext, unhampered: bool) -> None:
        self.map = _map_of(ctx.board)
        self.probe = rules.stepper(ctx)  # its own: what it refuses is nobody's reply
        self.unhampered = unhampered
        self.parity = rules.diagonal_parity
        self.floor_ft = rules.min_step_ft(ctx)
        self.kinds: dict[Hashable, tuple[float, float, int]] = {}
        self.packed_kinds: list[dict[int, tuple[float, float, int]]] = [{} for _ in DIRECTIONS]
        self.rows: dict[tuple[int, ...], list[Entry]] = {}  # the steps per packed row
        # the steps not refused whatever the diagonal count, per square and per list of
        # steps (the lists of ``rows`` are shared by many squares)
        self.open_steps: dict[int, tuple[list[Lean], list[Lean]]] = {}
        self.open_rows: dict[int, tuple[Sequence[Entry], tuple[list[Lean], list[Lean]]]] = {}
        self.every_steps: dict[int, tuple[list[Lean], list[Lean]]] = {}
        self.every_rows: dict[int, tuple[Sequence[Entry], tuple[list[Lean], list[Lean]]]] = {}
        self.steps: dict[int, list[Entry]] = {}
        self.cells: dict[int, Cell] = {}
        self.lock = threading.Lock()

    def cell(self, index: int) -> Cell:
        found = self.cells.get(index)
        if found is None:
            layout = self.map.layout
            col, row = divmod(index, layout.stride)
            found = self.cells[index] = Cell(col - layout.pad, row - layout.pad)
        return found

    def out(self, index: int) -> list[Entry]:
        found = self.steps.get(index)
        if found is not None:
            return found
        packed = self.map.keys()
        if packed is not None and index not in self.map.near_occupied:
            row = tuple(packed[index].tolist())
            entries = self.rows.get(row)
            if entries is None:
                entries = []
                for d, offset, _, _ in self.map.directions:
                    by_key = self.packed_kinds[d]
                    kind = by_key.get(row[d])
                    if kind is None:
                        kind = by_key[row[d]] = self._ask(index, index + offset, d)
                    entries.append((offset, *kind))
                self.rows[row] = entries
            self.steps[index] = entries
            return entries
        classes, barriers = self.map.classes, self.map.barriers
        kinds = self.kinds
        entries = []
        for d, offset, block, inner in self.map.directions:
            key: tuple[Hashable, ...] = (d, *[classes[index + o] for o in block])
            if barriers:
                key += tuple(barriers.get((index + a, index + b)) for a, b in inner)
            kind = kinds.get(key)
            if kind is None:
                kind = kinds[key] = self._ask(index, index + offset, d)
            entries.append((offset, *kind))
        self.steps[index] = entries
        return entries

    def _ask(self, frm: int, to: int, d: int) -> tuple[float, float, int]:
        """One kind of step, as the rules cost it after an even and an odd count of
        diagonals (``VOLATILE`` where the cost reads what was spent)."""
        a, b = self.cell(frm), self.cell(to)
        diagonal = d >= 4
        costs: list[float] = []
        adds: set[int] = set()
        for count in (0, 1):
            spent = _Watched(0.0)
            edge = self.probe(a, b, count, spent)
            if spent.read:
                return VOLATILE, VOLATILE, int(diagonal)
            if edge is None:
                costs.append(ILLEGAL)
                continue
            adds.add(edge.diagonals - count)
            if self.unhampered and edge.hampered:
                costs.append(HAMPERED)
                continue
            least = self.floor_ft * (2 if self.parity and diagonal and count else 1)
            if edge.cost_ft < least:
                # cheaper than the search's bound assumes: no table can be exact here
                raise TableFallback
            costs.append(edge.cost_ft)
        if len(adds) > 1 or (not self.parity and costs[0] != costs[1]):
            return VOLATILE, VOLATILE, int(diagonal)
        return costs[0], costs[1], adds.pop() if adds else int(diagonal)


_TABLES: list[tuple[tuple[Any, ...], _Table]] = []
_TABLES_KEPT = 8


def _table_of(rules: Ruleset, ctx: StepContext, unhampered: bool) -> _Table:
    """The table for this step context: one made for an equal context on the very same
    encounter (a later command on an unchanged map: /distance, a refusal's second
    search, the bands of a token that hasn't moved) is the same table, since what a
    step costs depends on nothing else (the ruleset is the encounter's, the board is
    the encounter seen by the mover)."""
    board = ctx.board
    key = (
        type(rules),
        board.side,
        board.mover,
        ctx.movement,
        ctx.allowance,
        ctx.stood,
        unhampered,
    )
    with _LOCK:
        for i, (kept, table) in enumerate(_TABLES):
            if kept[0] is board.encounter and kept[1:] == key:
                _TABLES.append(_TABLES.pop(i))
                return table
    made = _Table(rules, ctx, unhampered)
    with _LOCK:
        _TABLES.append(((board.encounter, *key), made))
        del _TABLES[:-_TABLES_KEPT]
    return made


class CompiledStep(CompiledSteps):
    """The step function a search is given: ``outer`` (a ``Stepper``, or one that
    refuses what hampers), answered from the step context's table. What the searches
    pass up is remembered and worded by ``outer`` when a refusal reads ``why_not``."""

    def __init__(self, rules: Ruleset, ctx: StepContext, outer: Any, *, unhampered: bool) -> None:
        key = ("compiled-steps", unhampered)
        table = ctx.memo.get(key)
        if table is None:
            table = ctx.memo[key] = _table_of(rules, ctx, unhampered)
        self.table: _Table = table
        self.ctx = ctx
        self.outer = outer
        layout = table.map.layout
        self.stride, self.pad, self.squares = layout.stride, layout.pad, layout.size
        self.known_steps, self.open_steps = table.steps, table.open_steps
        self.every_steps = table.every_steps
        self.floor_ft, self.parity = table.floor_ft, table.parity
        self.refusals = {}

    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        self._flush()
        step: StepFn = self.outer
        return step(frm, to, diagonals, spent)

    def cell(self, index: int) -> Cell:
        return self.table.cell(index)

    def cells_of(self, costs: Mapping[int, float]) -> dict[Cell, float]:
        table = self.table
        known, cell = table.cells, table.cell
        return {known.get(i) or cell(i): cost for i, cost in costs.items()}

    def index(self, cell: Cell) -> int | None:
        layout = self.table.map.layout
        if 0 <= cell.col < layout.width and 0 <= cell.row < layout.height:
            return layout.flat(cell)
        return None

    def out(self, index: int) -> Sequence[Entry]:
        table = self.table
        found = table.steps.get(index)
        if found is not None:
            return found
        with table.lock:
            return table.out(index)

    def open_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        table = self.table
        return self._lean(index, table.open_steps, table.open_rows, open_leans)

    def every_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        table = self.table
        return self._lean(index, table.every_steps, table.every_rows, all_leans)

    def _lean(
        self,
        index: int,
        by_square: dict[int, tuple[list[Lean], list[Lean]]],
        by_list: dict[int, tuple[Sequence[Entry], tuple[list[Lean], list[Lean]]]],
        make: Callable[[Sequence[Entry], bool], tuple[list[Lean], list[Lean]]],
    ) -> tuple[list[Lean], list[Lean]]:
        """The square's steps as ``make`` lays them out for a search, made once per
        list of steps (many squares share one)."""
        found = by_square.get(index)
        if found is not None:
            return found
        entries = self.out(index)
        with self.table.lock:
            kept = by_list.get(id(entries))
            if kept is None or kept[0] is not entries:
                lean = make(entries, self.parity)
                by_list[id(entries)] = (entries, lean)
            else:
                lean = kept[1]
            by_square[index] = lean
        return lean

    def edge(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        step: StepFn = self.outer
        return step(frm, to, diagonals, spent)

    def memory(self) -> object:
        remember = getattr(self.outer, "memory", None)
        return remember() if remember is not None else None

    def recall(self, memory: object) -> None:
        if memory is not None:
            self.outer.recall(memory)

    def _flush(self) -> None:
        """Word the refusals passed up so far, first come first (as a search asking
        the rules step by step would have)."""
        if not self.refusals:
            return
        pending, self.refusals = self.refusals, {}
        for (to, _), (frm, diagonals, spent) in pending.items():
            self.outer(self.cell(frm), self.cell(to), diagonals, spent)

    @property
    def why_not(self) -> dict[Cell, str]:
        self._flush()
        found: dict[Cell, str] = self.outer.why_not
        return found

    @property
    def hampered(self) -> Mapping[Cell, str]:
        self._flush()
        found: Mapping[Cell, str] = getattr(self.outer, "hampered", {})
        return found
