"""The /jump and /fall side-view sketches, on real pixels."""

from __future__ import annotations

import pytest

from bot.render import sketch
from bot.render import style as s
from bot.render.sketch import render_fall, render_jump
from tests.render.pixels import colours, decode, near


def share_of(png: bytes, colour: tuple[int, int, int]) -> float:
    image = decode(png)
    found = colours(image, (0, 0, image.width, image.height))
    return sum(n for c, n in found.items() if near(c, colour)) / (image.width * image.height)


JUMPS = [
    dict(horizontal_ft=34, vertical_ft=17, clears=True, distance_ft=20, height_ft=12),
    dict(horizontal_ft=15, vertical_ft=5, clears=False, distance_ft=20, height_ft=None),
    dict(horizontal_ft=None, vertical_ft=8.5, clears=None, distance_ft=None, height_ft=None),
    dict(horizontal_ft=None, vertical_ft=None, clears=None, distance_ft=None, height_ft=None),
    dict(horizontal_ft=200, vertical_ft=1, clears=None, distance_ft=None, height_ft=None),
]


@pytest.mark.parametrize("kwargs", JUMPS)
def test_jump_sketch_is_small_and_deterministic(kwargs):  # type: ignore[no-untyped-def]
    png = render_jump(**kwargs)
    image = decode(png)
    assert image.width <= 512 and image.height <= 256
    assert png == render_jump(**kwargs)


def test_jump_that_clears_is_green_and_one_that_falls_short_is_red():
    clears = render_jump(34, 17, clears=True, distance_ft=20, height_ft=12)
    short = render_jump(15, 5, clears=False, distance_ft=20, height_ft=None)
    open_question = render_jump(15, 5, clears=None, distance_ft=None, height_ft=None)
    assert share_of(clears, sketch.CLEARS) > 0.003 and share_of(clears, sketch.FAILS) == 0
    assert share_of(short, sketch.FAILS) > 0.003 and share_of(short, sketch.CLEARS) == 0
    assert share_of(open_question, sketch.CLEARS) == share_of(open_question, sketch.FAILS) == 0
    assert share_of(open_question, sketch.UNDECIDED) > 0.002


def test_jump_marks_the_asked_gap_to_scale():
    narrow = render_jump(30, None, clears=True, distance_ft=10, height_ft=None)
    wide = render_jump(30, None, clears=True, distance_ft=25, height_ft=None)
    none = render_jump(30, None, clears=None, distance_ft=None, height_ft=None)
    assert share_of(none, sketch.TRENCH) == 0
    assert 0 < share_of(narrow, sketch.TRENCH) < share_of(wide, sketch.TRENCH)


def test_jump_shows_the_asked_height_as_a_ledge():
    with_ledge = render_jump(None, 10, clears=True, distance_ft=None, height_ft=8)
    without = render_jump(None, 10, clears=None, distance_ft=None, height_ft=None)
    assert share_of(with_ledge, sketch.ROCK) > 0.01
    assert share_of(without, sketch.ROCK) < 0.001  # a few antialiased text pixels at most


@pytest.mark.parametrize("into", ["ground", "water", "creature"])
def test_fall_sketch_is_small_and_deterministic(into: str):
    png = render_fall(60, into=into, counted_ft=60, damage=21)
    image = decode(png)
    assert image.width <= 512 and image.height <= 256
    assert png == render_fall(60, into=into, counted_ft=60, damage=21)


def test_fall_draws_the_landing_surface():
    ground = render_fall(60, into="ground", counted_ft=60, damage=21)
    water = render_fall(60, into="water", counted_ft=40, damage=14)
    creature = render_fall(60, into="creature", counted_ft=60, damage=10)
    enemy = s.TEAM_COLOUR["enemy"]
    assert share_of(water, sketch.WATER) > 0.05 and share_of(ground, sketch.WATER) == 0
    assert share_of(creature, enemy) > 0.003 and share_of(ground, enemy) == 0


def test_fall_colours_the_damage():
    hurt = render_fall(60, into="ground", counted_ft=60, damage=21)
    unhurt = render_fall(10, into="water", counted_ft=0, damage=0)
    unknown = render_fall(60, into="ground", counted_ft=60, damage=None)
    assert share_of(hurt, sketch.FAILS) > 0.003 and share_of(hurt, sketch.CLEARS) == 0
    assert share_of(unhurt, sketch.CLEARS) > 0.003
    assert share_of(unknown, sketch.FAILS) == share_of(unknown, sketch.CLEARS) == 0


def test_fall_height_is_ticked_every_ten_feet():
    def ticks(height: float) -> int:
        image = decode(render_fall(height, into="ground", counted_ft=height, damage=None))
        x = 44  # just inside the cliff's left edge
        inked = [near(image.getpixel((x, y)), sketch.INK, 30) for y in range(32, 214)]  # type: ignore[arg-type]
        return sum(1 for a, b in zip([False, *inked], inked, strict=False) if b and not a)

    assert (ticks(30), ticks(35), ticks(60)) == (2, 3, 5)  # between the ground and the top
    assert ticks(1000) == 0  # too many to draw: the label says it
