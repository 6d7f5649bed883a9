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
from bot.render.paletted import ink_of as paint
from bot.render.paletted import paste_colour
from bot.render.view import Area

# each template colour's ink (/template add colour:), Okabe-Ito's, told apart under
# simulated colour blindness (tests/render/test_area_colours.py); yellow deepened to
# read on the floor
TEMPLATE_INKS: Mapping[str, s.RGB] = {
    "purple": s.TEMPLATE_OUTLINE,
    "red": s.VERMILLION,
    "yellow": (214, 196, 20),
    "blue": s.SKY_BLUE,
}


def ink_of(template: Template) -> s.RGB:
    return TEMPLATE_INKS.get(template.colour, s.TEMPLATE_OUTLINE)


def _text_ink(ink: s.RGB) -> s.RGB:
    """A label's letters: in the template's ink when it reads on the white label (3:1),
    else the dark label text (yellow, sky blue)."""
    lin = [(v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in ink]
    luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return ink if 1.05 / (luminance + 0.05) >= 3 else s.LABEL_TEXT


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


def fill_areas(image: Image.Image, layout: Layout, areas: Sequence[Area]) -> None:
    """Each template's squares tinted and dotted, then outlined, and its point of
    origin marked: under the tokens."""
    c = layout.cell
    for area in areas:
        ink = ink_of(area.template)
        for cell in visible(layout, area.squares):
            x, y = layout.corner(cell)
            paste_colour(image, ink, (x, y, x + c, y + c), _dotted(c))
    for area in areas:
        outline(image, layout, set(area.squares), ink_of(area.template), max(2, c // 16))
    for area in areas:
        origin_dot(image, layout, area.origin, ink_of(area.template))


def _label_spot(shown: list[Cell], taken: frozenset[Cell], origin_row: float) -> Cell:
    """Where a template's name goes: the square nearest the middle of ``shown``, no
    token on it and its row clear of the origin's dot (``origin_row``: a centre's row,
    or the line between two rows), the first of these that leaves a square."""
    mid_col = sum(cell.col for cell in shown) / len(shown)
    mid_row = sum(cell.row for cell in shown) / len(shown)
    clear = [cell for cell in shown if cell not in taken]
    off_dot = [cell for cell in clear if not cell.row <= origin_row <= cell.row + 1]
    return min(
        off_dot or clear or shown,
        key=lambda cell: abs(cell.col - mid_col) + abs(cell.row - mid_row),
    )


def origin_dot(image: Image.Image, layout: Layout, at: tuple[float, float], ink: s.RGB) -> None:
    """A template's point of origin (a grid intersection, or a square's centre): a dot in
    its ink, cased in white so it reads over the tint and the grid lines; nothing when
    the point is outside the window."""
    col, row = at
    if not (
        layout.x0 <= col <= layout.x0 + layout.cols and layout.y0 <= row <= layout.y0 + layout.rows
    ):
        return
    x, y = layout.point(col, row)
    r = max(3, layout.cell // 9)
    draw = ImageDraw.Draw(image)  # a palette image takes indices: no look-up per shape
    draw.ellipse((x - r - 1, y - r - 1, x + r + 1, y + r + 1), fill=paint(image, s.WHITE))
    draw.ellipse((x - r, y - r, x + r, y + r), fill=paint(image, ink))


def label_areas(
    image: Image.Image,
    layout: Layout,
    encounter: Encounter,
    footprints: Mapping[Size, int],
    areas: Sequence[Area],
) -> None:
    """Over the tokens: the creatures inside a template outlined in its colour, and each
    template's name on a label at the middle of its squares in the window (on a square
    no token stands on, and off the rows its point of origin is on, where there is one,
    so the name never hides that dot)."""
    c = layout.cell
    spaces = {
        token.key: frozenset(footprint(token.cell, footprints.get(token.size, 1)))
        for token in encounter.tokens.values()
    }
    taken = frozenset().union(*spaces.values()) if spaces else frozenset()
    for area in areas:
        for space in spaces.values():
            if space & area.squares:
                outline(image, layout, set(space), ink_of(area.template), max(2, c // 10))
    size = max(9, layout.label_size)
    for area in areas:
        shown = visible(layout, area.squares)
        if not shown:
            continue
        x, y = layout.corner(_label_spot(shown, taken, area.origin[1]))
        ink = ink_of(area.template)
        pill(
            image,
            area.template.name,
            size,
            (x + c / 2, y + c / 2),
            fill=s.TEMPLATE_LABEL_FILL,
            edge=ink,
            ink=_text_ink(ink),
        )
