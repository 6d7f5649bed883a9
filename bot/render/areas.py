"""Area templates on the board picture (issues 29 and 30): a translucent fill in the
template's colour with a pattern of dots (so colour is never the only signal: the bands
are striped, threats hatched), its outline, its name on it, and the creatures inside
it outlined."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.encounter import Encounter, Template
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.render import style as s
from bot.render.draw import pill
from bot.render.layout import Layout
from bot.render.overlay import outline, visible
from bot.render.paletted import paste_colour

Covered = Sequence[tuple[Template, frozenset[Cell]]]


@lru_cache(maxsize=16)
def _dotted(cell: int) -> Image.Image:
    """One square's mask: the fill's tint, and a grid of dots three to a side."""
    mask = Image.new("L", (cell, cell), s.TEMPLATE_FILL_ALPHA)
    draw = ImageDraw.Draw(mask)
    radius = max(1, cell // 18)
    step = cell / 3
    for i in range(3):
        for j in range(3):
            x, y = step * (i + 0.5), step * (j + 0.5)
            draw.ellipse(
                (x - radius, y - radius, x + radius, y + radius), fill=s.TEMPLATE_DOT_ALPHA
            )
    return mask


def fill_areas(image: Image.Image, layout: Layout, covered: Covered) -> None:
    """Each template's squares tinted and dotted, then outlined: under the tokens."""
    c = layout.cell
    for _, cells in covered:
        for cell in visible(layout, cells):
            x, y = layout.corner(cell)
            paste_colour(image, s.TEMPLATE_OUTLINE, (x, y, x + c, y + c), _dotted(c))
    for _, cells in covered:
        outline(image, layout, set(cells), s.TEMPLATE_OUTLINE, max(2, c // 16))


def label_areas(
    image: Image.Image,
    layout: Layout,
    encounter: Encounter,
    footprints: Mapping[Size, int],
    covered: Covered,
) -> None:
    """Over the tokens: the creatures inside a template outlined in its colour, and each
    template's name on a label at the middle of its squares in the window (on a square
    no token stands on, where there is one)."""
    c = layout.cell
    spaces = {
        token.key: frozenset(footprint(token.cell, footprints.get(token.size, 1)))
        for token in encounter.tokens.values()
    }
    taken = frozenset().union(*spaces.values()) if spaces else frozenset()
    for _, cells in covered:
        for space in spaces.values():
            if space & cells:
                outline(image, layout, set(space), s.TEMPLATE_OUTLINE, max(2, c // 10))
    size = max(9, layout.label_size)
    for template, cells in covered:
        shown = visible(layout, cells)
        if not shown:
            continue
        mid_col = sum(cell.col for cell in shown) / len(shown)
        mid_row = sum(cell.row for cell in shown) / len(shown)
        free = [cell for cell in shown if cell not in taken] or shown
        spot = min(free, key=lambda cell: abs(cell.col - mid_col) + abs(cell.row - mid_row))
        x, y = layout.corner(spot)
        pill(
            image,
            template.name,
            size,
            (x + c / 2, y + c / 2),
            fill=s.TEMPLATE_LABEL_FILL,
            edge=s.TEMPLATE_OUTLINE,
            ink=s.TEMPLATE_OUTLINE,
        )
