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
first time it is asked (the spent amount it is given notices being read: ``Watched``,
``engine/watched.py``) and then asked of the rules every time, with the real amount.
The map's classes and their packing are ``engine/compiled_map.py``; here are the step
table and the step function the searches are given. Pure: no Discord, no database.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

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
from bot.rules.engine.board import StepContext
from bot.rules.engine.compiled_kinds import (
    LISTS_KEPT,
    Kind,
    TerrainSteps,
    known_kinds,
    terrain_steps,
)
from bot.rules.engine.compiled_map import map_of
from bot.rules.engine.watched import Watched

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# the offset to the square entered, its cost (after an even, an odd count of
# diagonals), the diagonals it adds
Entry = tuple[int, float, float, int]

_LOCK = threading.Lock()  # guards the tables kept (``_TABLES``)
COPIED_AT_MOST = 8192  # a new table copies the terrain steps laid out so far up to this
PROBE_KEPT = 1_000  # lean states expanded in Python before C takes over: graph kept
PROBE_COLD = 12_000  # ... graph to be built first (tens of ms at 200²)


class _Table:
    """What the steps cost for one step context, filled in as the searches ask."""

    def __init__(self, rules: Ruleset, ctx: StepContext, unhampered: bool) -> None:
        self.map = map_of(ctx.board)
        self.probe = rules.stepper(ctx)  # its own: what it refuses is nobody's reply
        self.unhampered = unhampered
        self.parity = rules.diagonal_parity
        self.floor_ft = rules.steps.min_step_ft(ctx)
        self.known = known_kinds(rules, ctx, unhampered)  # what other boards learnt
        self.kinds: dict[Hashable, tuple[float, float, int]] = {}
        # the steps over terrain alone that other boards of this map learnt, shared
        packed = self.map.keys()
        self.shared = terrain_steps(self.known, packed) if packed is not None else None
        self.packed_kinds: list[dict[int, Kind]] = [{} for _ in DIRECTIONS]
        # each list of steps laid out for a search (many squares share one list)
        self.open_rows: dict[int, tuple[Sequence[Entry], tuple[list[Lean], list[Lean]]]] = {}
        self.every_rows: dict[int, tuple[Sequence[Entry], tuple[list[Lean], list[Lean]]]] = {}
        self.rows: dict[tuple[int, ...], list[Entry]] = {}  # the steps per packed row
        self.cells: dict[int, Cell] = {}
        if self.shared is not None:
            self.packed_kinds, self.rows = self.shared.packed_kinds, self.shared.rows
            self.cells = self.shared.cells
            self.open_rows, self.every_rows = self.shared.open_rows, self.shared.every_rows
        # the steps not refused whatever the diagonal count, per square and per list of
        # steps (the lists of ``rows`` are shared by many squares)
        self.open_steps: dict[int, tuple[list[Lean], list[Lean]]] = {}
        self.every_steps: dict[int, tuple[list[Lean], list[Lean]]] = {}
        self.steps: dict[int, list[Entry]] = {}
        self.lock = threading.Lock()
        if self.shared is not None:
            self._start_from(self.shared)

    def _start_from(self, shared: TerrainSteps) -> None:
        """Start with what other boards of the map laid out for the searches over
        terrain alone, this board's squares near creatures left out (a copy: cheap
        while it is small, so only then)."""
        near = self.map.near_occupied
        for mine, theirs in (
            (self.every_steps, shared.every_steps),
            (self.open_steps, shared.open_steps),
        ):
            if len(theirs) <= COPIED_AT_MOST:
                mine.update(theirs)
                for index in near:
                    mine.pop(index, None)

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
            shared = self.shared
            if shared is not None:
                found = shared.steps.get(index)
                if found is not None:
                    self.steps[index] = found
                    return found
            row = tuple(packed[index].tolist())
            entries = self.rows.get(row)
            if entries is None:
                entries = []
                for d, offset, _, _ in self.map.directions:
                    by_key = self.packed_kinds[d]
                    kind = by_key.get(row[d])
                    if kind is None:
                        kind = by_key[row[d]] = self._kind(index, offset, d)
                    entries.append((offset, *kind))
                self.rows[row] = entries
            self.steps[index] = entries
            if shared is not None:
                shared.steps[index] = entries
            return entries
        classes, barriers = self.map.classes, self.map.barriers
        near_key: tuple[Hashable, ...] | None = None
        if self.shared is not None:  # near a creature: as a board where it was alike had it
            near_key = self.map.near_values(index)
            kept = self.shared.near_steps(index, near_key)
            if kept is not None:
                self.steps[index] = kept
                return kept
        kinds = self.kinds
        entries = []
        for d, offset, block, inner in self.map.directions:
            key: tuple[Hashable, ...] = (d, *[classes[index + o] for o in block])
            if barriers:
                key += tuple(barriers.get((index + a, index + b)) for a, b in inner)
            kind = kinds.get(key)
            if kind is None:
                kind = kinds[key] = self._kind(index, offset, d)
            entries.append((offset, *kind))
        self.steps[index] = entries
        if near_key is not None and self.shared is not None:
            self.shared.keep_near(index, near_key, entries)
        return entries

    def _kind(self, index: int, offset: int, d: int) -> Kind:
        """A kind of step this table hasn't met: as another board's table learnt it
        (``engine/compiled_kinds.py``), or asked of the rules."""
        compiled = self.map
        _, _, block, inner = compiled.directions[d]
        classes, value_of = compiled.classes, compiled.value_of
        key: tuple[Hashable, ...] = (d, *[value_of(classes[index + o]) for o in block])
        barriers = compiled.barriers
        if barriers:
            key += tuple(barriers.get((index + a, index + b)) for a, b in inner)
        kind = self.known.get(key)
        if kind is None:
            kind = self._ask(index, index + offset, d)
            self.known.put(key, kind)
        return kind

    def _ask(self, frm: int, to: int, d: int) -> Kind:
        """One kind of step, as the rules cost it after an even and an odd count of
        diagonals (``VOLATILE`` where the cost reads what was spent)."""
        a, b = self.cell(frm), self.cell(to)
        diagonal = d >= 4
        costs: list[float] = []
        adds: set[int] = set()
        for count in (0, 1):
            spent = Watched(0.0)
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
        self.refusals, self.deferred = {}, []

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
        shared = table.shared.open_steps if table.shared is not None else None
        return self._lean(index, table.open_steps, shared, table.open_rows, open_leans)

    def every_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        table = self.table
        shared = table.shared.every_steps if table.shared is not None else None
        return self._lean(index, table.every_steps, shared, table.every_rows, all_leans)

    def _lean(
        self,
        index: int,
        by_square: dict[int, tuple[list[Lean], list[Lean]]],
        shared: dict[int, tuple[list[Lean], list[Lean]]] | None,
        by_list: dict[int, tuple[Sequence[Entry], tuple[list[Lean], list[Lean]]]],
        make: Callable[[Sequence[Entry], bool], tuple[list[Lean], list[Lean]]],
    ) -> tuple[list[Lean], list[Lean]]:
        """The square's steps as ``make`` lays them out for a search, made once per
        list of steps (many squares share one); over terrain alone, as another board
        of the map laid them out (``shared``)."""
        found = by_square.get(index)
        if found is not None:
            return found
        if shared is not None and index in self.table.map.near_occupied:
            shared = None  # a creature is near: this board's own
        if shared is not None:
            found = shared.get(index)
            if found is not None:
                by_square[index] = found
                return found
        entries = self.out(index)
        with self.table.lock:
            kept = by_list.get(id(entries))
            if kept is None or kept[0] is not entries:
                lean = make(entries, self.parity)
                if len(by_list) >= LISTS_KEPT:  # shared by the boards of a map: bounded
                    by_list.clear()
                by_list[id(entries)] = (entries, lean)
            else:
                lean = kept[1]
            by_square[index] = lean
            if shared is not None:
                shared[index] = lean
        return lean

    def lean_probe(self) -> int | None:
        # past this many states the lean search runs in C (``engine/c_search.py``):
        # soon where this table's graph is kept, later where it would be built first,
        # never where C was found not to search it (no probe to throw away)
        from bot.rules.engine import c_search  # numpy and tcod: only for a search

        kept = c_search.is_kept(self)
        return None if kept is None else PROBE_KEPT if kept else PROBE_COLD

    def states_in_c(self, start_state: int, last: int, goal: Cell, **how: Any) -> set[int] | None:
        from bot.rules.engine import c_search

        return c_search.states_in_c(self, start_state, last, goal, **how)

    def ranked_in_c(
        self, on_cheapest: set[int], start_state: int, goal: Cell, **how: Any
    ) -> list[int]:
        from bot.rules.engine import c_ranked

        return c_ranked.ranked_in_c(self, on_cheapest, start_state, goal, **how)

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
        self.settle_refusals()
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
