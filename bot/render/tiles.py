"""One small image per terrain kind and cell size, drawn once and pasted per square.

A pattern is a function of the tile's draw context, its size and the kind's
ink; ``PATTERNS`` maps the names ``bot.render.style.TERRAIN_STYLE`` uses to
them. Tiles are cached per (kind, size), so a board pays for each pattern once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.style import RGB, TERRAIN_STYLE, UNKNOWN_STYLE, TerrainStyle

Pattern = Callable[[ImageDraw.ImageDraw, int, TerrainStyle], None]


def _plain(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    """Clear floor, and a wall: its solid dark fill is its look."""


def _dots(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    # Rubble: a staggered field of dots.
    step = max(6, c // 4)
    r = max(1, c // 18)
    for j, y in enumerate(range(step // 2, c, step)):
        offset = step // 2 if j % 2 else 0
        for x in range(step // 4 + offset, c, step):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=style.ink)


def _chevrons(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    # A slope: upward chevrons, like contour arrows.
    w = max(1, c // 20)
    half = c // 4
    for y in (c // 3, 2 * c // 3 + 2):
        mid = c // 2
        draw.line(
            [(mid - half, y + half // 2), (mid, y - half // 2), (mid + half, y + half // 2)],
            fill=style.ink,
            width=w,
        )


def _block(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    # An obstacle you can clamber over: a crate (a square with a cross brace).
    m = c // 4
    w = max(1, c // 16)
    box = (m, m, c - 1 - m, c - 1 - m)
    draw.rectangle(box, outline=style.ink, width=w)
    draw.line([(box[0], box[1]), (box[2], box[3])], fill=style.ink, width=w)


def _crosshatch(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    step = max(5, c // 5)
    w = max(1, c // 24)
    for k in range(-c, 2 * c, step):
        draw.line([(k, 0), (k + c, c)], fill=style.ink, width=w)
        draw.line([(k, c), (k + c, 0)], fill=style.ink, width=w)


def _waves(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    w = max(1, c // 16)
    span = max(6, c // 3)
    amp = max(2, c // 12)
    for y in range(c // 4, c, max(6, c // 3)):
        points = []
        for i in range(0, c + 1, max(1, span // 4)):
            phase = (i % span) / span
            dy = -amp if phase < 0.25 else amp if 0.5 <= phase < 0.75 else 0
            points.append((i, y + dy))
        draw.line(points, fill=style.ink, width=w, joint="curve")


def _warning(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    # A warning triangle with a "!" inside.
    m = max(3, c // 7)
    top, bottom = (c // 2, m), c - 1 - m
    draw.polygon([top, (m, bottom), (c - 1 - m, bottom)], outline=style.ink, width=max(1, c // 16))
    bar_w = max(1, c // 14)
    draw.rectangle(
        (c // 2 - bar_w // 2, c * 2 // 5, c // 2 + bar_w // 2, c * 2 // 3), fill=style.ink
    )
    dot = c * 3 // 4
    draw.rectangle((c // 2 - bar_w // 2, dot, c // 2 + bar_w // 2, dot + bar_w), fill=style.ink)


def _narrow(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    # A squeeze: rock closing in from both sides, leaving a gap down the middle.
    w = max(3, c // 4)
    draw.rectangle((0, 0, w - 1, c - 1), fill=style.ink)
    draw.rectangle((c - w, 0, c - 1, c - 1), fill=style.ink)


def _pit(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    # Dark, with a lighter inner rim and a darker centre: a hole, not a wall.
    m = max(3, c // 6)
    draw.rectangle((m, m, c - 1 - m, c - 1 - m), outline=style.ink, width=max(1, c // 16))
    inner = m + max(2, c // 10)
    draw.rectangle((inner, inner, c - 1 - inner, c - 1 - inner), fill=(20, 20, 22))


def _pillar(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    m = max(2, c // 8)
    draw.ellipse(
        (m, m, c - 1 - m, c - 1 - m), fill=(185, 185, 190), outline=style.ink, width=max(2, c // 12)
    )


def _unknown(draw: ImageDraw.ImageDraw, c: int, style: TerrainStyle) -> None:
    draw.line([(0, 0), (c, c)], fill=style.ink, width=1)
    draw.line([(0, c), (c, 0)], fill=style.ink, width=1)


PATTERNS: Mapping[str, Pattern] = {
    "none": _plain,
    "solid": _plain,
    "dots": _dots,
    "chevrons": _chevrons,
    "block": _block,
    "crosshatch": _crosshatch,
    "waves": _waves,
    "warning": _warning,
    "narrow": _narrow,
    "pit": _pit,
    "pillar": _pillar,
    "unknown": _unknown,
}


def style_of(kind: Terrain | str) -> TerrainStyle:
    try:
        return TERRAIN_STYLE[Terrain(kind)]
    except (ValueError, KeyError):
        return UNKNOWN_STYLE


@lru_cache(maxsize=256)
def terrain_tile(kind: Terrain, cell: int) -> Image.Image:
    """The square for ``kind`` at ``cell`` px, pattern included (no grid line)."""
    style = style_of(kind)
    tile = Image.new("RGB", (cell, cell), style.fill)
    PATTERNS[style.pattern](ImageDraw.Draw(tile), cell, style)
    return tile


def overview_colour(kind: Terrain) -> RGB:
    """One colour for a kind where a square is a pixel (the inset)."""
    style = style_of(kind)
    return style.ink if style.pattern == "pillar" else style.fill


# Speed bands by number: 0 none, 1 only with a dash / double move / run, 2 this action.
BANDS: Mapping[int, tuple[RGB, int]] = {
    1: (s.REACH_MORE, s.REACH_MORE_ALPHA),
    2: (s.REACH_NOW, s.REACH_NOW_ALPHA),
}


@lru_cache(maxsize=64)
def band_stripes(cell: int) -> Image.Image:
    """The outer speed band's stripes over a square, as an ``L`` mask (255 on them):
    diagonals running down to the right, a few a square. Not across like water's
    waves, which a phone's scaling made them read as (issue 40), nor up to the right
    like the threat hatching."""
    mask = Image.new("L", (cell, cell), 0)
    draw = ImageDraw.Draw(mask)
    step = max(6, cell // 3)
    width = max(1, round(cell / 16))
    for k in range(-cell, cell + step, step):
        draw.line([(k, 0), (k + cell, cell)], fill=255, width=width)
    return mask


@lru_cache(maxsize=64)
def hatch_mask(cell: int) -> Image.Image:
    """Diagonal hatching over a faint tint: a threatened square."""
    mask = Image.new("L", (cell, cell), s.THREAT_TINT)
    draw = ImageDraw.Draw(mask)
    step = max(6, cell // 4)
    width = max(2, cell // 14)
    for k in range(-cell, 2 * cell, step):
        draw.line([(k, cell), (k + cell, 0)], fill=s.THREAT_ALPHA, width=width)
    return mask


@lru_cache(maxsize=512)
def square_tile(kind: Terrain, cell: int, band: int = 0, threatened: bool = False) -> Image.Image:
    """A square as drawn: its terrain, tinted for a speed band, hatched when threatened.

    Cached per look, so a board blends each look once and then only copies it.
    """
    tile = terrain_tile(kind, cell)
    if not band and not threatened:
        return tile
    tile = tile.copy()
    if band:
        colour, alpha = BANDS[band]
        tile.paste(colour, (0, 0, cell, cell), Image.new("L", (cell, cell), alpha))
        if band == 1:
            stripes = band_stripes(cell).point(lambda v: v * s.REACH_MORE_STRIPE_ALPHA // 255)
            tile.paste(s.REACH_MORE_STRIPE, (0, 0, cell, cell), stripes)
    if threatened:
        tile.paste(s.THREAT_INK, (0, 0, cell, cell), hatch_mask(cell))
    return tile


@lru_cache(maxsize=256)
def band_run(cell: int, band: int, count: int) -> Image.Image:
    """``count`` squares of clear floor side by side in a speed band: its tint, and
    the outer band's stripes."""
    tile = square_tile(Terrain.CLEAR, cell, band)
    run = Image.new("RGB", (count * cell, cell))
    for i in range(count):
        run.paste(tile, (i * cell, 0))
    return run
