"""Property tests for /move on small random maps, for every ruleset.

The oracle here is written independently of ``bot.grid.search`` and the
rulesets' step functions: a plain Dijkstra over (square, parity of the
diagonals counted so far) with this file's own reading of what one step costs
on the simple terrain kinds (clear, difficult, impeded, wall, pillar, pit) for
a Medium walker alone on the map:

- 3.5 (001): 5 ft a square; diagonals 1-2-1-2 (5, 10, 5, ...); a difficult or
  impeded square counts double, a diagonal into it 3 squares (15 ft), and it
  still counts as a diagonal for the 1-2-1-2 sequence.
- epic-path (004): 5 ft a square, diagonals too; difficult 10 ft; impeded only
  by the full-round 5 ft move.
- 5e-alt (000): 5 ft a square, diagonals too (the bot's default ruling); 10 ft
  when moving into, out of or within difficult (or impeded) terrain.
- becmi (003): 10 ft squares, a diagonal is one square; rough ground (difficult,
  impeded) counts double.
- 5e (SRD 5.1) and 5e-2024 (SRD 5.2): 5 ft a square, diagonals too (5.1's default;
  5.2's only rule); every foot in difficult terrain costs 1 extra foot, so a step into
  a difficult (or impeded) square is 10 ft.

The rulesets come from the registry, so a new one runs here by default; the oracle
must then be given its reading (``READINGS``), or the test says it is missing.

Everywhere: walls, pillars and pits can't be entered on foot, and a diagonal
may not pass a wall's corner (a pillar's or a pit's it may, except in 5e-2024, where
SRD 5.2 Corners stops a diagonal past any feature filling its space: a pillar too).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Activity, Encounter, Token
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules import get_ruleset, identities
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.schema.codec import to_json

SIDE = 6
RULESETS = tuple(identities())
ORACLE_KINDS = (
    Terrain.CLEAR,
    Terrain.DIFFICULT,
    Terrain.IMPEDED,
    Terrain.WALL,
    Terrain.PILLAR,
    Terrain.PIT,
)
IMPASSABLE = frozenset({Terrain.WALL, Terrain.PILLAR, Terrain.PIT})
ROUGH = frozenset({Terrain.DIFFICULT, Terrain.IMPEDED})
NEIGHBOURS = tuple((dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr)


# ----------------------------------------------------------------- the oracle


def neighbours(cell: Cell) -> Iterator[Cell]:
    for dc, dr in NEIGHBOURS:
        nxt = Cell(cell.col + dc, cell.row + dr)
        if 0 <= nxt.col < SIDE and 0 <= nxt.row < SIDE:
            yield nxt


def terrain_at(grid: dict[Cell, Terrain], cell: Cell) -> Terrain:
    return grid.get(cell, Terrain.CLEAR)


def may_step(
    grid: dict[Cell, Terrain],
    frm: Cell,
    to: Cell,
    *,
    open_pits: bool = False,
    corners: frozenset[Terrain] = frozenset({Terrain.WALL}),
) -> bool:
    """Entering ``to`` on foot and not cutting the corner of a square of ``corners``
    (``open_pits``: a pit may be entered, 004 Hazardous Terrain, and the fall ends the
    move there)."""
    if open_pits and terrain_at(grid, frm) is Terrain.PIT:
        return False
    if terrain_at(grid, to) in IMPASSABLE and not (
        open_pits and terrain_at(grid, to) is Terrain.PIT
    ):
        return False
    if frm.col != to.col and frm.row != to.row:
        beside = (Cell(to.col, frm.row), Cell(frm.col, to.row))
        if any(terrain_at(grid, c) in corners for c in beside):
            return False
    return True


def step_cost(
    ruleset: str, grid: dict[Cell, Terrain], frm: Cell, to: Cell, diagonals: int
) -> float | None:
    """One step's cost in feet under this file's reading, or None if not allowed."""
    reading = reading_of(ruleset)
    if not may_step(grid, frm, to, open_pits=reading.open_pits, corners=reading.corners):
        return None
    return reading.step_ft(grid, frm, to, diagonals)


def step_35(grid: dict[Cell, Terrain], frm: Cell, to: Cell, diagonals: int) -> float | None:
    diagonal = frm.col != to.col and frm.row != to.row
    if terrain_at(grid, to) in ROUGH:
        return 15.0 if diagonal else 10.0
    if diagonal:
        return 10.0 if diagonals % 2 else 5.0
    return 5.0


def step_epic_path(grid: dict[Cell, Terrain], frm: Cell, to: Cell, diagonals: int) -> float | None:
    if terrain_at(grid, to) is Terrain.IMPEDED:
        return None  # only the full-round 5 ft move
    return 10.0 if terrain_at(grid, to) in ROUGH else 5.0


def step_5e_alt(grid: dict[Cell, Terrain], frm: Cell, to: Cell, diagonals: int) -> float | None:
    slowed = terrain_at(grid, to) in ROUGH or terrain_at(grid, frm) in ROUGH
    return 10.0 if slowed else 5.0


def step_becmi(grid: dict[Cell, Terrain], frm: Cell, to: Cell, diagonals: int) -> float | None:
    return 10.0  # 003 Land Travel: terrain makes no difference to the combat round


def step_srd5(grid: dict[Cell, Terrain], frm: Cell, to: Cell, diagonals: int) -> float | None:
    # SRD 5.1 / 5.2 Difficult Terrain: every foot costs 1 extra foot
    return 10.0 if terrain_at(grid, to) in ROUGH else 5.0


@dataclass(frozen=True)
class Reading:
    """This file's own reading of one ruleset's walk on the simple terrain kinds."""

    step_ft: Callable[[dict[Cell, Terrain], Cell, Cell, int], float | None]
    speeds_ft: tuple[int, ...]  # the walking speeds to try
    actions: tuple[str, str]  # its plain move and its bigger one
    bigger_times: float  # what the bigger one allows, in speeds
    plain_times: float = 1.0  # what the plain move allows, in speeds
    minimum_move: bool = False  # 001 Minimum Movement / 004 Impeded Terrain
    open_pits: bool = False  # 004 Hazardous Terrain: a walker may step into a pit
    corners: frozenset[Terrain] = frozenset({Terrain.WALL})  # no diagonal past these


READINGS: dict[str, Reading] = {
    "3.5": Reading(step_35, (5, 20, 30, 30), ("move", "double"), 2, minimum_move=True),
    "epic-path": Reading(
        step_epic_path,
        (5, 20, 30, 30),
        ("move", "double"),
        2,
        minimum_move=True,
        open_pits=True,
    ),
    "5e-alt": Reading(step_5e_alt, (10, 20, 30), ("move", "dash"), 2),
    # 003 Encounter Movement: a round's move is a third of the speed, running all of it
    "becmi": Reading(step_becmi, (60, 90, 120, 150), ("move", "run"), 1, plain_times=1 / 3),
    "5e": Reading(step_srd5, (10, 20, 30), ("move", "dash"), 2),
    # SRD 5.2 Corners: nor past a tree or pillar filling its square
    "5e-2024": Reading(
        step_srd5,
        (10, 20, 30),
        ("move", "dash"),
        2,
        corners=frozenset({Terrain.WALL, Terrain.PILLAR}),
    ),
}


def reading_of(ruleset: str) -> Reading:
    if ruleset not in READINGS:
        pytest.fail(f"the oracle has no reading of {ruleset}: add one to READINGS")
    return READINGS[ruleset]


def cheapest(ruleset: str, grid: dict[Cell, Terrain], start: Cell, goal: Cell) -> float | None:
    """Dijkstra over (square, diagonal parity): the cheapest legal cost, no budget."""
    best: dict[tuple[Cell, int], float] = {(start, 0): 0.0}
    heap: list[tuple[float, int, int, int]] = [(0.0, start.col, start.row, 0)]
    while heap:
        cost, col, row, parity = heapq.heappop(heap)
        cell = Cell(col, row)
        if cost > best.get((cell, parity), float("inf")):
            continue
        if cell == goal:
            return cost
        for nxt in neighbours(cell):
            step = step_cost(ruleset, grid, cell, nxt, parity)
            if step is None:
                continue
            diagonal = nxt.col != cell.col and nxt.row != cell.row
            state = (nxt, (parity + diagonal) % 2)
            if cost + step < best.get(state, float("inf")):
                best[state] = cost + step
                heapq.heappush(heap, (cost + step, nxt.col, nxt.row, state[1]))
    return None


def path_cost(ruleset: str, grid: dict[Cell, Terrain], path: tuple[Cell, ...]) -> list[float]:
    """Re-cost a path the bot returned, step by step, under this file's reading."""
    costs: list[float] = []
    diagonals = 0
    for frm, to in itertools.pairwise(path):
        assert max(abs(frm.col - to.col), abs(frm.row - to.row)) == 1, (frm, to)
        step = step_cost(ruleset, grid, frm, to, diagonals)
        assert step is not None, f"illegal step {frm}->{to} in {ruleset}"
        costs.append(step)
        diagonals += frm.col != to.col and frm.row != to.row
    return costs


# --------------------------------------------------------------- strategies

cells_on_map = st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))


@st.composite
def oracle_maps(draw: st.DrawFn) -> dict[Cell, Terrain]:
    weights = st.sampled_from(
        [Terrain.CLEAR] * 6
        + [Terrain.DIFFICULT] * 3
        + [Terrain.IMPEDED, Terrain.WALL, Terrain.PILLAR, Terrain.PIT]
    )
    kinds = draw(st.lists(weights, min_size=SIDE * SIDE, max_size=SIDE * SIDE))
    squares = (Cell(i % SIDE, i // SIDE) for i in range(SIDE * SIDE))
    return {c: k for c, k in zip(squares, kinds, strict=True) if k is not Terrain.CLEAR}


def budget_ft(ruleset: str, speed: int, action: str) -> float:
    reading = reading_of(ruleset)
    times = reading.bigger_times if action == reading.actions[1] else reading.plain_times
    return speed * times


def far_from(start: Cell) -> st.SearchStrategy[Cell]:
    return cells_on_map.filter(lambda c: max(abs(c.col - start.col), abs(c.row - start.row)) >= 2)


OracleCase = tuple[dict[Cell, Terrain], Cell, Cell, int, str]


@st.composite
def oracle_cases(draw: st.DrawFn, ruleset: str) -> OracleCase:
    grid = draw(oracle_maps())
    start = draw(cells_on_map)
    grid.pop(start, None)  # the walker stands on clear ground
    goal = draw(st.one_of(far_from(start), far_from(start), cells_on_map))
    speed = draw(st.sampled_from(reading_of(ruleset).speeds_ft))
    action = draw(st.sampled_from(reading_of(ruleset).actions))
    return grid, start, goal, speed, action


def build(ruleset: str, grid: dict[Cell, Terrain], tokens: list[Token]) -> Encounter:
    e = Encounter(SIDE, SIDE, ruleset, "dm")
    for kind in set(grid.values()):
        e = e.with_terrain([c for c, k in grid.items() if k is kind], kind)
    for token in tokens:
        e = e.with_token(token)
    return e


# ----------------------------------------------------- against the oracle


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_path_is_never_costlier_than_the_cheapest_legal_path(
    ruleset: str, data: st.DataObject
) -> None:
    grid, start, goal, speed, action = data.draw(oracle_cases(ruleset))
    walker = Token("Walker", start, team="party", speed_ft=speed)
    e = build(ruleset, grid, [walker])
    budget = budget_ft(ruleset, speed, action)
    best = cheapest(ruleset, grid, start, goal)
    adjacent = max(abs(start.col - goal.col), abs(start.row - goal.row)) == 1
    # 001 Minimum Movement / 004 Impeded Terrain: one square as a full-round action
    reading = reading_of(ruleset)
    minimum = (
        reading.minimum_move
        and adjacent
        and may_step(grid, start, goal, open_pits=reading.open_pits, corners=reading.corners)
    )
    if start == goal:  # nothing to move: refused, nothing spent
        with pytest.raises(InvalidInput, match="already at"):
            get_ruleset(ruleset).move(e, MoveRequest("Walker", goal, action=action))
        return
    try:
        result = get_ruleset(ruleset).move(e, MoveRequest("Walker", goal, action=action))
    except IllegalMove:
        assert best is None or best > budget, (best, budget)
        assert not minimum
        return
    assert result.path[0] == start
    assert result.path[-1] == goal
    if best is not None and best <= budget:
        # the bot found a path at least as cheap as the cheapest legal one, and its
        # path is legal under the oracle's reading, so exactly as cheap
        assert result.cost_ft <= best
        assert path_cost(ruleset, grid, result.path) == [s.cost_ft for s in result.steps]
        assert result.cost_ft == best
        assert result.cost_ft <= budget
    else:
        assert minimum, (best, budget)
        assert result.path == (start, goal)
        assert result.cost_ft == 5
        assert result.extra["full_round"] is True


# ----------------------------------------------- any request, any ruleset

SIZES = tuple(Size)
CONDITIONS = (
    "prone",
    "helpless",
    "unconscious",
    "dead",
    "blinded",
    "slowed",
    "grappled",
    "incapacitated",
)
ACTIONS = (
    None,
    "move",
    "double",
    "run",
    "withdraw",
    "charge",
    "5ft-step",
    "crawl",
    "stand",
    "drop-prone",
    "dash",
    "teleport",
    "",
    "xyzzy",
)
MODES = (None, "walk", "fly", "swim", "climb", "burrow", "teleport", "warp")
FORCED = (None, None, None, "push", "pull", "slide", "shove")
NAMES = ("Ari", "Bo", "Orc", "Ogre")
# off the map only past the edge: a parsed square never has a negative column or row
any_cell = st.builds(Cell, st.integers(0, SIDE + 1), st.integers(0, SIDE + 1))


@st.composite
def tokens(draw: st.DrawFn) -> list[Token]:
    count = draw(st.integers(1, len(NAMES)))
    out: list[Token] = []
    for name in NAMES[:count]:
        out.append(
            Token(
                name,
                draw(cells_on_map),
                size=draw(st.sampled_from(SIZES)),
                speed_ft=draw(st.sampled_from((0, 5, 10, 20, 30, 40, 120))),
                speeds_ft=draw(
                    st.dictionaries(
                        st.sampled_from(("fly", "swim", "climb", "burrow")),
                        st.sampled_from((0, 10, 30, 60)),
                        max_size=2,
                    )
                ),
                team=draw(st.sampled_from(("party", "enemy", "neutral"))),
                conditions=frozenset(draw(st.sets(st.sampled_from(CONDITIONS), max_size=2))),
                reach_weapon=draw(st.booleans()),
                state={
                    k: v
                    for k, v in (
                        ("body", draw(st.sampled_from(("tall", "long")))),
                        ("armor", draw(st.sampled_from((None, "light", "medium", "heavy")))),
                        ("load", draw(st.sampled_from((None, "light", "heavy", "600", "junk")))),
                    )
                    if v is not None
                },
                activity=draw(
                    st.sampled_from(
                        (
                            Activity(),
                            Activity(30, 10, ("move",), 1),
                            Activity(60, 60, ("double",)),
                            Activity(5, 5, ("5ft-step",)),
                            Activity(0, 0, ("stand",)),
                        )
                    )
                ),
            )
        )
    return out


@st.composite
def requests(draw: st.DrawFn) -> MoveRequest:
    return MoveRequest(
        token=draw(st.sampled_from((*NAMES, "Nobody"))),
        to=draw(st.one_of(st.none(), any_cell, cells_on_map, cells_on_map)),
        via=tuple(draw(st.lists(any_cell, max_size=2))),
        mode=draw(st.sampled_from(MODES)),
        action=draw(st.sampled_from(ACTIONS)),
        forced=draw(st.sampled_from(FORCED)),
        by=draw(st.sampled_from((None, *NAMES, "Nobody"))),
    )


def any_maps() -> st.SearchStrategy[dict[Cell, Terrain]]:
    return st.dictionaries(cells_on_map, st.sampled_from(tuple(Terrain)), max_size=14)


def check_result(e: Encounter, result: MoveResult, request: MoveRequest) -> None:
    """What every legal result satisfies, whatever the ruleset and request."""
    assert result.cost_ft >= 0
    assert result.used_ft >= 0
    assert result.remaining_ft >= 0
    assert all(s.cost_ft >= 0 for s in result.steps)
    assert [s.cell for s in result.steps] == list(result.path[1:])
    assert result.path[0] == e.token(request.token).cell
    assert result.encounter.token(request.token).cell == result.path[-1]
    if result.mode == "teleport":  # 000 Teleport: no path between, one jump
        assert len(result.path) <= 2
        return
    for frm, to in itertools.pairwise(result.path):
        assert max(abs(frm.col - to.col), abs(frm.row - to.row)) == 1
    side = get_ruleset(e.ruleset).footprint_squares.get(result.token.size, 1)
    if side != 1:
        return
    rules = get_ruleset(e.ruleset)
    flown = {s.cell for s in result.steps if "flying" in s.why}  # 004 Combining
    for frm, to in itertools.pairwise(result.path):
        kind = e.terrain_at(to)
        # a burrower digs through what its rules let it (000, 001 Burrow; 004)
        assert not kind.blocks or (result.mode == "burrow" and kind in rules.burrows_through), (
            to,
            kind,
        )
        if (
            result.mode not in ("fly", "forced")
            and to not in flown
            and not (rules.pits_enterable and to == result.path[-1])
        ):
            # forced movement may end in a pit (004 Forced Movement: "a hazardous
            # square, such as a pit"), and an epic-path walker may step into one, ending
            # there (004 Hazardous Terrain); walkers never cross one
            assert kind is not Terrain.PIT, to
        if frm.col != to.col and frm.row != to.row:
            beside = (Cell(to.col, frm.row), Cell(frm.col, to.row))
            # no diagonal past a wall's corner; on foot, none past any of the ruleset's
            # solid_corners either (SRD 5.2 Corners: a pillar's)
            solid = (
                rules.solid_corners
                if result.mode not in ("burrow", "fly", "forced")
                else frozenset({Terrain.WALL})
            )
            assert not any(e.terrain_at(c) in solid for c in beside), (frm, to)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(RULESETS),
    any_maps(),
    tokens(),
    st.lists(requests(), min_size=1, max_size=3),
)
def test_any_request_is_a_ruling_or_a_ruling_error(
    ruleset: str, grid: dict[Cell, Terrain], crowd: list[Token], asked: list[MoveRequest]
) -> None:
    e = build(ruleset, grid, crowd)
    rules = get_ruleset(ruleset)
    for request in asked:
        before = to_json(e)
        try:
            result = rules.move(e, request)
        except RulingError:
            assert to_json(e) == before  # an illegal move changes nothing
            continue
        check_result(e, result, request)
        e = result.encounter


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(RULESETS), any_maps(), tokens(), cells_on_map)
def test_costs_are_never_negative_and_paths_never_pass_blocked_squares(
    ruleset: str, grid: dict[Cell, Terrain], crowd: list[Token], goal: Cell
) -> None:
    # plain moves by the first token, on any terrain, among other creatures
    e = build(ruleset, grid, crowd)
    request = MoveRequest("Ari", goal)
    try:
        result = get_ruleset(ruleset).move(e, request)
    except RulingError:
        return
    check_result(e, result, request)
