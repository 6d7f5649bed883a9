"""/template add colour: (issue 30): a few named colours, each told apart from every
other under simulated deuteranopia, protanopia and tritanopia (Machado, Oliveira &
Fernandes 2009 at severity 1.0, as the bands' test), drawn as the area's tint, dots,
outline and label edge, with letters that read on the white label."""

from __future__ import annotations

import itertools

import pytest

from bot.encounter import TEMPLATE_COLOURS, Encounter, Template, Token
from bot.grid.coords import Cell
from bot.render import style as s
from bot.render.areas import TEMPLATE_INKS, _text_ink
from bot.render.board import BoardView
from bot.rules import get_ruleset
from bot.schema.models import TemplateModel
from tests.render.pixels import cell_box, colours, draw, near
from tests.render.test_legend import TRITAN, _distance, _linear, _srgb

MATRICES = {
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "tritanopia": TRITAN,
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
APART = 60  # sRGB distance: the bands' test calls 40 "set apart"
FOOTPRINTS = get_ruleset("5e").footprint_squares


def seen(ink: s.RGB, kind: str) -> tuple[int, int, int]:
    lin = [_linear(v) for v in ink]
    r, g, b = (_srgb(sum(m * x for m, x in zip(row, lin, strict=True))) for row in MATRICES[kind])
    return (r, g, b)


def test_every_named_colour_has_an_ink_and_the_schema_takes_it() -> None:
    assert set(TEMPLATE_INKS) == set(TEMPLATE_COLOURS)
    assert TEMPLATE_INKS["purple"] == s.TEMPLATE_OUTLINE  # the default keeps its look
    for colour in TEMPLATE_COLOURS:
        TemplateModel(name="Fog", shape="circle", size_ft=10, at="C3", colour=colour)


@pytest.mark.parametrize("kind", sorted(MATRICES))
def test_the_colours_are_told_apart_under_colour_blindness(kind: str) -> None:
    for a, b in itertools.combinations(TEMPLATE_COLOURS, 2):
        gap = _distance(seen(TEMPLATE_INKS[a], kind), seen(TEMPLATE_INKS[b], kind))
        assert gap >= APART, (kind, a, b, gap)


def test_a_labels_letters_read_on_white() -> None:
    for colour, ink in TEMPLATE_INKS.items():
        letters = _text_ink(ink)
        lum = [_linear(v) for v in letters]
        luminance = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2]
        assert 1.05 / (luminance + 0.05) >= 3, colour


@pytest.mark.parametrize("colour", TEMPLATE_COLOURS)
def test_the_area_is_drawn_in_its_colour(colour: str) -> None:
    """The outline round its squares and the frame round a creature inside are in its
    ink; the purple of the default is nowhere on a red, yellow or blue area."""
    orc = Token("Orc", Cell(4, 4), team="enemy")
    area = Template("Web", "square", 15, Cell(3, 3), colour=colour)  # type: ignore[arg-type]
    board = Encounter(10, 10, "5e", gm_id="gm", tokens={"orc": orc}, templates=(area,))
    image, layout = draw(board, FOOTPRINTS, BoardView(whole_map=True))
    ink = TEMPLATE_INKS[colour]
    first = cell_box(layout, Cell(3, 3), 0)
    last = cell_box(layout, Cell(5, 5), 0)
    box = (first[0], first[1], last[2], last[3])
    seen_here = colours(image, box)
    inked = sum(n for c, n in seen_here.items() if near(c, ink, 12))
    assert inked >= layout.cell * 4  # its outline and the Orc's frame, at least
    if colour != "purple":
        assert not any(near(c, s.TEMPLATE_OUTLINE, 12) for c in seen_here)
