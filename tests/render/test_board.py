"""The board image, checked on real pixels."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import ImageChops, ImageStat

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.board import BoardView, MoveOverlay, board_window, render_board
from bot.render.layout import MAX_SIDE_PX, MIN_CELL, plan
from bot.render.overlay import cost_label_indices
from bot.render.tokens import ring_width
from bot.rules import get_ruleset
from bot.token_labels import label_candidates, token_labels
from tests.render.pixels import cell_box, centre, colours, decode, draw, near, pixel, share
from tests.render.refresh import reference_path
from tests.render.scenarios import SCENARIOS, cells

ROOT = Path(__file__).resolve().parents[2]
FOOT_35 = get_ruleset("3.5").footprint_squares
FOOT_EP = get_ruleset("epic-path").footprint_squares
FOOT_BECMI = get_ruleset("becmi").footprint_squares


def small_board() -> Encounter:
    e = Encounter(10, 8, "3.5", "gm")
    e = e.with_token(Token("Ari", Cell.parse("B2"), team="party"))
    e = e.with_token(Token("Orc", Cell.parse("E2"), team="enemy"))
    e = e.with_token(Token("Mule", Cell.parse("H2"), team="neutral"))
    return e


def straight_move(e: Encounter) -> tuple[Encounter, BoardView]:
    """Ari from B5 east then south: B5 → G5 → G7."""
    path = tuple(cells("B5 C5 D5 E5 F5 G5 G6 G7"))
    e = e.with_token(replace(e.tokens["ari"], cell=path[-1]))
    costs = tuple(5.0 * i for i in range(len(path)))
    return e, BoardView(move=MoveOverlay(path, costs, "ari"))


# ------------------------------------------------------------------ tokens


@pytest.mark.parametrize(
    ("name", "team"), [("Ari", "party"), ("Orc", "enemy"), ("Mule", "neutral")]
)
def test_token_disc_in_team_colour_at_its_square(name: str, team: str):
    e = small_board()
    image, layout = draw(e, FOOT_35)
    token = e.token(name)
    assert (
        share(image, cell_box(layout, token.cell, inset=layout.cell // 4), s.TEAM_COLOUR[team])
        > 0.4
    )
    x, y = centre(layout, token.cell)
    below_label = (x, y + layout.cell // 4)
    assert near(pixel(image, below_label), s.TEAM_COLOUR[team])


def test_large_and_colossal_tokens_cover_their_whole_footprint():
    e = Encounter(16, 12, "epic-path", "gm")
    e = e.with_token(Token("Ogre", Cell.parse("B2"), size=Size.LARGE, team="enemy"))
    e = e.with_token(Token("Tarrasque", Cell.parse("F3"), size=Size.COLOSSAL, team="enemy"))
    image, layout = draw(e, FOOT_EP, BoardView(whole_map=True, phone=False))
    enemy = s.TEAM_COLOUR["enemy"]
    # The disc spans the footprint: its colour at the middle of every edge square's inner side.
    for cell in (Cell(1, 1), Cell(2, 2)):  # the ogre's 2x2, corner squares
        assert share(image, cell_box(layout, cell), enemy) > 0.3
    for cell in (Cell(7, 2), Cell(5, 4), Cell(9, 4), Cell(7, 6), Cell(7, 4)):  # the 5x5 from F3
        assert share(image, cell_box(layout, cell), enemy) > 0.5, cell
    assert share(image, cell_box(layout, Cell(11, 4)), enemy) == 0  # just past it


def test_tiny_tokens_are_drawn_smaller_within_their_square():
    e = Encounter(6, 4, "3.5", "gm")
    e = e.with_token(Token("Cat", Cell.parse("B2"), size=Size.TINY, team="neutral"))
    e = e.with_token(Token("Dog", Cell.parse("D2"), size=Size.SMALL, team="neutral"))
    image, layout = draw(e, FOOT_35)
    grey = s.TEAM_COLOUR["neutral"]
    tiny = share(image, cell_box(layout, Cell.parse("B2")), grey)
    small = share(image, cell_box(layout, Cell.parse("D2")), grey)
    assert 0 < tiny < small * 0.6


def test_acting_token_has_a_bright_ring_and_others_do_not():
    e = replace(small_board(), order=("ari", "orc"), turn_index=0)
    image, layout = draw(e, FOOT_35)
    ring = ring_width(layout.cell)

    def on_ring(cell: Cell) -> tuple[int, int]:
        x, y = centre(layout, cell)
        return (x, y - layout.cell // 2 + ring // 2 + 1)

    assert near(pixel(image, on_ring(Cell.parse("B2"))), s.ACTING_RING, 12)
    assert not near(pixel(image, on_ring(Cell.parse("E2"))), s.ACTING_RING, 40)


def test_prone_and_other_conditions_get_badges():
    plain = small_board()
    marked = plain.with_token(
        replace(plain.tokens["orc"], conditions=frozenset({"prone", "grappled"}))
    )
    image_a, layout = draw(plain, FOOT_35)
    image_b, _ = draw(marked, FOOT_35)
    x, y = centre(layout, Cell.parse("E2"))
    r = layout.cell // 3
    prone_corner = (x - r - 6, y + r - 6, x - r + 6, y + r + 6)
    other_corner = (x + r - 6, y - r - 6, x + r + 6, y - r + 6)
    assert colours(image_a, prone_corner) != colours(image_b, prone_corner)
    assert any(near(c, s.PRONE_BADGE, 10) for c in colours(image_b, prone_corner))
    assert colours(image_a, other_corner) != colours(image_b, other_corner)


def test_labels_are_short_initials_and_distinct():
    assert label_candidates("Goblin 1", 1)[0] == "G1"
    assert label_candidates("GO1", 1)[0] == "GO1"  # map notation's names are their labels
    assert label_candidates("Ari", 1)[0] == "Ar"
    assert label_candidates("Red Dragon", 1)[0] == "RD"
    assert label_candidates("Ogre", 2)[0] == "Ogre"
    assert label_candidates("@everyone **bold**", 1)[0] == "EB"
    e = Encounter(5, 5, "3.5", "gm")
    for name in ("Goblin 1", "Gnoll 1", "Arwen", "Aragorn"):
        e = e.with_token(Token(name, Cell(0, 0)))
    labels = token_labels(e, FOOT_35)
    assert labels == {"goblin-1": "G1", "gnoll-1": "Gn1", "arwen": "Ar", "aragorn": "Aa"}


# ----------------------------------------------------------------- terrain


def terrain_board() -> tuple[Encounter, dict[Terrain, Cell]]:
    kinds = [k for k in Terrain if k is not Terrain.CLEAR]
    where = {kind: Cell(1 + 2 * i, 1) for i, kind in enumerate(kinds)}
    e = Encounter(2 * len(kinds) + 1, 3, "3.5", "gm")
    for kind, cell in where.items():
        e = e.with_terrain([cell], kind)
    return e, where


def test_wall_square_is_filled_solid_dark():
    e, where = terrain_board()
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    box = cell_box(layout, where[Terrain.WALL])
    assert share(image, box, s.TERRAIN_STYLE[Terrain.WALL].fill) > 0.95
    assert near(pixel(image, centre(layout, where[Terrain.WALL])), (70, 70, 74))


def test_water_shows_its_wave_pattern_not_only_a_colour():
    e, where = terrain_board()
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    found = colours(image, cell_box(layout, where[Terrain.WATER]))
    style = s.TERRAIN_STYLE[Terrain.WATER]
    assert len(found) >= 2
    assert any(near(c, style.fill) for c in found) and any(near(c, style.ink) for c in found)


def test_every_kind_has_a_look_of_its_own_even_in_greyscale():
    """Told apart without colour: the squares differ in greyscale too, and every kind
    but the wall (solid) carries a pattern or glyph (two or more tones)."""
    e, where = terrain_board()
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    grey = image.convert("L")
    crops = {kind: grey.crop(cell_box(layout, cell)).tobytes() for kind, cell in where.items()}
    assert len(set(crops.values())) == len(crops)
    for kind, cell in where.items():
        if kind is not Terrain.WALL:
            assert len(colours(image, cell_box(layout, cell))) >= 2, kind


def test_terrain_table_is_data_with_a_pattern_for_every_kind():
    from bot.render.tiles import PATTERNS

    assert set(s.TERRAIN_STYLE) == set(Terrain)
    assert all(style.pattern in PATTERNS for style in s.TERRAIN_STYLE.values())


# ------------------------------------------------------------------ the move


def test_path_runs_through_the_centres_of_its_squares():
    e, view = straight_move(small_board())
    image, layout = draw(e, FOOT_35, view)
    assert view.move is not None
    path = view.move.path
    for cell in path[1:-1]:
        assert near(pixel(image, centre(layout, cell)), s.PATH_INK, 10), cell
    for a, b in pairwise(path[1:-1]):
        (xa, ya), (xb, yb) = centre(layout, a), centre(layout, b)
        assert near(pixel(image, ((xa + xb) // 2, (ya + yb) // 2)), s.PATH_INK, 10)
    for off_path in (Cell.parse("C7"), Cell.parse("E3"), Cell.parse("H5")):
        assert not near(pixel(image, centre(layout, off_path)), s.PATH_INK, 40)


def test_mover_is_solid_at_the_end_and_ghosted_at_the_start():
    e, view = straight_move(small_board())
    image, layout = draw(e, FOOT_35, view)
    blue = s.TEAM_COLOUR["party"]
    x, y = centre(layout, Cell.parse("G7"))
    assert near(pixel(image, (x, y + layout.cell // 4)), blue)
    ghost = pixel(
        image, (centre(layout, Cell.parse("B5"))[0], centre(layout, Cell.parse("B5"))[1] + 8)
    )
    assert not near(ghost, blue, 20) and not near(ghost, s.FLOOR, 20)
    assert ghost[2] > ghost[0]  # a faint blue


def test_cost_labels_at_turns_and_the_end():
    path = tuple(cells("A1 B1 C1 D1 E1 F1 G1 H1 H2 H3 H4 H5 H6"))
    costs = tuple(5.0 * i for i in range(len(path)))
    assert cost_label_indices(path, costs) == (3, 7, 10, 12)
    # 3.5 diagonals 1-2-1-2: where the step cost changes, the running total is shown
    diag = tuple(Cell(i, i) for i in range(9))
    diag_costs = (0.0, 5, 15, 20, 30, 35, 45, 50, 60)
    assert set(range(2, 9)) <= set(cost_label_indices(diag, diag_costs))
    short = tuple(Cell(i, i) for i in range(4))
    assert cost_label_indices(short, (0.0, 5, 15, 20)) == (1, 2, 3)


def test_cost_labels_are_drawn_on_the_image():
    e, view = straight_move(small_board())
    image, layout = draw(e, FOOT_35, view)
    plain, _ = draw(e, FOOT_35, BoardView())
    # The end label sits at a corner of the end square: white pill with dark text.
    end = centre(layout, Cell.parse("G7"))
    corner_box = (
        end[0] - 8,
        end[1] + layout.cell // 2 - 8,
        end[0] + layout.cell,
        end[1] + layout.cell,
    )
    found = colours(image, corner_box)
    assert any(near(c, s.LABEL_BG) for c in found) and any(near(c, s.LABEL_TEXT, 30) for c in found)
    assert not any(near(c, s.LABEL_TEXT, 30) for c in colours(plain, corner_box))


def test_provoked_square_gets_a_red_badge():
    e, view = straight_move(small_board())
    assert view.move is not None
    marked = replace(view, move=replace(view.move, provoked_at=(Cell.parse("D5"),)))
    image, layout = draw(e, FOOT_35, marked)
    plain, _ = draw(e, FOOT_35, view)
    box = cell_box(layout, Cell.parse("D5"))
    corner = (box[0], box[1], box[0] + layout.cell // 2, box[1] + layout.cell // 2)
    assert share(image, corner, s.PROVOKED_BADGE) > 0.1
    assert share(plain, corner, s.PROVOKED_BADGE) == 0


def test_speed_bands_shade_two_levels():
    e, view = straight_move(small_board())
    assert view.move is not None
    now = frozenset({Cell.parse("H7"), Cell.parse("H8")})
    more = now | {Cell.parse("I7"), Cell.parse("I8")}
    banded = replace(view, move=replace(view.move, reach_now=now, reach_more=more))
    image, layout = draw(e, FOOT_35, banded)

    def mean(at: str) -> tuple[int, ...]:  # the square as a phone blurs it: stripes and all
        stat = ImageStat.Stat(image.crop(cell_box(layout, Cell.parse(at))))
        return tuple(round(v) for v in stat.mean)

    a, b, c = mean("H8"), mean("I8"), mean("J8")
    assert near(c, s.FLOOR)
    assert a != b and not near(a, s.FLOOR) and not near(b, s.FLOOR)
    # this action's band is the stronger tint of the two
    assert sum(abs(x - y) for x, y in zip(a, s.FLOOR, strict=True)) > sum(
        abs(x - y) for x, y in zip(b, s.FLOOR, strict=True)
    )


def test_forced_movement_draws_a_dashed_line_in_its_own_colour():
    e, view = straight_move(small_board())
    assert view.move is not None
    image, layout = draw(e, FOOT_35, replace(view, move=replace(view.move, forced=True)))
    (xa, ya), (xb, _) = centre(layout, Cell.parse("C5")), centre(layout, Cell.parse("F5"))
    row = [pixel(image, (x, ya)) for x in range(xa + 4, xb - 4)]
    assert any(near(p, s.FORCED_INK, 10) for p in row)
    assert any(near(p, s.PATH_CASING) for p in row)  # the gaps between dashes


def test_a_jump_is_drawn_as_an_arc_over_what_it_clears_not_a_walk_through_it():
    """Issue 28 (On the board): 5e-alt drew a jump as a walk straight through the pit.
    A step to a square not next to the last is a jump: its line rises in an arc, so
    the squares it clears show no path over their middle."""
    e = small_board()
    e = e.with_terrain(cells("D5 E5"), Terrain.PIT)
    path = tuple(cells("B5 C5 F5 G5"))
    e = e.with_token(replace(e.tokens["ari"], cell=path[-1]))
    view = BoardView(move=MoveOverlay(path, (0.0, 5.0, 20.0, 25.0), "ari"))
    image, layout = draw(e, FOOT_35, view)
    bare, _ = draw(e, FOOT_35, BoardView(move=MoveOverlay(path[-1:], (0.0,), "ari")))
    for cleared in cells("D5 E5"):  # the pits' middles as they are without the path
        at = centre(layout, cleared)
        assert near(pixel(image, at), pixel(bare, at)), cleared
    (xc, yc), (xf, _) = centre(layout, Cell.parse("C5")), centre(layout, Cell.parse("F5"))
    above = [pixel(image, ((xc + xf) // 2, y)) for y in range(yc - layout.cell * 2, yc - 2)]
    assert any(near(p, s.PATH_INK, 10) for p in above)  # the arc's top, above the pit
    # a teleport is a straight dashed line instead
    teleported = BoardView(move=replace(view.move, teleport=True))  # type: ignore[arg-type]
    image, layout = draw(e, FOOT_35, teleported)
    row = [pixel(image, (x, yc)) for x in range(xc + 4, xf - 4)]
    assert any(near(p, s.PATH_INK, 10) for p in row)
    assert any(near(p, s.PATH_CASING) for p in row)


def test_threats_are_hatched_and_reach_is_outlined():
    e = small_board()
    view = BoardView(threats=frozenset({Cell.parse("D3")}), reach=frozenset({Cell.parse("F5")}))
    image, layout = draw(e, FOOT_35, view)
    hatched = colours(image, cell_box(layout, Cell.parse("D3")))
    assert len(hatched) >= 2 and any(c[0] - c[2] > 100 for c in hatched)  # vermillion lines
    assert not any(c[0] - c[2] > 100 for c in colours(image, cell_box(layout, Cell.parse("D4"))))
    box = cell_box(layout, Cell.parse("F5"), inset=0)
    edge = (box[0], box[1] + 4, box[0] + 2, box[3] - 4)
    assert share(image, edge, s.REACH_OUTLINE) > 0.8
    assert near(pixel(image, centre(layout, Cell.parse("F5"))), s.FLOOR)


def test_move_overlay_checks_its_lengths():
    with pytest.raises(ValueError, match="costs_ft"):
        MoveOverlay((Cell(0, 0), Cell(1, 0)), (0.0,), "ari")
    with pytest.raises(ValueError):
        MoveOverlay((), (), "ari")


# ----------------------------------------------------------------- windows


def test_image_size_for_a_map_and_a_zoom():
    e = Encounter(10, 8, "3.5", "gm")
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False, zoom=32))
    assert (layout.cell, layout.cols, layout.rows) == (32, 10, 8)
    assert image.size == (layout.left + 320, layout.top + 256)
    assert 10 <= layout.left <= 40 and 10 <= layout.top <= 40
    default, layout = draw(
        Encounter(20, 20, "3.5", "gm"), FOOT_35, BoardView(whole_map=True, phone=False)
    )
    assert layout.cell == 40 and default.size == (layout.left + 800, layout.top + 800)


@pytest.mark.parametrize(("zoom", "cell"), [(5, 24), (24, 24), (48, 48), (100, 64)])
def test_zoom_is_clamped(zoom: int, cell: int):
    e = Encounter(10, 8, "3.5", "gm")
    assert plan(e, FOOT_35, BoardView(whole_map=True, phone=False, zoom=zoom)).cell == cell


def test_cells_shrink_toward_24_px_to_fit_1024():
    e = Encounter(40, 30, "3.5", "gm")
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    assert MIN_CELL <= layout.cell < 40
    assert (layout.cols, layout.rows) == (40, 30)
    assert max(image.size) <= MAX_SIDE_PX


def test_a_200_square_map_shows_a_readable_window_with_an_overview_inset():
    scenario = SCENARIOS["big-map"]()
    image, layout = draw(scenario.encounter, scenario.footprints, scenario.view)
    assert max(image.size) <= MAX_SIDE_PX
    assert layout.cell >= MIN_CELL
    assert layout.cols < 200 and layout.rows < 200 and layout.inset
    first, last = board_window(scenario.encounter, scenario.footprints, scenario.view)
    ari = scenario.encounter.tokens["ari"].cell  # the acting token: the window is round it
    assert first.col <= ari.col <= last.col and first.row <= ari.row <= last.row
    # The inset: a framed overview in a corner with the window marked in vermillion.
    board_right = layout.left + layout.cols * layout.cell
    board_bottom = layout.top + layout.rows * layout.cell
    corner = (board_right - 220, board_bottom - 220, board_right, board_bottom)
    assert share(image, corner, s.INSET_WINDOW) > 0.0005  # a phone window: a small mark
    without = plan(scenario.encounter, scenario.footprints, BoardView(zoom=24, center=ari))
    assert without.inset


def test_small_maps_have_no_inset():
    e = small_board()
    assert not plan(e, FOOT_35, BoardView(whole_map=True, phone=False)).inset
    e2, view = straight_move(e)
    assert not plan(e2, FOOT_35, view).inset


def test_window_contains_the_path_and_its_margin():
    e = Encounter(100, 100, "3.5", "gm")
    path = tuple(Cell(40 + i, 60 - i // 2) for i in range(10))
    e = e.with_token(Token("Ari", path[-1], team="party"))
    e = e.with_token(Token("Far Orc", Cell(5, 5), team="enemy"))
    view = BoardView(move=MoveOverlay(path, tuple(5.0 * i for i in range(10)), "ari"), phone=False)
    first, last = board_window(e, FOOT_35, view)
    for cell in path:
        assert first.col + 2 <= cell.col <= last.col - 2
        assert first.row + 2 <= cell.row <= last.row - 2
    assert not (first.col <= 5 <= last.col and first.row <= 5 <= last.row)  # far tokens stay out
    layout = plan(e, FOOT_35, view)
    assert layout.cell == 40 and layout.inset  # a big map: the inset says where this is


def test_long_move_on_a_huge_map_keeps_the_mover_in_the_window():
    e = Encounter(200, 200, "3.5", "gm")
    path = tuple(Cell(10 + i, 100) for i in range(90))
    e = e.with_token(Token("Runner", path[-1], team="party"))
    view = BoardView(move=MoveOverlay(path, tuple(5.0 * i for i in range(90)), "runner"))
    first, last = board_window(e, FOOT_35, view)
    assert first.col <= path[-1].col <= last.col
    image, layout = draw(e, FOOT_35, view)
    assert layout.cell >= MIN_CELL and max(image.size) <= MAX_SIDE_PX


def test_map_at_pans_the_window():
    e = Encounter(200, 200, "3.5", "gm")
    view = BoardView(center=Cell.parse("K40"))
    first, last = board_window(e, FOOT_35, view)
    assert first.col <= 10 <= last.col and first.row <= 39 <= last.row
    assert abs((first.row + last.row) / 2 - 39) <= 1


# ------------------------------------------------------------------ labels


def _header_crop(image, layout, index: int, *, column: bool):  # type: ignore[no-untyped-def]
    c = layout.cell
    if column:
        return image.crop((layout.left + index * c, 0, layout.left + (index + 1) * c, layout.top))
    return image.crop((0, layout.top + index * c, layout.left, layout.top + (index + 1) * c))


def test_headers_carry_letters_and_numbers_where_drawn():
    e = Encounter(12, 10, "3.5", "gm")
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    for i in range(layout.cols):
        found = colours(
            _header_crop(image, layout, i, column=True), (0, 0, layout.cell, layout.top)
        )
        assert any(near(c, s.HEADER_TEXT, 40) for c in found), i
    for j in range(layout.rows):
        crop = _header_crop(image, layout, j, column=False)
        assert len(colours(crop, (0, 0, layout.left, layout.cell))) >= 2, j
    assert (
        _header_crop(image, layout, 0, column=True).tobytes()
        != _header_crop(image, layout, 1, column=True).tobytes()
    )


def test_headers_name_the_squares_shown_not_the_window_positions():
    """A window starting at column AF and row 31 is labelled AF and 31: the same
    pixels as column AF and row 31 in another window at the same cell size."""
    e = Encounter(100, 100, "3.5", "gm")
    view_a = BoardView(center=Cell(20, 20), zoom=32, phone=False)
    view_b = BoardView(center=Cell(40, 40), zoom=32, phone=False)
    image_a, layout_a = draw(e, FOOT_35, view_a)
    image_b, layout_b = draw(e, FOOT_35, view_b)
    col, row = 31, 30  # AF, 31
    assert layout_a.x0 <= col < layout_a.x0 + layout_a.cols
    assert layout_b.x0 <= col < layout_b.x0 + layout_b.cols and layout_a.x0 != layout_b.x0
    a = _header_crop(image_a, layout_a, col - layout_a.x0, column=True)
    b = _header_crop(image_b, layout_b, col - layout_b.x0, column=True)
    assert a.tobytes() == b.tobytes()
    a = _header_crop(image_a, layout_a, row - layout_a.y0, column=False)
    b = _header_crop(image_b, layout_b, row - layout_b.y0, column=False)
    assert a.tobytes() == b.tobytes()
    other = _header_crop(image_b, layout_b, col - layout_b.x0 + 1, column=True)
    assert a.tobytes() != other.tobytes()


# ----------------------------------------------------------- determinism


def test_same_state_gives_the_same_bytes():
    for name, build in SCENARIOS.items():
        one, two = build(), build()
        first = render_board(one.encounter, one.footprints, one.view)
        assert first == render_board(two.encounter, two.footprints, two.view), name


def test_same_bytes_in_a_fresh_process_with_another_hash_seed():
    scenario = SCENARIOS["5e-alt"]()
    here = hashlib.sha256(render_board(scenario.encounter, scenario.footprints, scenario.view))
    code = (
        "import hashlib, sys\n"
        "from bot.render.board import render_board\n"
        "from tests.render.scenarios import SCENARIOS, cells\n"
        "s = SCENARIOS['5e-alt']()\n"
        "png = render_board(s.encounter, s.footprints, s.view)\n"
        "sys.stdout.write(hashlib.sha256(png).hexdigest())\n"
    )
    for seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout == here.hexdigest()


def test_png_carries_no_timestamp_or_text_chunks():
    scenario = SCENARIOS["3.5"]()
    png = render_board(scenario.encounter, scenario.footprints, scenario.view)
    for chunk in (b"tIME", b"tEXt", b"iTXt", b"zTXt"):
        assert chunk not in png


# ---------------------------------------------------------- references


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_matches_the_stored_reference_image(name: str):
    """Stored images per ruleset scenario; after a deliberate change in the look,
    regenerate them with ``python -m tests.render.refresh`` and look at them."""
    scenario = SCENARIOS[name]()
    image = decode(render_board(scenario.encounter, scenario.footprints, scenario.view))
    stored = decode(reference_path(name).read_bytes())
    assert image.size == stored.size
    diff = ImageStat.Stat(ImageChops.difference(image, stored)).mean
    assert sum(diff) / len(diff) < 1.0, f"{name} drifted from its reference: {diff}"


def test_becmi_scenario_uses_its_own_footprints():
    scenario = SCENARIOS["becmi"]()
    assert scenario.footprints[Size.LARGE] == 1 and scenario.footprints[Size.HUGE] == 2
    image, layout = draw(scenario.encounter, scenario.footprints, scenario.view)
    giant = scenario.encounter.tokens["hill-giant"].cell
    x, y = centre(layout, giant, 2)
    assert near(pixel(image, (x, y + layout.cell // 2)), s.TEAM_COLOUR["enemy"])
    assert FOOT_BECMI is scenario.footprints


# ---------------------------------------------------------------- purity


def test_render_package_imports_no_discord_database_or_asyncio():
    from tests.test_architecture import imported_roots

    forbidden = {"discord", "aiosqlite", "sqlite3", "asyncio"}
    files = sorted((ROOT / "bot" / "render").rglob("*.py"))
    assert files
    for path in files:
        assert not imported_roots(path) & forbidden, path
    code = (
        "import sys\nimport bot.render, bot.render.board, bot.render.sketch\n"
        "print(sorted({'discord', 'aiosqlite', 'asyncio', 'sqlite3'} & set(sys.modules)))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_dark_squares_are_shaded_over_their_terrain() -> None:
    """Darkness (001 Hampered Movement: poor visibility) reads at a glance."""
    e = Encounter(6, 6, "3.5", "dm").in_dark([Cell.parse("C3")], True)
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    lit = sum(pixel(image, centre(layout, Cell.parse("D3"))))
    dark = sum(pixel(image, centre(layout, Cell.parse("C3"))))
    assert dark < lit - 150


def test_a_wall_between_squares_is_drawn_on_their_edge() -> None:
    """001 Obstacles: walls between squares show as lines on the board."""
    from bot.grid.coords import edge_key
    from bot.grid.terrain import Barrier

    e = Encounter(6, 6, "3.5", "dm")
    e = e.with_barriers([edge_key(Cell.parse("C3"), Cell.parse("D3"))], Barrier.WALL)
    image, layout = draw(e, FOOT_35, BoardView(whole_map=True, phone=False))
    x, y = layout.corner(Cell.parse("D3"))
    on_edge = sum(pixel(image, (x, y + layout.cell // 2)))
    plain = sum(pixel(image, layout.corner(Cell.parse("D5"))))
    inside = sum(pixel(image, centre(layout, Cell.parse("D3"))))
    assert on_edge < 200 < inside
    assert plain > 0


def test_a_rider_is_drawn_on_its_mount_where_the_mounts_label_still_shows() -> None:
    """Issue 16 "Mounts": "the mount under its rider". A rider stands in its mount's
    space; its disc sits in the top right square of a mount two squares across."""
    from bot.encounter import Encounter, Token
    from bot.render.board import board_image
    from bot.render.layout import plan
    from bot.render.view import BoardView

    footprints = {Size.MEDIUM: 1, Size.LARGE: 2}
    horse = Token("Horse", Cell(2, 2), size=Size.LARGE, team="party")
    walking = Token("Ari", Cell(2, 2), team="neutral")  # its own colour
    riding = replace(walking, riding="horse")
    view = BoardView(whole_map=True, phone=False)
    on_foot = Encounter(8, 8, "3.5", "gm", tokens={"horse": horse, "ari": walking})
    mounted = Encounter(8, 8, "3.5", "gm", tokens={"horse": horse, "ari": riding})
    layout = plan(mounted, footprints, view)
    x, y = layout.point(3.45, 2.45)  # the top right square's middle
    a = board_image(on_foot, footprints, view).getpixel((round(x), round(y)))
    b = board_image(mounted, footprints, view).getpixel((round(x), round(y)))
    assert a != b
