"""Issue 28, On the board: a footprint's step checks every edge and corner its squares
cross (docs/RULINGS.md, "A footprint never fills a space across a wall or a closed
door"). A Large creature may not squeeze diagonally past a closed door that a Medium one
making the same step may not pass either, through the console in 5e, 3.5 and
epic-path, in the move picture's speed bands, and, as a property stated on the lattice
of square corners (independently of ``steps.barriers``), on random walled boards for
every ruleset, by the reference search and the compiled step tables alike."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.encounter import Encounter, Token
from bot.grid.coords import Cell, edge_key
from bot.grid.geometry import footprint
from bot.grid.search import cheapest_path, reachable
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier
from bot.rules import get_ruleset, identities
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.moves import MoveRequest
from bot.rules.moving import speed_bands
from tests.handlers.encounter_helpers import refused, run

RULESETS = ["5e", "3.5", "epic-path"]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("size", ["medium", "large"])
async def test_diagonals_rule_no_footprint_passes_the_end_of_a_closed_door(
    gm: Context, ruleset: str, size: str
) -> None:
    await run(
        gm,
        f"/encounter start width:20 height:20 ruleset:{ruleset}",
        "/terrain edge cells:K9/L9 kind:door",
        f"/token add name:T at:K10 size:{size}",
    )
    reply = await run(gm, "/move token:T to:M9 via:L9")
    path = reply.result["path"]
    # K10 → L9 crosses the corner the door K9/L9 ends on: never a single diagonal step
    assert path[:2] != ["K10", "L9"], path


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_obstacles_rule_a_large_token_never_slides_into_straddling_a_door(
    gm: Context, ruleset: str
) -> None:
    """Straight up from K10 the Large body's top would sweep the door K9/L9 and stand
    across it; and its dash band stays on its own side of the door."""
    await run(
        gm,
        f"/encounter start width:20 height:20 ruleset:{ruleset}",
        "/terrain edge cells:K9/L9 kind:door",
        "/token add name:T at:K10 size:large",
    )
    error = await refused(gm, "/move token:T to:K9")
    assert "closed door between K9 and L9" in str(error)


# ---- the invariant, on random boards


SIDE = 8
cells = st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))
BLOCKING = (Barrier.WALL, Barrier.DOOR)


def segment(a: Cell, b: Cell) -> frozenset[tuple[int, int]]:
    """The edge between side-by-side squares as its two end points on the lattice of
    square corners (square (col, row) spans [col, col+1] × [row, row+1])."""
    if a.row == b.row:
        x = max(a.col, b.col)
        return frozenset({(x, a.row), (x, a.row + 1)})
    y = max(a.row, b.row)
    return frozenset({(a.col, y), (a.col + 1, y)})


def blocked_segments(encounter: Encounter) -> dict[frozenset[tuple[int, int]], str]:
    return {
        segment(a, b): f"{a}/{b}" for (a, b), kind in encounter.edges.items() if kind in BLOCKING
    }


def stands_across(encounter: Encounter, side: int, anchor: Cell) -> str:
    """The wall or closed door between two squares of the footprint at ``anchor``."""
    walls = blocked_segments(encounter)
    there = set(footprint(anchor, side))
    for a in there:
        for b in (Cell(a.col + 1, a.row), Cell(a.col, a.row + 1)):
            if b in there and segment(a, b) in walls:
                return walls[segment(a, b)]
    return ""


def breaks(encounter: Encounter, side: int, p: Cell, q: Cell) -> str:
    """Why the footprint's step p → q crosses a wall or closed door, or "".

    The invariant: every square c of the footprint at p steps to c + (q - p); a
    straight step may not cross a blocked edge between c and where it goes; a diagonal
    one may not pass a corner point any blocked edge ends on (001 "Diagonals", the rule
    a Medium creature already follows); and no blocked edge ever lies between two
    squares of the footprint at q (the creature would stand across a wall)."""
    walls = blocked_segments(encounter)
    dc, dr = q.col - p.col, q.row - p.row
    for c in footprint(p, side):
        to = Cell(c.col + dc, c.row + dr)
        if dc and dr:
            corner = (max(c.col, to.col), max(c.row, to.row))
            hit = [name for seg, name in walls.items() if corner in seg]
            if hit:
                return f"{c} → {to} passes the end of {hit[0]}"
        elif segment(c, to) in walls:
            return f"{c} → {to} crosses {walls[segment(c, to)]}"
    across = stands_across(encounter, side, q)
    return f"the footprint at {q} stands across {across}" if across else ""


@st.composite
def boards(draw: st.DrawFn, ruleset: str) -> tuple[Encounter, Cell]:
    e = Encounter(SIDE, SIDE, ruleset, "gm")
    for a in draw(st.lists(cells, min_size=2, max_size=14)):
        b = draw(st.sampled_from((Cell(a.col + 1, a.row), Cell(a.col, a.row + 1))))
        if b.col < SIDE and b.row < SIDE:
            e = e.with_barriers([edge_key(a, b)], draw(st.sampled_from(list(Barrier))))
    size = draw(st.sampled_from((Size.LARGE, Size.LARGE, Size.HUGE)))
    start = Cell(draw(st.integers(0, SIDE - 3)), draw(st.integers(0, SIDE - 3)))
    e = e.with_token(Token("Mover", start, size=size, team="party", speed_ft=30))
    return e, draw(cells)


@pytest.mark.parametrize("ruleset", tuple(identities()))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_diagonals_rule_a_footprints_path_never_crosses_a_wall_or_closed_door(
    ruleset: str, data: st.DataObject
) -> None:
    """Both searches (the reference, asking the step function step by step, and the
    compiled step tables) find only paths that keep ``breaks``' invariant, and agree."""
    encounter, goal = data.draw(boards(ruleset))
    token = encounter.token("Mover")
    rules = get_ruleset(ruleset).for_encounter(encounter)
    movement = rules.sheet.token_movement(token)
    allowance = rules.economy.allowance(
        encounter, token, MoveRequest("Mover", to=goal, action="move"), movement
    )
    board = Board.of(encounter, token, rules.footprint_squares)
    ctx = StepContext(board, movement, allowance, stood=False)
    side = board.side
    assume(not stands_across(encounter, side, token.cell))  # it starts on one side
    floor = rules.steps.min_step_ft(ctx)
    parity = rules.diagonal_parity
    found = []
    for step in (
        rules.stepper(ctx),
        CompiledStep(rules, ctx, rules.stepper(ctx), unhampered=False),
    ):
        path = cheapest_path(
            token.cell, goal, step, budget_ft=200, min_step_ft=floor, parity=parity
        )
        reach = reachable(token.cell, step, budget_ft=60, parity=parity)
        found.append((path, reach))
        if path is not None:
            for p, q in zip(path.cells, path.cells[1:], strict=False):
                assert breaks(encounter, side, p, q) == "", (ruleset, path.cells)
    (slow, slow_reach), (fast, fast_reach) = found
    assert (slow is None) == (fast is None)
    if slow is not None and fast is not None:
        assert fast.cost_ft == pytest.approx(slow.cost_ft)
    assert fast_reach == pytest.approx(slow_reach)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_diagonals_rule_the_move_pictures_bands_stay_on_the_doors_side(ruleset: str) -> None:
    """The speed bands a move's picture draws come from the same search: no anchor where
    the Large body would stand across the door, and L9 only the long way round."""
    encounter = Encounter(20, 20, ruleset, "gm").with_barriers(
        [edge_key(Cell.parse("K9"), Cell.parse("L9"))], Barrier.DOOR
    )
    encounter = encounter.with_token(
        Token("T", Cell.parse("K10"), size=Size.LARGE, team="party", speed_ft=30)
    )
    rules = get_ruleset(ruleset).for_encounter(encounter)
    now, more = speed_bands(rules, encounter, "T")
    for anchor in now | more:
        assert not stands_across(encounter, 2, anchor), anchor
    assert Cell.parse("L9") in now and Cell.parse("K9") not in now | more


@pytest.mark.parametrize(
    ("ruleset", "section"),
    [("5e-alt", "Alternate Movement › Teleport"), ("epic-path", "Epic Path › Blocked Terrain")],
)
async def test_teleport_never_lands_a_large_creature_across_a_wall(
    gm: Context, ruleset: str, section: str
) -> None:
    """A teleport has no path, but where it lands is a space like any other: a wall
    through the Large creature's space there makes it blocked, and it appears in the
    nearest open space instead (5e-alt Teleporting Into Obstacles; epic-path's nearest
    open space in sight)."""
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/terrain edge cells:H3/H4 kind:wall",
        "/token add name:T at:A3 size:large",
    )
    reply = await run(gm, "/move token:T to:G3 mode:teleport")
    landed = Cell.parse(reply.result["path"][-1])
    assert landed != Cell.parse("G3")
    walled = Encounter(14, 10, ruleset, "gm").with_barriers(
        [edge_key(Cell.parse("H3"), Cell.parse("H4"))], Barrier.WALL
    )
    assert not stands_across(walled, 2, landed)
    text = reply.as_text()
    assert "G3 is occupied or blocked" in text and section in text
