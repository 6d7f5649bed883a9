"""Area templates (issue 17): the squares each shape covers, a square counting when its
centre is inside (docs/RULINGS.md), who stands inside, and templates that follow."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.templates import template_squares
from tests.handlers.encounter_helpers import refused, run


def squares(shape: str, size: int, at: str, toward: str | None = None) -> set[str]:
    covered = template_squares(
        shape,
        size,
        Cell.parse(at),
        Cell.parse(toward) if toward else None,
        square_ft=5,
        width=20,
        height=20,
    )
    return {str(c) for c in covered}


def test_a_circle_counts_squares_whose_centres_are_within_its_radius() -> None:
    assert squares("circle", 5, "E5") == {"E5", "D5", "F5", "E4", "E6"}
    assert len(squares("circle", 20, "E5")) == 49
    assert "A1" not in squares("circle", 20, "E5")  # 4 squares each way: beyond 20 ft


def test_a_square_or_cube_runs_right_and_down_from_its_corner() -> None:
    assert squares("cube", 10, "C3") == {"C3", "D3", "C4", "D4"}
    assert squares("square", 15, "S19") == {"S19", "T19", "S20", "T20"}  # the map's edge


def test_a_line_is_one_square_wide_and_its_length_long() -> None:
    assert squares("line", 30, "A1", "H1") == {"B1", "C1", "D1", "E1", "F1", "G1"}


def test_a_cone_widens_as_it_goes_and_leaves_out_its_own_square() -> None:
    assert squares("cone", 15, "E5", "H5") == {"F5", "G4", "G5", "G6", "H4", "H5", "H6"}


cells = st.builds(Cell, st.integers(0, 19), st.integers(0, 19))


@given(at=cells, toward=cells, size=st.sampled_from([5, 10, 15, 30, 60]))
def test_shapes_stay_on_the_map_and_within_reach(at: Cell, toward: Cell, size: int) -> None:
    for shape in ("circle", "cone", "line"):
        if shape != "circle" and toward == at:
            continue
        got = template_squares(
            shape, size, at, None if shape == "circle" else toward,
            square_ft=5, width=20, height=20,
        )  # fmt: skip
        for c in got:
            assert 0 <= c.col < 20 and 0 <= c.row < 20
            # a cone's flat end reaches past its length at the sides: at most half as far
            # again across, so never beyond length × √1.25
            far = ((c.col - at.col) ** 2 + (c.row - at.row) ** 2) ** 0.5
            assert far <= size / 5 * (1.25**0.5 if shape != "circle" else 1) + 1e-9


async def test_who_is_inside_and_a_template_that_follows(gm: Context) -> None:
    # a circle on its square's centre (the seeds' rulesets; 5e's start on an
    # intersection: tests/handlers/test_template_flow.py)
    await run(
        gm,
        "/encounter start width:12 height:12 ruleset:3.5",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Orc at:E5",
        "/token add name:Ogre at:H8 size:large",
    )
    fire = await run(gm, "/template add shape:circle size:15 at:F6 name:Fireball")
    assert fire.result["inside"] == ["Orc", "Ogre"]  # a Large creature: any of its squares
    assert fire.image_png is not None
    await run(gm, "/template add shape:circle size:5 at:A1 follows:Ari name:Aura")
    await run(gm, "/move token:Ari to:D5")
    listed = await run(gm, "/template list")
    assert listed.result["inside"]["Aura"] == ["Ari", "Orc"]  # it moved with Ari
    await run(gm, "/undo")  # the move undone: the aura is back where Ari stood
    assert (await run(gm, "/template list")).result["inside"]["Aura"] == ["Ari"]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("/template add shape:cone size:15 at:A1", "points somewhere"),
        ("/template add shape:circle size:15 at:A1 toward:B2", "points nowhere"),
        ("/template add shape:circle size:12 at:A1", "steps of 5"),
        ("/template add shape:circle size:15 at:Z99", "off the map"),
        ("/template add shape:circle size:15 at:A1 follows:Nobody", "No token named"),
        ("/template remove name:Nope", "No template named"),
    ],
)
async def test_bad_templates_are_refused_and_change_nothing(
    gm: Context, line: str, says: str
) -> None:
    await run(gm, "/encounter start width:12 height:12", "/token add name:Ari at:A1")
    await refused(gm, line, InvalidInput, says)
