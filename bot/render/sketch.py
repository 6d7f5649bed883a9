"""Small side-view sketches for /jump and /fall replies.

A jump: an arc from the take-off point with its length, the asked gap as a
trench in the ground, a vertical arrow for the high jump with any asked height
as a ledge; green when the jump clears, red when it does not. A fall: a drop
with its height (ticked every 10 ft, the dice steps), the landing surface, the
distance counted for damage where it differs, and the damage.

Both are pure: the same arguments give the same PNG bytes.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.render import style as s
from bot.render.draw import encode_png, paste_disc, paste_text, pill, text_width
from bot.render.style import RGB
from bot.units import feet

JUMP_SIZE = (512, 240)
FALL_SIZE = (420, 256)
SKY: RGB = (250, 250, 247)
GROUND: RGB = (150, 120, 86)
GROUND_EDGE: RGB = (96, 72, 46)
TRENCH: RGB = (58, 50, 44)
ROCK: RGB = (128, 126, 122)
INK: RGB = (30, 30, 30)
CLEARS: RGB = s.BLUISH_GREEN
FAILS: RGB = s.VERMILLION
UNDECIDED: RGB = (96, 96, 100)  # no verdict asked: neither green nor red
WATER: RGB = (150, 205, 236)
TEXT_SIZE = 14
SMALL_TEXT = 12


def _verdict_colour(clears: bool | None) -> RGB:
    return UNDECIDED if clears is None else CLEARS if clears else FAILS


def _arrow(
    draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], ink: RGB, width: int
) -> None:
    """A line from ``a`` to ``b`` with a head at ``b``."""
    draw.line([a, b], fill=ink, width=width)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    head = 4 + 2 * width
    left = (b[0] - head * math.cos(angle - 0.45), b[1] - head * math.sin(angle - 0.45))
    right = (b[0] - head * math.cos(angle + 0.45), b[1] - head * math.sin(angle + 0.45))
    draw.polygon([b, left, right], fill=ink)


def _dimension(
    draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], ink: RGB
) -> None:
    """A measuring line with arrowheads at both ends."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    _arrow(draw, mid, a, ink, 1)
    _arrow(draw, mid, b, ink, 1)


# ---------------------------------------------------------------------- jump


def render_jump(
    horizontal_ft: float | None,
    vertical_ft: float | None,
    *,
    clears: bool | None,
    distance_ft: float | None,
    height_ft: float | None,
) -> bytes:
    """A long jump's arc (``horizontal_ft``) over the asked gap (``distance_ft``)
    and a high jump's reach (``vertical_ft``) against the asked height
    (``height_ft``), coloured by ``clears``."""
    width, height = JUMP_SIZE
    im = Image.new("RGB", JUMP_SIZE, SKY)
    draw = ImageDraw.Draw(im)
    verdict = _verdict_colour(clears)
    ground_y = height - 44
    top = 34
    across = max(horizontal_ft or 0.0, distance_ft or 0.0)
    up = max(vertical_ft or 0.0, height_ft or 0.0)
    column = 150 if up > 0 else 0  # room on the right for the high jump
    left_x = 44
    span_px = width - left_x - 40 - column
    scales = []
    if across > 0:
        scales.append(span_px / across)
    if up > 0:
        scales.append((ground_y - top - 10) / up)
    k = min(scales) if scales else 1.0  # px per ft, the same both ways: a true side view

    take_off = left_x
    draw.rectangle((0, ground_y, width, height), fill=GROUND)
    draw.line([(0, ground_y), (width, ground_y)], fill=GROUND_EDGE, width=2)
    if distance_ft:
        draw.rectangle((take_off, ground_y, take_off + distance_ft * k, height - 12), fill=TRENCH)
        paste_text(
            im,
            f"gap {feet(distance_ft)}",
            SMALL_TEXT,
            ((2 * take_off + distance_ft * k) / 2, ground_y + 18),
            s.WHITE,
        )
    paste_disc(im, (take_off - 10, ground_y - 10), 18, s.TEAM_COLOUR["party"])

    if horizontal_ft:
        land = take_off + horizontal_ft * k
        rise = min(ground_y - top - 6, max(18.0, horizontal_ft * k * 0.3))
        points = [
            (take_off + (land - take_off) * t / 40, ground_y - rise * 4 * (t / 40) * (1 - t / 40))
            for t in range(41)
        ]
        draw.line(points, fill=verdict, width=3, joint="curve")
        short = distance_ft is not None and horizontal_ft < distance_ft
        if short:
            _arrow(draw, (land, ground_y), (land, height - 16), FAILS, 2)
        else:
            paste_disc(im, (land, ground_y - 4), 10, verdict)
        pill(
            im,
            f"up to {feet(horizontal_ft)}",
            TEXT_SIZE,
            ((take_off + land) / 2, ground_y - rise - 14),
            fill=s.WHITE,
            edge=verdict,
            ink=INK,
        )

    if up > 0:
        x = width - column / 2 - 10
        if height_ft:
            ledge_top = ground_y - height_ft * k
            draw.rectangle((x + 12, ledge_top, x + 60, ground_y), fill=ROCK, outline=INK)
            paste_text(
                im,
                f"{feet(height_ft)}",
                SMALL_TEXT,
                (x + 36, max(ledge_top + 12, top)),
                s.WHITE,
            )
        if vertical_ft:
            reach_y = ground_y - vertical_ft * k
            _arrow(draw, (x, ground_y), (x, reach_y), verdict, 3)
            draw.line([(x - 14, reach_y), (x + 8, reach_y)], fill=verdict, width=2)
            label = f"{feet(vertical_ft)} up"
            lx = x - 16 - text_width(label, TEXT_SIZE) / 2
            paste_text(im, label, TEXT_SIZE, (max(lx, 40), max(reach_y, top + 8)), INK)

    if clears is not None:
        word = "clears" if clears else "falls short"
        pill(im, word, TEXT_SIZE, (width / 2, 16), fill=verdict, edge=verdict, ink=s.WHITE)
    return encode_png(im)


# ---------------------------------------------------------------------- fall


def render_fall(height_ft: float, *, into: str, counted_ft: float, damage: int | None) -> bytes:
    """A drop of ``height_ft`` onto ``into`` (ground, water or a creature), with the
    distance counted for damage where it differs and the damage where known."""
    width, height = FALL_SIZE
    im = Image.new("RGB", FALL_SIZE, SKY)
    draw = ImageDraw.Draw(im)
    top, ground_y = 30, height - 40
    cliff = (40, top, 150, ground_y)
    draw.rectangle(cliff, fill=ROCK, outline=INK)
    draw.rectangle((0, ground_y, width, height), fill=GROUND)
    draw.line([(0, ground_y), (width, ground_y)], fill=GROUND_EDGE, width=2)

    drop_x = 190
    surface = ground_y
    if into == "water":
        surface = ground_y - 26
        draw.rectangle((cliff[2] + 1, surface, width, ground_y), fill=WATER)
        for x in range(cliff[2] + 6, width, 18):
            draw.arc((x, surface - 3, x + 12, surface + 5), 200, 340, fill=s.BLUE, width=2)
        paste_text(im, "water", SMALL_TEXT, (width - 40, surface + 13), s.BLUE)
    elif into == "creature":
        surface = ground_y - 30
        paste_disc(im, (drop_x, ground_y - 15), 30, s.TEAM_COLOUR["enemy"])
        paste_text(im, "creature", SMALL_TEXT, (drop_x + 56, ground_y - 15), INK)
    else:
        paste_text(im, str(into), SMALL_TEXT, (width - 40, ground_y + 16), s.WHITE)

    # The faller at the edge, the drop dashed down to the landing.
    paste_disc(im, (drop_x, top - 12), 18, s.TEAM_COLOUR["party"])
    for y in range(top, round(surface) - 10, 12):
        draw.line([(drop_x, y), (drop_x, min(y + 6, surface - 10))], fill=INK, width=2)
    _arrow(draw, (drop_x, surface - 18), (drop_x, surface - 2), INK, 2)

    # The height, measured beside the cliff, ticked every 10 ft (the dice steps).
    _dimension(draw, (24, top), (24, ground_y), INK)
    steps = [10 * i for i in range(1, 41) if 10 * i < height_ft]
    if height_ft <= 400:
        for tick_ft in steps:
            tick_y = ground_y - (ground_y - top) * tick_ft / height_ft
            draw.line([(cliff[0], tick_y), (cliff[0] + 8, tick_y)], fill=INK, width=1)
    pill(
        im,
        f"{feet(height_ft)}",
        TEXT_SIZE,
        (95, (top + ground_y) / 2),
        fill=s.WHITE,
        edge=INK,
        ink=INK,
    )

    x_text = 300
    if counted_ft != height_ft:
        paste_text(im, f"counts {feet(counted_ft)}", TEXT_SIZE, (x_text, top + 10), INK)
    if damage is not None:
        text = "no damage" if damage == 0 else f"{damage} damage"
        colour = CLEARS if damage == 0 else FAILS
        pill(im, text, TEXT_SIZE, (x_text, top + 40), fill=colour, edge=colour, ink=s.WHITE)
    return encode_png(im)
