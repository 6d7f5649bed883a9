"""A board drawn straight into a palette image (``bot.render.paletted``, issue 31) is,
pixel for pixel, the board drawn in RGB and encoded as before: every mark, every
soft edge over every terrain, and the colours the old encoder merged, merged alike."""

from __future__ import annotations

import io
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.encounter import Encounter, Template, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.handlers.board_areas import with_areas
from bot.render import board as board_module
from bot.render.board import BoardView, MoveOverlay, board_image, render_board
from bot.render.draw import encode_png
from bot.render.palette_png import encode, merged
from bot.render.paletted import MAX_INKS, Overflow, index, paste_colour, put_rgb
from bot.rules import get_ruleset
from tests.render.scenarios import SCENARIOS

FOOT = get_ruleset("3.5").footprint_squares
STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (2, 0), (0, 3)]
TEAMS = ["party", "enemy", "neutral", "ally"]
SIZES = [Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE]
CONDITIONS = [frozenset(), frozenset({"prone"}), frozenset({"blinded"}), frozenset({"a", "b"})]


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def assert_same_picture(encounter: Encounter, view: BoardView) -> None:
    """The palette-first bytes decode to exactly what the RGB drawing encodes to."""
    ours = pixels(render_board(encounter, FOOT, view))
    before = pixels(encode_png(board_image(encounter, FOOT, view)))
    assert ours.size == before.size
    assert ImageChops.difference(ours, before).getbbox() is None


@st.composite
def boards(draw: st.DrawFn) -> tuple[Encounter, BoardView]:
    width, height = draw(st.integers(2, 40)), draw(st.integers(2, 40))
    every = [Cell(c, r) for r in range(height) for c in range(width)]
    e = Encounter(width, height, "3.5", "gm")
    for kind in draw(st.lists(st.sampled_from(list(Terrain)), max_size=6)):
        e = e.with_terrain(draw(st.lists(st.sampled_from(every), max_size=12)), kind)
    walls = draw(st.lists(st.sampled_from(every), max_size=6))
    kind = draw(st.sampled_from(list(Barrier)))
    e = e.with_barriers([(c, Cell(c.col + 1, c.row)) for c in walls if c.col + 1 < width], kind)
    e = e.in_dark(draw(st.lists(st.sampled_from(every), max_size=10)), True)
    start = draw(st.sampled_from(every))
    path = [start]
    for dx, dy in draw(st.lists(st.sampled_from(STEPS), max_size=14)):
        nxt = Cell(path[-1].col + dx, path[-1].row + dy)
        if 0 <= nxt.col < width and 0 <= nxt.row < height and nxt not in path:
            path.append(nxt)
    e = e.with_token(Token("Mover", path[-1], team=draw(st.sampled_from(TEAMS))))
    for i, cell in enumerate(draw(st.lists(st.sampled_from(every), unique=True, max_size=8))):
        if cell in path:
            continue
        token = Token(
            f"T{i}",
            cell,
            team=TEAMS[i % 4],
            size=draw(st.sampled_from(SIZES)),
            conditions=draw(st.sampled_from(CONDITIONS)),
            hidden=draw(st.booleans()),
            altitude_ft=draw(st.sampled_from([0, 0, 30])),
            reactions_used=draw(st.sampled_from([0, 0, 1])),
        )
        e = e.with_token(token)
    if draw(st.booleans()):
        e = replace(e, order=tuple(e.tokens), turn_index=0)
    if draw(st.booleans()):
        e = replace(e, templates=(Template("Fog", "circle", 10, draw(st.sampled_from(every))),))
    costs = tuple(5.0 * i for i in range(len(path)))
    near = frozenset(c for c in every if abs(c.col - start.col) + abs(c.row - start.row) < 4)
    far = frozenset(c for c in every if abs(c.col - start.col) + abs(c.row - start.row) < 7)
    earlier = (tuple(Cell(start.col, r) for r in range(max(0, start.row - 3), start.row + 1)),)
    move = MoveOverlay(
        tuple(path),
        costs,
        "mover",
        provoked_at=tuple(draw(st.lists(st.sampled_from(path), max_size=2))),
        reach_now=near,
        reach_more=far,
        forced=draw(st.booleans()),
        teleport=draw(st.booleans()),
        earlier=earlier if draw(st.booleans()) else (),
    )
    threats = frozenset(draw(st.lists(st.sampled_from(every), max_size=12)))
    reach = frozenset(draw(st.lists(st.sampled_from(every), max_size=6)))
    view = BoardView(
        move=move if draw(st.booleans()) else None,
        threats=threats,
        reach=reach,
        whole_map=draw(st.booleans()),
        phone=draw(st.booleans()),
    )
    return e, with_areas(e, view)  # the templates' squares, as the handlers hand them


@settings(max_examples=80, deadline=None)
@given(boards())
def test_a_palette_board_is_the_rgb_board_pixel_for_pixel(board: tuple[Encounter, BoardView]):
    assert_same_picture(*board)


def test_every_reference_scenario_is_the_rgb_board_pixel_for_pixel():
    for make in SCENARIOS.values():
        scenario = make()
        ours = pixels(render_board(scenario.encounter, scenario.footprints, scenario.view))
        before = board_image(scenario.encounter, scenario.footprints, scenario.view)
        assert ImageChops.difference(ours, pixels(encode_png(before))).getbbox() is None


def test_the_picture_is_written_as_a_palette_png_no_bigger_than_before():
    scenario = SCENARIOS["3.5"]()
    png = render_board(scenario.encounter, scenario.footprints, scenario.view)
    assert Image.open(io.BytesIO(png)).mode == "P"
    before = encode_png(board_image(scenario.encounter, scenario.footprints, scenario.view))
    assert len(png) <= len(before) * 1.05


def test_past_a_palettes_colours_the_board_is_drawn_in_rgb(monkeypatch):
    """A picture that would need more colours than a palette holds is drawn as before."""
    scenario = SCENARIOS["big-map"]()
    args = (scenario.encounter, scenario.footprints, scenario.view)
    paletted = render_board(*args)
    picture = board_module._picture

    def overflowing(*given: object, paletted: bool, **kwargs: object) -> Image.Image:
        if paletted:
            raise Overflow
        return picture(*given, paletted=paletted, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(board_module, "_picture", overflowing)
    in_rgb = render_board(*args)
    assert in_rgb == encode_png(board_image(*args))
    assert Image.open(io.BytesIO(in_rgb)).mode == "P"  # still a palette PNG, as before
    assert pixels(in_rgb).tobytes() == pixels(paletted).tobytes()


def test_a_full_palette_says_so_rather_than_reusing_an_index():
    im = Image.new("P", (16, 16), (0, 0, 0))
    for i in range(1, MAX_INKS):
        paste_colour(im, (i, 0, 0), (i % 16, i // 16, i % 16 + 1, i // 16 + 1))
    try:
        index(im, (255, 255, 255))
    except Overflow:
        return
    raise AssertionError("a 256th colour was given an index")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=120), st.randoms())
def test_encode_merges_colours_as_the_rgb_encoder_does(colours, rng):
    """Close colours (a few levels apart) are merged by the old encoder's palette
    mapping; the palette encoder merges the same ones."""
    near = [(min(255, r + rng.randint(0, 4)), g, b) for r, g, b in colours]
    picture = Image.new("RGB", (40, 40))
    ink = ImageDraw.Draw(picture)
    for i, colour in enumerate(colours + near):
        ink.point((i % 40, i // 40), fill=colour)
    canvas = Image.new("P", picture.size, (0, 0, 0))
    put_rgb(canvas, picture, (0, 0))
    assert pixels(encode(canvas)).tobytes() == pixels(encode_png(picture)).tobytes()


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=2, max_size=60, unique=True),
    st.randoms(),
)
def test_colours_merge_among_a_few_as_among_all_while_their_targets_stay(colours, rng):
    """What ``encode`` relies on to skip the histogram: Pillow maps a colour to the
    palette entry nearest its cache slot, so among the colours left on a picture a
    colour merges as it does among all the colours given an index, as long as the one
    it merges into is left too."""
    near = [(r, min(255, g + rng.randint(1, 5)), b) for r, g, b in colours[: len(colours) // 2]]
    every = tuple(sorted(set(colours + near)))
    into = dict(zip(every, merged(every), strict=True))
    kept = {c for c in every if rng.random() < 0.5}
    shown = tuple(sorted(kept | {into[c] for c in kept}))
    assert merged(shown) == tuple(into[c] for c in shown)


def test_pictures_drawn_at_once_in_several_threads_are_the_same_bytes():
    """Pictures are drawn in the board pool's worker threads, which share the caches
    (the static layers, tokens per look, tiles per palette)."""
    from concurrent.futures import ThreadPoolExecutor

    from bot.render import static as static_module

    scenarios = [make() for make in SCENARIOS.values()] * 3
    static_module._static.clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        drawn = list(pool.map(lambda s: render_board(s.encounter, s.footprints, s.view), scenarios))
    alone = [render_board(s.encounter, s.footprints, s.view) for s in scenarios]
    assert drawn == alone


def test_a_board_of_more_colours_than_a_palette_holds_is_drawn_in_rgb_as_before():
    """Every terrain kind, darkness, doors, templates, threats and bands at once: some
    500 colours. The palette drawing gives up (``Overflow``) and the RGB one draws it."""
    import random

    rng = random.Random(3)
    side = 16
    every = [Cell(c, r) for r in range(side) for c in range(side)]
    e = Encounter(side, side, "3.5", "gm")
    for kind in Terrain:
        e = e.with_terrain(rng.sample(every, 12), kind)
    e = e.in_dark(rng.sample(every, 60), True)
    doors = [(c, Cell(c.col + 1, c.row)) for c in rng.sample(every, 20) if c.col + 1 < side]
    e = e.with_barriers(doors, Barrier.DOOR)
    for i, cell in enumerate(rng.sample(every, 14)):
        e = e.with_token(Token(f"T{i}", cell, team=TEAMS[i % 4], reactions_used=i % 2))
    e = replace(e, templates=(Template("Fog", "circle", 15, Cell(5, 5)),))
    start = next(iter(e.tokens.values())).cell
    move = MoveOverlay(
        (start,), (0.0,), "t0", reach_now=frozenset(every[:120]), reach_more=frozenset(every)
    )
    view = BoardView(move=move, threats=frozenset(rng.sample(every, 120)), whole_map=True)
    view = with_areas(e, view)
    try:
        board_module._picture(e, FOOT, view, paletted=True)
    except Overflow:
        pass
    else:
        raise AssertionError("expected more colours than a palette holds")
    assert render_board(e, FOOT, view) == encode_png(board_image(e, FOOT, view))
