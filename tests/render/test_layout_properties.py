"""Whatever the map and the view, the picture stays readable and in bounds
(cells of at least 24 px; a pinned view scales to 16)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render.board import BoardView, MoveOverlay, board_window, render_board
from bot.render.layout import MAX_CELL, MAX_SIDE_PX, MIN_CELL, MIN_FRAME_CELL, PHONE_CELL, plan
from bot.render.legibility import texts, too_small
from bot.rules import get_ruleset
from tests.render.pixels import decode

FOOT = get_ruleset("epic-path").footprint_squares
STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]


@st.composite
def boards(draw: st.DrawFn) -> tuple[Encounter, BoardView]:
    width = draw(st.integers(1, 200))
    height = draw(st.integers(1, 200))
    e = Encounter(width, height, "epic-path", "gm")
    size = draw(st.sampled_from([Size.TINY, Size.MEDIUM, Size.LARGE, Size.COLOSSAL]))
    side = FOOT[size]
    start = Cell(
        draw(st.integers(0, max(0, width - side))), draw(st.integers(0, max(0, height - side)))
    )
    path = [start]
    for step in draw(st.lists(st.sampled_from(STEPS), max_size=120)):
        nxt = Cell(path[-1].col + step[0], path[-1].row + step[1])
        if 0 <= nxt.col <= width - side and 0 <= nxt.row <= height - side:
            path.append(nxt)
    conditions = frozenset(draw(st.lists(st.sampled_from(["prone", "grappled", "slowed"]))))
    e = e.with_token(Token("Mover", path[-1], size=size, team="party", conditions=conditions))
    move = None
    if draw(st.booleans()):
        end = path[-1]
        bands = frozenset(
            Cell(end.col + dc, end.row + dr) for dc in range(-3, 4) for dr in range(-3, 4)
        )
        move = MoveOverlay(
            tuple(path),
            tuple(5.0 * i for i in range(len(path))),
            "mover",
            provoked_at=(path[0],),
            reach_now=frozenset(list(bands)[:5]),
            reach_more=bands,
        )
    center = None
    if draw(st.booleans()):
        center = Cell(draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    zoom = draw(st.one_of(st.none(), st.integers(0, 200)))
    view = BoardView(move=move, center=center, zoom=zoom, whole_map=draw(st.booleans()))
    return e, view


@settings(max_examples=150, deadline=None)
@given(boards())
def test_window_is_on_the_map_readable_and_within_1024_px(board: tuple[Encounter, BoardView]):
    e, view = board
    layout = plan(e, FOOT, view)
    assert MIN_CELL <= layout.cell <= MAX_CELL
    assert layout.width <= MAX_SIDE_PX and layout.height <= MAX_SIDE_PX
    first, last = board_window(e, FOOT, view)
    assert 0 <= first.col <= last.col < e.width and 0 <= first.row <= last.row < e.height
    if layout.inset:
        assert (layout.cols, layout.rows) != (e.width, e.height)
    if view.move is not None and view.center is None:
        # the mover's last square is always in the picture
        end = view.move.path[-1]
        assert first.col <= end.col <= last.col and first.row <= end.row <= last.row


@settings(max_examples=25, deadline=None)
@given(boards())
def test_any_board_renders_to_a_png_of_the_planned_size(board: tuple[Encounter, BoardView]):
    e, view = board
    image = decode(render_board(e, FOOT, view))
    layout = plan(e, FOOT, view)
    assert image.width == layout.width
    if layout.inset and view.phone:  # an inset that would cover a token: a strip under it
        assert layout.height <= image.height <= layout.height + 2 * 6 + 204
    else:
        assert image.height == layout.height


@st.composite
def pinned(draw: st.DrawFn) -> tuple[Encounter, BoardView]:
    """A map with a few tokens (or none) and a view pinned on it (/map view:)."""
    width, height = draw(st.integers(1, 80)), draw(st.integers(1, 80))
    e = Encounter(width, height, "epic-path", "gm")
    for i in range(draw(st.integers(0, 3))):
        at = Cell(draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
        name = draw(st.sampled_from(["Goblin {}", "Ari {}", "Gnoll {}"])).format(i + 1)
        e = e.with_token(Token(name, at, team=draw(st.sampled_from(["party", "enemy"]))))
    cols = sorted(draw(st.lists(st.integers(0, width - 1), min_size=2, max_size=2)))
    rows = sorted(draw(st.lists(st.integers(0, height - 1), min_size=2, max_size=2)))
    frame = (Cell(cols[0], rows[0]), Cell(cols[1], rows[1]))
    return e, BoardView(frame=frame)


@settings(max_examples=120, deadline=None)
@given(pinned())
def test_a_pinned_view_is_drawn_as_pinned_or_its_middle_and_always_reads(
    board: tuple[Encounter, BoardView],
):
    """Issue 40: a pin draws its squares and no others, scaled to read on a phone;
    one too big for that shows its middle at the cut windows' square, inside it."""
    e, view = board
    assert view.frame is not None
    (a, b), layout = view.frame, plan(e, FOOT, view)
    pinned_cols, pinned_rows = b.col - a.col + 1, b.row - a.row + 1
    first, last = layout.first, layout.last
    assert a.col <= first.col <= last.col <= b.col and a.row <= first.row <= last.row <= b.row
    if (layout.cols, layout.rows) != (pinned_cols, pinned_rows):  # cut: round its middle
        assert layout.cell == PHONE_CELL
        assert abs((first.col - a.col) - (b.col - last.col)) <= 1
        assert abs((first.row - a.row) - (b.row - last.row)) <= 1
    else:
        assert MIN_FRAME_CELL <= layout.cell <= MAX_CELL
    assert too_small(texts(e, FOOT, view, layout), layout) == []
    assert layout.width <= MAX_SIDE_PX and layout.height <= MAX_SIDE_PX


@settings(max_examples=25, deadline=None)
@given(pinned())
def test_a_pinned_picture_strip_and_all_is_no_taller_than_1024_px(
    board: tuple[Encounter, BoardView],
):
    e, view = board
    layout = plan(e, FOOT, view)
    image = decode(render_board(e, FOOT, view))
    assert image.width == layout.width and layout.height <= image.height <= MAX_SIDE_PX
