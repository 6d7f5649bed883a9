"""Issue 30, "never mislead": what a move picture draws is true of the board."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell, edge_key
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.render import style as s
from bot.render.barriers import DOOR_FILL
from bot.render.board import BoardView, MoveOverlay
from bot.render.overlay import band_squares
from bot.rules import get_ruleset
from tests.render.pixels import cell_box, centre, colours, draw, near, pixel
from tests.render.scenarios import cells
from tests.render.test_legend import TRITAN, _linear, _srgb

FOOT = get_ruleset("5e-alt").footprint_squares
NOT_STANDABLE = {Terrain.WALL, Terrain.PILLAR, Terrain.EARTH, Terrain.PIT}


def walled_room() -> Encounter:
    e = Encounter(10, 8, "5e-alt", "gm")
    e = e.with_terrain(cells("E2 E3 E4"), Terrain.WALL)
    e = e.with_terrain(cells("C6 D6"), Terrain.PIT)
    e = e.with_terrain(cells("G6"), Terrain.PILLAR)
    return e.with_token(Token("Ari", Cell.parse("C3"), team="party"))


def banded(e: Encounter, now: frozenset[Cell], more: frozenset[Cell]) -> BoardView:
    path = (Cell.parse("B3"), Cell.parse("C3"))
    move = MoveOverlay(path, (0.0, 5.0), "ari", reach_now=now, reach_more=more)
    return BoardView(move=move)


def everywhere(e: Encounter) -> frozenset[Cell]:
    return frozenset(Cell(c, r) for c in range(e.width) for r in range(e.height))


def test_no_band_square_is_a_wall_or_pit() -> None:
    e = walled_room()
    every = everywhere(e)
    move = banded(e, every, every).move
    assert move is not None
    now, more = band_squares(move, 1, e.terrain)
    assert now and more
    for cell in now | more:
        assert e.terrain.get(cell, Terrain.CLEAR) not in NOT_STANDABLE, cell


def test_walls_and_pits_under_a_band_are_drawn_as_without_one() -> None:
    """On the picture: the wall, pit and pillar squares look the same whether or
    not the band sent to the renderer covers them; a clear square does not."""
    e = walled_room()
    every = everywhere(e)
    plain, layout = draw(e, FOOT, banded(e, frozenset(), frozenset()))
    with_bands, same_layout = draw(e, FOOT, banded(e, every, every))
    assert (layout.left, layout.top, layout.cell) == (
        same_layout.left,
        same_layout.top,
        same_layout.cell,
    )
    for name in ("E2", "E4", "C6", "D6", "G6"):
        box = cell_box(layout, Cell.parse(name), inset=4)
        assert colours(plain, box) == colours(with_bands, box), name
    clear = cell_box(layout, Cell.parse("H2"), inset=4)
    assert colours(plain, clear) != colours(with_bands, clear)


def test_a_flyers_band_may_cover_a_pit_but_never_a_wall() -> None:
    e = walled_room()
    every = everywhere(e)
    view = banded(e, every, every)
    assert view.move is not None
    now, _ = band_squares(replace(view.move, over_pits=True), 1, e.terrain)
    assert Cell.parse("C6") in now and Cell.parse("E3") not in now


def test_a_large_tokens_band_never_puts_its_footprint_over_a_wall() -> None:
    """A 2x2 token whose top-left square is clear but whose footprint would
    cover a wall can't stand there: no band on that anchor's squares."""
    e = walled_room().with_token(Token("Ogre", Cell.parse("H7"), size=Size.LARGE))
    move = MoveOverlay((Cell.parse("H7"),), (0.0,), "ogre", reach_now=frozenset(cells("D2 A1")))
    now, _ = band_squares(move, 2, e.terrain)
    assert now == set(cells("A1 B1 A2 B2"))  # D2's footprint takes in the wall at E2


kinds = st.sampled_from(list(Terrain))
squares = st.builds(Cell, st.integers(0, 7), st.integers(0, 7))


@given(
    terrain=st.dictionaries(squares, kinds, max_size=30),
    anchors=st.frozensets(squares, max_size=40),
    side=st.integers(1, 3),
)
def test_band_squares_are_always_standable(
    terrain: dict[Cell, Terrain], anchors: frozenset[Cell], side: int
) -> None:
    move = MoveOverlay((Cell(0, 0),), (0.0,), "x", reach_now=anchors, reach_more=anchors)
    now, more = band_squares(move, side, terrain)
    for cell in now | more:
        assert terrain.get(cell, Terrain.CLEAR) not in NOT_STANDABLE


def test_a_large_tokens_path_runs_through_its_footprints_centre() -> None:
    """The 2x2 ogre's path is drawn through the middle of its footprint at each
    square (where four of its squares meet), not through its top-left square."""
    e = Encounter(12, 10, "5e-alt", "gm")
    path = tuple(cells("B2 C3 D4 E4 F4 G4"))
    e = e.with_token(Token("Ogre", path[-1], size=Size.LARGE, team="enemy"))
    move = MoveOverlay(path, tuple(5.0 * i for i in range(len(path))), "ogre")
    image, layout = draw(e, FOOT, BoardView(move=move))
    for cell in path[1:-1]:
        x, y = centre(layout, cell, 2)
        assert near(pixel(image, (x, y)), s.PATH_INK, 10), cell
    for cell in cells("E4 F4"):  # along the row: the line is half a square below
        tx, ty = centre(layout, cell, 1)  # the top-left square's middle
        assert not near(pixel(image, (tx, ty)), s.PATH_INK, 40), cell


def test_an_open_door_is_drawn_open_not_gone() -> None:
    """An opened door stays on the board: its jambs, and the door swung open into
    the square past it; the doorway itself is clear. Closed, the slab is across it."""
    e = Encounter(6, 6, "3.5", "dm")
    doorway = edge_key(Cell.parse("C3"), Cell.parse("D3"))
    opened = e.with_barriers([doorway], Barrier.OPEN_DOOR)
    closed = e.with_barriers([doorway], Barrier.DOOR)
    foot = get_ruleset("3.5").footprint_squares
    image, layout = draw(opened, foot, BoardView(whole_map=True))
    shut, _ = draw(closed, foot, BoardView(whole_map=True))
    bare, _ = draw(e, foot, BoardView(whole_map=True))
    x, y = layout.corner(Cell.parse("D3"))
    c = layout.cell
    leaf = (x + c // 3, y + c // 6)  # on the swung door, inside D3
    assert near(pixel(image, leaf), DOOR_FILL, 12)
    assert pixel(image, leaf) != pixel(bare, leaf) and pixel(shut, leaf) == pixel(bare, leaf)
    gap = (x, y + c // 2)  # the middle of the doorway: the closed slab, clear when open
    assert near(pixel(shut, gap), DOOR_FILL, 12)
    assert not near(pixel(image, gap), DOOR_FILL, 40)


# ------------------------------------------------------ teams, not by colour alone

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
SIMULATIONS = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": TRITAN,
}


def simulated(image: Image.Image, matrix: tuple[tuple[float, ...], ...]) -> Image.Image:
    lut = [_linear(v) for v in range(256)]
    raw = image.convert("RGB").tobytes()
    out = bytearray()
    for r, g, b in zip(raw[0::3], raw[1::3], raw[2::3], strict=True):
        lin = (lut[r], lut[g], lut[b])
        out.extend(_srgb(sum(m * x for m, x in zip(row, lin, strict=True))) for row in matrix)
    return Image.frombytes("RGB", image.size, bytes(out))


def silhouette(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int]]:
    """The pixels of the square that are not the floor (the token and its outline)."""
    floor = pixel(image, (box[0], box[1]))
    crop = image.crop(box)
    return {
        (x, y)
        for y in range(crop.height)
        for x in range(crop.width)
        if not near(pixel(crop, (x, y)), floor, 24)
    }


def test_teams_differ_by_shape_under_simulated_colour_blindness() -> None:
    """Party, enemy and neutral tokens carrying the same label: under each colour
    blindness their fills may look alike, but their outlines differ by shape (round,
    square, diamond), so more than a sixteenth of each pair's pixels disagree."""
    e = Encounter(7, 3, "5e", "dm")
    for i, team in enumerate(("party", "enemy", "neutral")):
        e = e.with_token(Token(f"A{team}", Cell(1 + 2 * i, 1), team=team))
    image, layout = draw(e, get_ruleset("5e").footprint_squares, BoardView(whole_map=True))
    boxes = [cell_box(layout, Cell(1 + 2 * i, 1), inset=1) for i in range(3)]
    for name, matrix in SIMULATIONS.items():
        seen = simulated(image, matrix)
        shapes = [silhouette(seen, box) for box in boxes]
        area = (boxes[0][2] - boxes[0][0]) * (boxes[0][3] - boxes[0][1])
        for shape in shapes:
            assert len(shape) > area // 4, name  # the token stands out from the floor
        for i, j in ((0, 1), (0, 2), (1, 2)):
            assert len(shapes[i] ^ shapes[j]) > area // 16, (name, i, j)
