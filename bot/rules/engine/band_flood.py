"""A reach band's flood counted in whole units of the cheapest step (issue 31).

``bot.grid.search.reachable`` over a compiled table (``compiled_reach``) keeps float
costs by state in dicts, a heap of costs, and the diagonals counted per state for the
steps it asks the rules about; a 60 ft band was most of a millisecond of that loop.
Where every step a band meets costs a whole number of eighths of the table's cheapest
step (every d20 ruleset's 5 and 10 ft steps, difficult terrain's double), the same
flood runs here in those units: a list of best costs by state, and one list of states
per cost in units (Dial's buckets), so a step is an add, a compare and an append.

It is ``compiled_reach`` step for step: the same states reached for the same costs,
expanded in the same order (cheapest bucket first; within one, in the order they were
reached; each square's steps in the order of the squares entered, as ``every_out``
lays them out), so it gives the very same squares, costs (a sum of whole eighths of a
whole number of feet is exact in floats either way) and order. It leaves out what only
a refusal's wording reads (the steps refused, the diagonals counted): a band words no
refusal. Where it can't be exact (a cost that reads what was spent, ``VOLATILE``; a cost
in no whole eighth; a budget or a cap on the work it can't bound) it says None, and the
caller floods with ``reachable``. A property test over every ruleset holds it to that.

The steps in units are kept per list of steps (many squares share one) and, for the
squares no creature is near, per square for the mover context and map
(``compiled_kinds.TerrainSteps``), as ``compiled.py`` keeps the lists they come from.
Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.grid.compiled_tables import VOLATILE, Lean, TableFallback
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON, MAX_NODES
from bot.rules.engine.compiled_kinds import LISTS_KEPT, Whole

if TYPE_CHECKING:
    from bot.rules.engine.compiled import CompiledStep

SCALE = 8  # units per cheapest step (as ``engine/c_search.py`` counts)
MOST_UNITS = 1 << 16  # a budget past this many units floods with ``reachable``


def band_flood(
    step: CompiledStep,
    start: Cell,
    *,
    budget_ft: float,
    diagonals: int,
    max_nodes: int = MAX_NODES,
) -> dict[Cell, float] | None:
    """``reachable(start, step, budget_ft=budget_ft, diagonals=diagonals,
    parity=step.parity)``, the same dict in the same order, or None where this flood
    can't be exact (then that is the flood to run)."""
    floor = step.floor_ft
    first = step.index(start)
    if first is None or floor <= 0 or floor != round(floor):
        return None
    unit = floor / SCALE
    last = int((budget_ft + EPSILON) // unit)  # the dearest cost within the budget
    side = 2 * (last // SCALE) + 1  # no step moves further than one square
    if last > MOST_UNITS or 2 * side * side > max_nodes:
        return None  # ``reachable`` would stop at its cap: let it
    # the states the flood can reach or step to: the columns within ``far`` squares of
    # the start, and one more on each side (whose states stay past the budget)
    far = last // SCALE
    column = first // step.stride
    low = max(0, column - far - 1) * step.stride
    high = min(step.squares, (column + far + 2) * step.stride)
    try:
        start_state = first * 2 + (diagonals & 1 if step.parity else 0)
        found = _flood(step, start_state, last, unit, (2 * low, 2 * (high - low)))
    except TableFallback:
        return None
    table = step.table
    known, cell = table.cells, table.cell
    return {known.get(i) or cell(i): g * unit for i, g in found.items()}


def _flood(
    step: CompiledStep, start: int, last: int, unit: float, span: tuple[int, int]
) -> dict[int, int]:
    """Every square's cheapest cost in units, in the order ``compiled_reach`` finds
    them: Dial's buckets over states (twice the square's index, plus the parity),
    counted from the first of the ``span`` (its first state, how many) the flood may
    reach, so its list of best costs is no longer than that (even: the parity stays
    the lowest bit)."""
    base, states = span
    near = step.table.map.near_occupied
    shared = step.table.shared
    theirs = shared.whole_steps if shared is not None else {}
    mine: dict[int, Whole] = {}  # the squares near creatures, this board's
    get, get_mine = theirs.get, mine.get
    own = _own(step, theirs, mine, unit)
    best = [last + 1] * states  # past the budget: nothing reached yet
    best[start - base] = 0
    buckets: list[list[int] | None] = [None] * (last + 1)
    buckets[0] = [start - base]
    found: dict[int, int] = {}
    for g in range(last + 1):
        bucket = buckets[g]
        if bucket is None:
            continue
        for state in bucket:
            if best[state] != g:
                continue  # reached for less since
            here = (state + base) >> 1
            if here not in found:
                found[here] = g
            lists = get_mine(here) if here in near else get(here)
            if lists is None:
                lists = own(here)
            for delta, cost in lists[state & 1]:
                g2 = g + cost
                s2 = state + delta
                if g2 < best[s2]:  # within the budget, and cheaper than before
                    best[s2] = g2
                    later = buckets[g2]
                    if later is None:
                        buckets[g2] = [s2]
                    else:
                        later.append(s2)
    return found


def _own(
    step: CompiledStep, theirs: dict[int, Whole], mine: dict[int, Whole], unit: float
) -> Callable[[int], Whole]:
    """A square's steps in units, from the table's (``every_out``), made once per list
    of steps and kept for the map where no creature is near (``theirs``), for this
    board where one is (``mine``)."""
    near = step.table.map.near_occupied
    shared = step.table.shared
    by_list = shared.whole_rows if shared is not None else {}

    def own(index: int) -> Whole:
        lean = step.every_out(index)
        kept = by_list.get(id(lean))
        if kept is None or kept[0] is not lean:
            if len(by_list) >= LISTS_KEPT:  # shared by the boards of a map: bounded
                by_list.clear()
            kept = by_list[id(lean)] = (lean, _in_units(lean, unit))
        (mine if index in near else theirs)[index] = kept[1]
        return kept[1]

    return own


def _in_units(lean: tuple[list[Lean], list[Lean]], unit: float) -> Whole:
    """The steps not refused, from a state of each parity: (what to add to the state,
    the cost in units), in ``every_out``'s order; ``TableFallback`` where a cost reads
    what was spent or is no whole number of units."""
    out: list[list[tuple[int, int]]] = []
    for steps in lean:
        row = []
        for delta, cost, _ in steps:
            if cost < 0:
                if cost == VOLATILE:
                    raise TableFallback
                continue  # refused
            units = round(cost / unit)
            if units * unit != cost or units <= 0:
                raise TableFallback
            row.append((delta, units))
        out.append(row)
    return out[0], out[1]
