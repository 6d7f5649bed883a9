"""What a compiled step table is to a search: ``CompiledSteps``, the step function a
ruleset's steps were worked out into once per kind of neighbourhood
(``bot.rules.engine.compiled`` builds it), and the codes its tables hold in place of a
cost. ``bot.grid.compiled_search`` searches over it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence

from bot.grid.coords import Cell
from bot.grid.paths import Edge

Lean = tuple[int, float, int]  # a step from a state: see ``open_leans``

# What a compiled table says of a step instead of its cost (see ``CompiledSteps``).
ILLEGAL = -1.0  # the step function refuses it
VOLATILE = -2.0  # its cost depends on what was spent: ask the step function each time
HAMPERED = -3.0  # legal but hampered, and this search refuses what hampers


class CompiledSteps(ABC):
    """A step function whose steps were worked out once per kind of neighbourhood
    (``bot.rules.engine.compiled``), so a search reads their costs from flat tables
    instead of asking the rules step by step. Squares are integer indexes into a
    padded column-major grid (so indexes sort as cells do, and ties fall the same
    way); calling it is calling the step function it was made from. The searches
    (``bot.grid.compiled_search``) use it when they are given one, with the same results."""

    stride: int  # squares in one padded column
    squares: int  # indexes run from 0 to this
    # what ``out`` and ``open_out`` answered so far, by index (read first: a call costs)
    known_steps: Mapping[int, Sequence[tuple[int, float, float, int]]]
    open_steps: Mapping[int, tuple[list[Lean], list[Lean]]]
    every_steps: Mapping[int, tuple[list[Lean], list[Lean]]]
    pad: int  # padding squares before column 0 and row 0
    floor_ft: float  # no step costs less; with ``parity``, no odd diagonal less than twice
    parity: bool

    @abstractmethod
    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None: ...

    @abstractmethod
    def index(self, cell: Cell) -> int | None:
        """The square's index, or None where the table doesn't cover it."""

    @abstractmethod
    def cell(self, index: int) -> Cell: ...

    def cells_of(self, costs: Mapping[int, float]) -> dict[Cell, float]:
        """``costs`` by square index, by cell (in the same order)."""
        cell = self.cell
        return {cell(i): cost for i, cost in costs.items()}

    @abstractmethod
    def out(self, index: int) -> Sequence[tuple[int, float, float, int]]:
        """The eight steps from a square, in ``DIRECTIONS`` order: (the offset from its
        index to the square entered's, its cost after an even count of diagonals, after
        an odd count, the diagonals it adds); a negative cost is ``ILLEGAL``,
        ``VOLATILE`` or ``HAMPERED``."""

    def open_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        """The steps from a square not refused, after an even and after an odd count of
        diagonals: (the offset to the square entered, the cost or ``VOLATILE``, the
        diagonals added)."""
        return open_leans(self.out(index), self.parity)

    def every_out(self, index: int) -> tuple[list[Lean], list[Lean]]:
        """``open_out`` with the refused steps kept (their cost ``ILLEGAL`` or
        ``HAMPERED``), in the order of the squares entered."""
        return all_leans(self.out(index), self.parity)

    def lean_probe(self) -> int | None:
        """How many states the lean search (``bot.grid.cheapest_states``) expands in
        Python before ``states_in_c`` takes over, or None where it never does."""
        return None

    def states_in_c(
        self,
        start_state: int,
        last: int,
        goal: Cell,
        *,
        limit: float,
        spent_ft: float,
        max_nodes: int,
    ) -> set[int] | None:
        """``cheapest_states`` without ``allowed``, answered in C; ``NotInC`` where it
        can't be (then the Python search runs)."""
        raise NotInC

    def ranked_in_c(
        self,
        on_cheapest: set[int],
        start_state: int,
        goal: Cell,
        *,
        spent_ft: float,
        diagonals: int,
        max_nodes: int,
        penalty: Callable[[Cell, Cell], float] | None,
    ) -> list[int]:
        """The states of the path ``compiled_path``'s ranked search finds over
        ``on_cheapest`` (given no ``allowed``), start first, and the
        refused steps it passes up added to ``refusals`` as it adds them, answered in C;
        ``SearchTooLarge`` as it would raise it; ``NotInC`` where it can't be (then the
        Python search runs)."""
        raise NotInC

    @abstractmethod
    def edge(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        """A step the table says is legal, as the step function words it."""

    def memory(self) -> object:
        """What the step function has remembered of refused steps so far (for
        ``recall``): none by default."""
        return None

    def recall(self, memory: object) -> None:
        """Forget what was remembered since ``memory`` was taken: a search run again
        step by step then words its refusals as if it were the first to ask."""
        del memory  # a table whose step function remembers nothing forgets nothing

    # The steps searches passed up, first per (square entered, code): remembered so a
    # refusal can word them (in the order a search asking step by step would have).
    refusals: dict[tuple[int, float], tuple[int, int, float]]
    # what a search in C passed up, added to ``refusals`` before they're next read
    deferred: list[Callable[[], None]]

    def defer_refusals(self, add: Callable[[], None]) -> None:
        """Have ``add`` add what a search passed up to ``refusals`` before they're next
        read (a search, a refusal's wording: ``settle_refusals``), not now: a path
        found is seldom asked why the steps beside it were refused."""
        self.deferred.append(add)

    def settle_refusals(self) -> None:
        """Add what searches passed up (``defer_refusals``) to ``refusals``, in turn."""
        while self.deferred:
            self.deferred.pop(0)()


def open_leans(
    entries: Sequence[tuple[int, float, float, int]], parity: bool
) -> tuple[list[Lean], list[Lean]]:
    """The steps not refused from a state of each parity, as (what to add to the state
    for the state entered, cost or ``VOLATILE``, diagonals added). A state is twice the
    square's index plus the parity of the diagonals counted (0 where nothing counts)."""
    if not parity:
        even = [(2 * o, e, a) for o, e, _, a in entries if e >= 0 or e == VOLATILE]
        return even, even
    return (
        [(2 * o + (a & 1), e, a) for o, e, _, a in entries if e >= 0 or e == VOLATILE],
        [(2 * o + ((1 ^ a) & 1) - 1, c, a) for o, _, c, a in entries if c >= 0 or c == VOLATILE],
    )


def all_leans(
    entries: Sequence[tuple[int, float, float, int]], parity: bool
) -> tuple[list[Lean], list[Lean]]:
    """Every step from a state of each parity, as ``open_leans`` gives the open ones, in
    the order of the squares entered (so the states entered come in order too: the
    parity is the lowest bit, the square the rest)."""
    ordered = sorted(entries)
    if not parity:
        even = [(2 * o, e, a) for o, e, _, a in ordered]
        return even, even
    return (
        [(2 * o + (a & 1), e, a) for o, e, _, a in ordered],
        [(2 * o + ((1 ^ a) & 1) - 1, c, a) for o, _, c, a in ordered],
    )


class NotInC(Exception):
    """``CompiledSteps.states_in_c`` can't answer this search: run it in Python."""


class TableFallback(Exception):
    """The table can't answer this search: run the reference search instead."""


def bound_ft(table: CompiledSteps, goal: Cell) -> Callable[[int, int], float]:
    """The exact cost on open ground from a square (and the diagonal count's parity) to
    ``goal`` at the table's cheapest step costs: 1-2-1-2 (5-10-5) where diagonals
    alternate, plain Chebyshev otherwise. Admissible and consistent."""
    stride, pad = table.stride, table.pad
    gc, gr = goal.col + pad, goal.row + pad
    o = table.floor_ft
    odd_ft = 2 * o if table.parity else o

    def bound(index: int, odd: int) -> float:
        dx = abs(index // stride - gc)
        dy = abs(index % stride - gr)
        if dx < dy:
            dx, dy = dy, dx
        half = dy // 2
        if odd:  # the next diagonal is the dear one
            return o * (dx - dy) + odd_ft * (dy - half) + o * half
        return o * (dx - dy) + o * (dy - half) + odd_ft * half

    return bound
