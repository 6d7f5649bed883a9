"""The caption strip under a board picture: a swatch and a word or two for each
mark the picture shows (``bot.render.legend`` picks the entries)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.draw import badge, paste_text_at, text_mask, text_width
from bot.render.legend import (
    BAND_MORE,
    BAND_NOW,
    PRONE,
    PROVOKED,
    REACH,
    REACTION,
    TEMPLATE,
    THREAT,
    Key,
)
from bot.render.paletted import paletted, put_tile
from bot.render.tiles import square_tile

FONT = 12
SWATCH = 14
PAD = 6  # px round the strip's content
GAP = 14  # px between entries on a line
SPACE = 5  # px between a swatch and its words
LINE = 20  # px a line
BG: s.RGB = (250, 249, 245)
RULE: s.RGB = s.GRID_LINE


def entry_width(key: Key) -> int:
    return SWATCH + SPACE + round(text_width(key.text, FONT) + 0.5)


def min_width(keys: Sequence[Key]) -> int:
    """The narrowest image that still fits each entry on a line of its own."""
    return max((entry_width(k) for k in keys), default=0) + 2 * PAD


def lines(keys: Sequence[Key], width: int) -> list[list[Key]]:
    """The entries wrapped into lines of at most ``width`` px (the image's width)."""
    room = max(width, min_width(keys)) - 2 * PAD
    out: list[list[Key]] = []
    used = 0
    for key in keys:
        w = entry_width(key)
        if out and used + GAP + w <= room:
            out[-1].append(key)
            used += GAP + w
        else:
            out.append([key])
            used = w
    return out


def height(keys: Sequence[Key], width: int) -> int:
    """The strip's height in px for an image ``width`` px wide (0 without entries)."""
    if not keys:
        return 0
    return 2 * PAD + len(lines(keys, width)) * LINE


def draw_caption(im: Image.Image, keys: Sequence[Key], top: int) -> None:
    """The strip from ``top`` to the image's bottom edge."""
    if not keys:
        return
    if paletted(im):  # one strip per entries and size, drawn once
        put_tile(im, strip_of(keys, im.width, im.height - top, top % 2), (0, top))
        return
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, top, im.width - 1, im.height - 1), fill=BG)
    draw.line([(0, top), (im.width - 1, top)], fill=RULE)
    y = top + PAD
    for line in lines(keys, im.width):
        x = PAD
        for key in line:
            _swatch(im, key.mark, (x, y + (LINE - SWATCH) // 2))
            ink_top = y + (LINE - text_mask(key.text, FONT).height) // 2
            paste_text_at(im, key.text, FONT, (x + SWATCH + SPACE, ink_top), s.LABEL_TEXT)
            x += entry_width(key) + GAP
        y += LINE


@lru_cache(maxsize=64)
def strip_of(keys: tuple[Key, ...], width: int, height: int, odd: int) -> Image.Image:
    """The caption of ``keys``, ``width`` x ``height``, drawn in RGB one row down when
    it goes on an ``odd`` row (``round`` halves to even: the same parity, the same
    pixels)."""
    strip = Image.new("RGB", (width, height + odd), BG)
    draw_caption(strip, keys, odd)
    return strip.crop((0, odd, width, height + odd)) if odd else strip


def _swatch(im: Image.Image, mark: str, xy: tuple[int, int]) -> None:
    x, y = xy
    if mark == REACTION:
        badge(im, (x + SWATCH / 2, y + SWATCH / 2), SWATCH - 2, s.REACTION_BADGE, "R", s.WHITE)
        return
    if mark.startswith("badge:"):
        text = mark.removeprefix("badge:")
        centre = (x + SWATCH / 2, y + SWATCH / 2)
        if mark == PROVOKED:
            badge(im, centre, SWATCH - 2, s.PROVOKED_BADGE, text, s.WHITE)
        elif mark == PRONE:
            badge(im, centre, SWATCH - 2, s.PRONE_BADGE, text, s.WHITE)
        else:
            badge(
                im,
                centre,
                SWATCH - 2,
                s.CONDITION_BADGE,
                text,
                s.BADGE_TEXT_DARK,
                edge=s.BADGE_TEXT_DARK,
            )
        return
    put_tile(im, swatch_tile(mark), (x, y))


@lru_cache(maxsize=16)
def swatch_tile(mark: str) -> Image.Image:
    """A square's look for ``mark``, as the board draws it, with its edge."""
    edge, width = s.GRID_LINE, 1
    if mark == BAND_NOW:
        tile, edge, width = square_tile(Terrain.CLEAR, SWATCH, 2).copy(), s.REACH_NOW_EDGE, 2
    elif mark == BAND_MORE:
        tile = square_tile(Terrain.CLEAR, SWATCH, 1).copy()
    elif mark == THREAT:
        tile = square_tile(Terrain.CLEAR, SWATCH, 0, True).copy()
    elif mark == REACH:
        tile, edge, width = Image.new("RGB", (SWATCH, SWATCH), s.FLOOR), s.REACH_OUTLINE, 3
    elif mark == TEMPLATE:  # tinted and dotted, as on the board
        tile, edge, width = Image.new("RGB", (SWATCH, SWATCH), s.FLOOR), s.TEMPLATE_OUTLINE, 2
        tint = Image.new("L", (SWATCH, SWATCH), s.TEMPLATE_FILL_ALPHA)
        ImageDraw.Draw(tint).ellipse((5, 5, 8, 8), fill=s.TEMPLATE_DOT_ALPHA)
        tile.paste(s.TEMPLATE_OUTLINE, (0, 0, SWATCH, SWATCH), tint)
    else:
        tile = Image.new("RGB", (SWATCH, SWATCH), s.FLOOR)
    ImageDraw.Draw(tile).rectangle((0, 0, SWATCH - 1, SWATCH - 1), outline=edge, width=width)
    return tile
