"""epic-path's square and cube templates are centred (seed 004_15d51e0af34ca221.txt ›
Three Dimensional Movement: "Areas of effect, defined above as squares, are simply
counted as cubes in three dimensional movement. Odd-sized cubes are centered upon a
target cube, even-sized cubes are targeted upon the three-axis intersection of eight
cubes"). On the 2D board: an odd side centred on the square `at:` names, an even side
on the grid intersection at that square's top-left corner (the four squares round it
are the eight cubes seen from above). Every other ruleset keeps its squares and cubes
running right and down from `at:`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.context import Context
from bot.encounter import Encounter, Template
from bot.encounter_ops.templates import origin_point
from bot.grid.coords import Cell
from bot.grid.templates import template_squares
from bot.rules import rulesets
from bot.storage import Store, StoredEncounter
from tests.handlers.encounter_helpers import run


def block(first: str, last: str) -> set[str]:
    a, b = Cell.parse(first), Cell.parse(last)
    return {str(Cell(c, r)) for c in range(a.col, b.col + 1) for r in range(a.row, b.row + 1)}


def covered(shape: str, size_ft: int, at: str, *, centred: bool) -> set[str]:
    cells = template_squares(
        shape, size_ft, Cell.parse(at), None, square_ft=5, width=30, height=30, centred=centred
    )
    return {str(c) for c in cells}


@pytest.mark.parametrize("shape", ["cube", "square"])
def test_004_three_dimensional_movement_an_odd_cube_is_centred_on_its_square(shape: str) -> None:
    assert covered(shape, 15, "F6", centred=True) == block("E5", "G7")
    assert covered(shape, 5, "F6", centred=True) == {"F6"}
    assert covered(shape, 25, "F6", centred=True) == block("D4", "H8")


@pytest.mark.parametrize("shape", ["cube", "square"])
def test_004_three_dimensional_movement_an_even_cube_is_on_the_intersection(shape: str) -> None:
    """10 ft at F6: on the intersection at F6's top-left corner, E5 to F6."""
    assert covered(shape, 10, "F6", centred=True) == block("E5", "F6")
    assert covered(shape, 20, "F6", centred=True) == block("D4", "G7")


@given(side=st.integers(1, 8), col=st.integers(8, 20), row=st.integers(8, 20))
def test_a_centred_cube_is_symmetric_about_its_origin(side: int, col: int, row: int) -> None:
    """Its squares mirror onto themselves about the point it is measured from (the
    square's centre, or the intersection), and there are side × side of them."""
    template = Template("Cube", "cube", side * 5, Cell(col, row), centred=True)
    cells = template_squares(
        "cube", side * 5, Cell(col, row), None, square_ft=5, width=40, height=40, centred=True
    )
    ox, oy = origin_point(Encounter(40, 40, "epic-path", gm_id="gm"), template)
    mirrored = {Cell(round(2 * ox - 1 - c.col), round(2 * oy - 1 - c.row)) for c in cells}
    assert mirrored == set(cells)
    assert len(cells) == side * side
    assert (ox, oy) == ((col, row) if side % 2 == 0 else (col + 0.5, row + 0.5))


def test_only_epic_path_centres_its_squares_and_cubes() -> None:
    for name, ruleset in rulesets().items():
        assert ruleset.squares_centred is (name == "epic-path"), name


async def test_epic_path_template_add_centres_a_cube_and_says_so(gm: Context, store: Store) -> None:
    """004 › Three Dimensional Movement, through /template add: stored as centred, so
    the board keeps its squares whatever the ruleset does later."""
    await run(gm, "/encounter start width:20 height:20 ruleset:epic-path")
    await run(gm, "/token add name:Orc at:E5", "/token add name:Ari at:H8")
    added = await run(gm, "/template add shape:cube size:15 at:F6 name:Fog")
    assert added.fields[0].value == "Fog: 15 ft cube centred on F6 (9 squares) — Orc"
    even = await run(gm, "/template add shape:cube size:10 at:F6 name:Web")
    assert even.fields[0].value.startswith("Web: 10 ft cube centred on F6's top-left corner")
    assert "(4 squares) — Orc" in even.fields[0].value
    stored = await store.active_encounter("table-1")
    assert stored is not None and all(t.centred for t in stored.encounter.templates)
    circle = await run(gm, "/template add shape:circle size:10 at:F6 name:Glow")
    assert "at F6 (" in circle.fields[0].value  # circles: as before, on the square's centre


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024", "5e-alt", "3.5", "becmi"])
async def test_other_rulesets_keep_cubes_running_right_and_down(gm: Context, ruleset: str) -> None:
    await run(gm, f"/encounter start width:20 height:20 ruleset:{ruleset}")
    added = await run(gm, "/template add shape:cube size:15 at:F6 name:Fog")
    square_ft = rulesets()[ruleset].square_ft
    side = max(1, round(15 / square_ft))
    assert f"Fog: 15 ft cube at F6 ({side * side} squares)" in added.fields[0].value
    stored = await store_of(gm)
    assert not stored.encounter.templates[0].centred


async def store_of(gm: Context) -> StoredEncounter:
    stored = await gm.store.active_encounter("table-1")
    assert stored is not None
    return stored
