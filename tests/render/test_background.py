"""A map image under the grid (issue 17 "A background map"): prepared once (checked,
cut at the grid's corner, scaled to at most 64 px a square), then drawn under the
squares so the image's own grid falls on the board's."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.render.background import (
    MAX_PX_PER_SQUARE,
    MAX_STORED_SIDE_PX,
    backdrop,
    decode,
    prepare,
)
from bot.render.board import board_image, board_window, render_board
from bot.render.layout import plan
from bot.render.view import BoardView

FOOTPRINTS = {size: 1 for size in Size}
GRASS = (90, 140, 60)
WATER = (30, 70, 200)


def battle_map(cols: int, rows: int, cell_px: int, *, offset: tuple[int, int] = (0, 0)) -> bytes:
    """A map image with its own grid: grass, and the square C2 (col 2, row 1) water."""
    width, height = offset[0] + cols * cell_px, offset[1] + rows * cell_px
    image = Image.new("RGB", (width, height), (10, 10, 10))  # the margin before the grid
    draw = ImageDraw.Draw(image)
    draw.rectangle((offset[0], offset[1], width - 1, height - 1), fill=GRASS)
    x, y = offset[0] + 2 * cell_px, offset[1] + 1 * cell_px
    draw.rectangle((x, y, x + cell_px - 1, y + cell_px - 1), fill=WATER)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def close(a: tuple[int, ...], b: tuple[int, ...], within: int = 24) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=True))


def test_the_grid_is_cut_at_its_corner_and_scaled_to_the_board() -> None:
    prepared = prepare(
        battle_map(10, 8, 100, offset=(30, 12)),
        map_width=10,
        map_height=8,
        cell_px=100,
        offset_x_px=30,
        offset_y_px=12,
    )
    assert prepared.px_per_square == MAX_PX_PER_SQUARE  # 100 px squares come down to 64
    assert (prepared.squares_across, prepared.squares_down) == (10, 8)
    image = decode(prepared.digest, prepared.jpeg, prepared.px_per_square).image
    assert image.size == (640, 512)
    per = prepared.px_per_square
    assert close(image.getpixel((2 * per + per // 2, per + per // 2)), WATER)  # C2
    assert close(image.getpixel((per // 2, per // 2)), GRASS)  # A1: the margin is cut off


def test_without_cell_px_the_images_width_spans_the_map() -> None:
    prepared = prepare(battle_map(12, 6, 50), map_width=12, map_height=6, cell_px=None)
    assert prepared.cell_px == 50 and prepared.px_per_square == 50


def test_a_small_image_covers_part_of_a_big_map_and_a_huge_one_is_capped() -> None:
    part = prepare(battle_map(4, 3, 40), map_width=20, map_height=20, cell_px=40)
    assert (part.squares_across, part.squares_down) == (4, 3)
    huge = prepare(battle_map(200, 20, 21), map_width=200, map_height=200, cell_px=21)
    stored = decode(huge.digest, huge.jpeg, huge.px_per_square).image
    assert max(stored.size) <= MAX_STORED_SIDE_PX
    assert huge.px_per_square == 20  # 4096 px over 200 squares


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not an image at all", "not an image Stride can read"),
        (battle_map(4, 4, 40)[:200], "damaged or cut short"),
        (b"", "not an image Stride can read"),
    ],
)
def test_what_is_not_a_usable_image_is_refused(data: bytes, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        prepare(data, map_width=8, map_height=8, cell_px=40)


def test_an_offset_past_the_image_and_a_tiny_cell_are_refused() -> None:
    with pytest.raises(InvalidInput, match="past the image's edge"):
        prepare(battle_map(4, 4, 40), map_width=8, map_height=8, cell_px=40, offset_x_px=160)
    with pytest.raises(InvalidInput, match="at least 8 px"):
        prepare(battle_map(4, 4, 40), map_width=8, map_height=8, cell_px=4)


def test_too_many_pixels_are_refused_before_decoding() -> None:
    out = io.BytesIO()
    Image.new("1", (8000, 8000)).save(out, "PNG")  # tiny file, 64 million pixels
    with pytest.raises(InvalidInput, match="at most 50 million pixels"):
        prepare(out.getvalue(), map_width=8, map_height=8, cell_px=None)


def test_the_backdrop_follows_the_window() -> None:
    prepared = prepare(battle_map(10, 8, 40), map_width=10, map_height=8, cell_px=40)
    background = decode(prepared.digest, prepared.jpeg, prepared.px_per_square)
    window = backdrop(background, 2, 1, 3, 3, cell=32)
    assert window.size == (96, 96)
    assert close(window.getpixel((16, 16)), WATER)  # C2 is the window's first square
    assert backdrop(background, 12, 0, 3, 3, cell=32).size == (0, 0)  # past the image


def test_the_board_is_drawn_over_the_image_clear_squares_show_it_terrain_tints_it() -> None:
    prepared = prepare(battle_map(8, 6, 40), map_width=8, map_height=6, cell_px=40)
    background = decode(prepared.digest, prepared.jpeg, prepared.px_per_square)
    encounter = Encounter(8, 6, "5e-alt", gm_id="gm", terrain={Cell(5, 5): Terrain.DIFFICULT})
    plain = BoardView(whole_map=True)
    over = BoardView(whole_map=True, background=background)
    image = board_image(encounter, FOOTPRINTS, over)
    layout = plan(encounter, FOOTPRINTS, over)
    c = layout.cell

    def middle(cell: Cell) -> tuple[int, ...]:
        x, y = layout.corner(cell)
        value = image.getpixel((x + c // 2 + 3, y + c // 2 + 3))
        assert isinstance(value, tuple)
        return value

    assert close(middle(Cell(2, 1)), WATER)
    assert close(middle(Cell(0, 0)), GRASS)
    without = board_image(encounter, FOOTPRINTS, plain)
    x, y = layout.corner(Cell(5, 5))
    tinted = middle(Cell(5, 5))
    assert tinted != without.getpixel((x + c // 2 + 3, y + c // 2 + 3))  # the image shows
    assert not close(tinted, GRASS, within=8)  # through the terrain's tint
    assert board_window(encounter, FOOTPRINTS, over) == board_window(encounter, FOOTPRINTS, plain)


def test_a_board_over_a_photo_stays_a_small_palette_png() -> None:
    noise = Image.effect_noise((640, 480), 60).convert("RGB")  # a busy, photo-like map
    out = io.BytesIO()
    noise.save(out, "PNG")
    prepared = prepare(out.getvalue(), map_width=16, map_height=12, cell_px=40)
    background = decode(prepared.digest, prepared.jpeg, prepared.px_per_square)
    encounter = Encounter(16, 12, "5e-alt", gm_id="gm")
    png = render_board(encounter, FOOTPRINTS, BoardView(whole_map=True, background=background))
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert png == render_board(
        encounter, FOOTPRINTS, BoardView(whole_map=True, background=background)
    )
