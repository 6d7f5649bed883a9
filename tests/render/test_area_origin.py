"""A template's point of origin is marked on the picture (issue 30): a dot in its ink,
cased in white, on the grid intersection a 5e circle starts from, or on the centre of
its square for every other template (the seeds' circles, cubes, cones, auras)."""

from __future__ import annotations

import pytest

from bot.encounter import Encounter, Template, Token
from bot.encounter_ops.templates import origin_point
from bot.grid.coords import Cell
from bot.render import style as s
from bot.render.areas import TEMPLATE_INKS
from bot.render.board import BoardView
from bot.render.layout import Layout
from bot.rules import get_ruleset
from tests.render.pixels import draw, near, pixel

FOOTPRINTS = get_ruleset("5e").footprint_squares
WHOLE = BoardView(whole_map=True)


def _at(layout: Layout, col: float, row: float) -> tuple[int, int]:
    x, y = layout.point(col, row)
    return (round(x), round(y))


def _board(*templates: Template, **tokens: Token) -> Encounter:
    return Encounter(12, 10, "5e", gm_id="gm", tokens=tokens, templates=templates)


def test_a_5e_circle_is_marked_on_its_grid_intersection() -> None:
    """At F6 from the corner: the dot sits on F6's top-left corner, not on F6's centre."""
    fireball = Template("Fireball", "circle", 15, Cell(5, 5), from_corner=True)
    assert origin_point(_board(fireball), fireball) == (5.0, 5.0)
    image, layout = draw(_board(fireball), FOOTPRINTS, WHOLE)
    assert near(pixel(image, _at(layout, 5, 5)), s.TEMPLATE_OUTLINE, 10)
    assert not near(pixel(image, _at(layout, 5.5, 5.5)), s.TEMPLATE_OUTLINE, 10)
    plain, _ = draw(_board(), FOOTPRINTS, WHOLE)
    assert not near(pixel(plain, _at(layout, 5, 5)), s.TEMPLATE_OUTLINE, 10)


@pytest.mark.parametrize(
    "template",
    [
        Template("Fog", "circle", 10, Cell(5, 5)),  # a seed ruleset's circle
        Template("Web", "cube", 10, Cell(5, 5), colour="red"),
        Template("Breath", "cone", 15, Cell(5, 5), Cell(9, 5), colour="blue"),
    ],
    ids=["circle on a square", "cube", "cone"],
)
def test_any_other_template_is_marked_on_its_squares_centre(template: Template) -> None:
    board = _board(template)
    assert origin_point(board, template) == (5.5, 5.5)
    image, layout = draw(board, FOOTPRINTS, WHOLE)
    ink = TEMPLATE_INKS[template.colour]
    assert near(pixel(image, _at(layout, 5.5, 5.5)), ink, 10)
    # G6, in it too, has only its pattern's paler dot at its centre
    assert not near(pixel(image, _at(layout, 6.5, 5.5)), ink, 10)


def test_a_following_template_is_marked_where_its_token_stands_now() -> None:
    aura = Template("Aura", "circle", 10, Cell(2, 2), follows="ari", offset=(0, 0))
    ari = Token("Ari", Cell(7, 3), team="party")
    assert origin_point(_board(aura, ari=ari), aura) == (7.5, 3.5)


def test_an_origin_off_the_window_draws_no_dot() -> None:
    """A window that leaves the origin out (the map cut to the tokens) draws no dot
    there, and nothing breaks."""
    far = Template("Far", "circle", 10, Cell(0, 0), from_corner=True)
    ari = Token("Ari", Cell(10, 8), team="party")
    board = Encounter(40, 40, "5e", gm_id="gm", tokens={"ari": ari}, templates=(far,))
    image, layout = draw(board, FOOTPRINTS, BoardView())
    assert layout.x0 > 0  # the window starts past the origin
    assert image.width > 0


def test_an_epic_path_even_cube_is_marked_on_its_intersection() -> None:
    """004 › Three Dimensional Movement: an even cube is targeted on an intersection,
    an odd one on a square: the dot says which."""
    even = Template("Web", "cube", 10, Cell(5, 5), centred=True)
    odd = Template("Fog", "cube", 15, Cell(5, 5), centred=True)
    assert origin_point(_board(even), even) == (5.0, 5.0)
    assert origin_point(_board(odd), odd) == (5.5, 5.5)
    image, layout = draw(_board(even), FOOTPRINTS, WHOLE)
    assert near(pixel(image, _at(layout, 5, 5)), s.TEMPLATE_OUTLINE, 10)
