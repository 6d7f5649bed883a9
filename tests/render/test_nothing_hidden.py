"""A /move picture hides nothing near the action: the whole map when it fits
readably, every token drawn, every cost label inside the image and clear of the
letter strips; a window that crops a nearby token shows it in the inset."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.render import style as s
from bot.render.board import BoardView, MoveOverlay, board_window
from bot.render.layout import NEAR, READABLE_CELL, plan
from bot.render.legibility import MIN_SQUARE_PX, MIN_TEXT_PX, on_phone, texts
from bot.render.overlay import place_cost_labels
from bot.rules import get_ruleset
from tests.render.pixels import cell_box, draw, share

FOOT = get_ruleset("3.5").footprint_squares
STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
TEAMS = ["party", "enemy", "neutral"]


def test_a_12_by_10_map_is_shown_whole_so_ari_at_a1_stays():
    e = Encounter(12, 10, "3.5", "gm")
    e = e.with_token(Token("Ari", Cell.parse("A1"), team="party"))
    path = tuple(Cell.parse(c) for c in ("H5", "I5", "J5", "K5", "L5"))
    e = e.with_token(Token("Orc", path[-1], team="enemy"))
    costs = tuple(5.0 * i for i in range(len(path)))
    view = BoardView(move=MoveOverlay(path, costs, "orc"))
    assert board_window(e, FOOT, view) == (Cell(0, 0), Cell(11, 9))
    image, layout = draw(e, FOOT, view)
    assert layout.cell >= READABLE_CELL
    assert share(image, cell_box(layout, Cell(0, 0), inset=10), s.TEAM_COLOUR["party"]) > 0.3


def test_a_label_at_the_left_and_top_edges_is_slid_onto_the_board():
    """The end label of a move into A1 would sit over the corner of the letter strips."""
    e = Encounter(12, 10, "3.5", "gm")
    path = tuple(Cell.parse(c) for c in ("C1", "B1", "A1"))
    e = e.with_token(Token("Ari", path[-1], team="party"))
    view = BoardView(move=MoveOverlay(path, (0.0, 5.0, 10.0), "ari"))
    layout = plan(e, FOOT, view)
    labels = place_cost_labels(layout, view.move.path, view.move.costs_ft, 1)  # type: ignore[union-attr]
    assert labels[0][0] == "10 ft"
    for _, (x0, y0, x1, y1) in labels:
        assert x0 >= layout.left and y0 >= layout.top
        assert x1 <= layout.width and y1 <= layout.height


def test_a_window_that_crops_a_nearby_token_has_the_inset():
    e = Encounter(120, 120, "3.5", "gm")
    path = tuple(Cell(60 + i, 60) for i in range(30))
    e = e.with_token(Token("Runner", path[-1], team="party"))
    e = e.with_token(Token("Lookout", Cell(58, 58), team="enemy"))  # beside the start
    view = BoardView(move=MoveOverlay(path, tuple(5.0 * i for i in range(30)), "runner"))
    layout = plan(e, FOOT, view)
    first, last = board_window(e, FOOT, view)
    if not (first.col <= 58 <= last.col and first.row <= 58 <= last.row):
        assert layout.inset


@st.composite
def small_moves(draw_: st.DrawFn) -> tuple[Encounter, BoardView]:
    width = draw_(st.integers(1, 24))
    height = draw_(st.integers(1, 24))
    e = Encounter(width, height, "3.5", "gm")
    start = Cell(draw_(st.integers(0, width - 1)), draw_(st.integers(0, height - 1)))
    path = [start]
    for step in draw_(st.lists(st.sampled_from(STEPS), max_size=30)):
        nxt = Cell(path[-1].col + step[0], path[-1].row + step[1])
        if 0 <= nxt.col < width and 0 <= nxt.row < height and nxt not in path:
            path.append(nxt)
    e = e.with_token(Token("Mover", path[-1], team="party"))
    free = [Cell(c, r) for r in range(height) for c in range(width) if Cell(c, r) not in path]
    others = draw_(st.lists(st.sampled_from(free), unique=True, max_size=6)) if free else []
    for i, cell in enumerate(others):
        e = e.with_token(Token(f"T{i}", cell, team=TEAMS[i % 3]))
    costs = tuple(float(draw_(st.sampled_from([5, 10, 15]))) * i for i in range(len(path)))
    return e, BoardView(move=MoveOverlay(tuple(path), costs, "mover"))


@settings(max_examples=60, deadline=None)
@given(small_moves())
def test_every_token_is_drawn_and_every_label_is_inside_the_image(
    board: tuple[Encounter, BoardView],
) -> None:
    e, view = board
    assert view.move is not None
    view = replace(view, phone=False)  # /map whole:true's size; the phone's: below
    image, layout = draw(e, FOOT, view)
    assert (layout.cols, layout.rows) == (e.width, e.height)  # small maps: always whole
    for token in e.tokens.values():
        assert layout.shows(token.cell)
        colour = s.TEAM_COLOUR[token.team]
        assert share(image, cell_box(layout, token.cell), colour) > 0.1, token.name
    for text, (x0, y0, x1, y1) in place_cost_labels(layout, view.move.path, view.move.costs_ft, 1):
        assert x0 >= 0 and x1 <= image.width and y1 <= image.height, text
        assert x0 >= layout.left and y0 >= layout.top, text  # not under the letter strips


@settings(max_examples=60, deadline=None)
@given(small_moves())
def test_at_phone_width_the_move_and_its_labels_read(
    board: tuple[Encounter, BoardView],
) -> None:
    """The phone rule (docs/PICTURES.md): the window keeps the mover's last square, every
    text that is 9 px or more in the picture is 9 px or more at 360 px wide, and a
    square is 14 px or more there."""
    e, view = board
    assert view.move is not None
    image, layout = draw(e, FOOT, view)
    assert layout.shows(view.move.path[-1])
    assert image.width == layout.width
    for text in texts(e, FOOT, view, layout):
        if text.font_px >= MIN_TEXT_PX:
            assert on_phone(text.font_px, layout.width) >= MIN_TEXT_PX, text
    assert on_phone(layout.cell, layout.width) >= MIN_SQUARE_PX


def test_near_is_a_few_squares() -> None:
    assert 2 <= NEAR <= 4
